package io.brine.modules.grains;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.util.List;

final class GrainsRefresh implements ExecutionFunction {
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
    public Object call(FunctionContext context, Arguments args) throws FunctionException {
        try {
            return context.minion().refreshGrains();
        } catch (IllegalStateException e) {
            throw new FunctionException(e.getMessage()); // grains beyond what the master takes: said as the result
        }
    }
}
