package io.brine.modules.test;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.protocol.BrineVersion;
import java.util.List;

final class TestVersion implements ExecutionFunction {
    @Override
    public String name() {
        return "test.version";
    }

    @Override
    public String doc() {
        return "Returns the Brine version this minion runs.";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public Object call(FunctionContext context, Arguments args) {
        return BrineVersion.CURRENT;
    }

    @Override
    public boolean immediate() {
        return true;
    }
}
