package io.brine.minion.functions;

import io.brine.minion.function.Arguments;
import io.brine.minion.function.Function;
import io.brine.minion.function.FunctionContext;
import io.brine.minion.function.Param;
import java.util.List;

final class TestEcho implements Function {
    @Override
    public String name() {
        return "test.echo";
    }

    @Override
    public String doc() {
        return "Returns its text argument unchanged.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("text", Param.Type.STRING, "what to return"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) {
        return args.string("text");
    }

    @Override
    public boolean immediate() {
        return true;
    }
}
