package io.brine.modules.sys;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code sys.list_functions} (execution functions by default, as in Salt; {@code kind=state} or {@code kind=all}
 * for the others) and Salt's {@code sys.list_state_functions}.
 */
final class SysListFunctions implements ExecutionFunction {
    private final String name;
    private final FunctionKind byDefault;

    private SysListFunctions(String name, FunctionKind byDefault) {
        this.name = name;
        this.byDefault = byDefault;
    }

    static SysListFunctions execution() {
        return new SysListFunctions("sys.list_functions", FunctionKind.EXECUTION);
    }

    static SysListFunctions states() {
        return new SysListFunctions("sys.list_state_functions", FunctionKind.STATE);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String doc() {
        return "Lists the names of the " + (byDefault == FunctionKind.STATE ? "state" : "execution")
                + " functions this minion offers, sorted, optionally only those matching a glob such as 'test.*' "
                + "or a module name such as 'cmd'. With kind=all, both kinds, each under its kind.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("pattern", Param.Type.STRING, "*", "glob or module name to filter by"),
                FunctionKind.param(byDefault));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws FunctionException {
        var matches = NamePattern.compile(name(), args.string("pattern"));
        FunctionKind kind = FunctionKind.of(args.string(FunctionKind.PARAM));
        if (kind != FunctionKind.ALL) {
            return kind.names(context.catalog()).stream().filter(matches).toList();
        }
        Map<String, Object> both = new LinkedHashMap<>();
        for (FunctionKind k : kind.each()) {
            both.put(k.label(), k.names(context.catalog()).stream().filter(matches).toList());
        }
        return both;
    }
}
