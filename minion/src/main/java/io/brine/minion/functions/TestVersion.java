package io.brine.minion.functions;

import io.brine.minion.function.Arguments;
import io.brine.minion.function.Function;
import io.brine.minion.function.FunctionContext;
import io.brine.minion.function.Param;
import io.brine.protocol.BrineVersion;
import java.util.List;

final class TestVersion implements Function {
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
