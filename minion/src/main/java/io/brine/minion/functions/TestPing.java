package io.brine.minion.functions;

import io.brine.minion.function.Arguments;
import io.brine.minion.function.Function;
import io.brine.minion.function.FunctionContext;
import io.brine.minion.function.Param;
import java.util.List;

final class TestPing implements Function {
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
