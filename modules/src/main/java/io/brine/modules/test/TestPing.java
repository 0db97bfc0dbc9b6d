package io.brine.modules.test;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.util.List;

final class TestPing implements ExecutionFunction {
    @Override
    public String name() {
        return "test.ping";
    }

    @Override
    public String doc() {
        return "Returns true: the minion is up and answering.";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public Object call(FunctionContext context, Arguments args) {
        return true;
    }

    @Override
    public boolean immediate() {
        return true;
    }
}
