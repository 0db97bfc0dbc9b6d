package io.brine.minion.functions;

import io.brine.minion.function.Arguments;
import io.brine.minion.function.Function;
import io.brine.minion.function.FunctionContext;
import io.brine.minion.function.FunctionException;
import io.brine.minion.function.Param;
import java.util.List;

final class SysListFunctions implements Function {
    @Override
    public String name() {
        return "sys.list_functions";
    }

    @Override
    public String doc() {
        return "Lists the names of the functions this minion offers, sorted, optionally only those matching a "
                + "glob such as 'test.*' or a module name such as 'cmd'.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("pattern", Param.Type.STRING, "*", "glob or module name to filter by"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws FunctionException {
        var matches = NamePattern.compile(name(), args.string("pattern"));
        return context.catalog().names().stream().filter(matches).toList();
    }
}
