package io.brine.minion.functions;

import io.brine.minion.function.Arguments;
import io.brine.minion.function.Function;
import io.brine.minion.function.FunctionContext;
import io.brine.minion.function.Param;
import java.util.List;

final class GrainsRefresh implements Function {
    @Override
    public String name() {
        return "grains.refresh";
    }

    @Override
    public String doc() {
        return "Collects the grains again and reports them to the master, which targets by them. Returns them.";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public Object call(FunctionContext context, Arguments args) {
        return context.minion().refreshGrains();
    }
}
