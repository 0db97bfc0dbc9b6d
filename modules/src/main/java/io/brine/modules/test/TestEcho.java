package io.brine.modules.test;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.util.List;

final class TestEcho implements ExecutionFunction {
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
