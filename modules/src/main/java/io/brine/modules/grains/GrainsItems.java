package io.brine.modules.grains;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.util.List;
import java.util.TreeMap;

final class GrainsItems implements ExecutionFunction {
    @Override
    public String name() {
        return "grains.items";
    }

    @Override
    public String doc() {
        return "Returns every grain of this minion, sorted by name.";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public Object call(FunctionContext context, Arguments args) {
        // The context's copy has no order; operators read this output, so sort it.
        return new TreeMap<>(context.grains());
    }
}
