package io.brine.modules.mine;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.util.List;
import java.util.Map;

/** {@code mine.delete FUN}: drops this minion's value of one mine function from the master's mine. */
final class MineDelete implements ExecutionFunction {
    @Override
    public String name() {
        return "mine.delete";
    }

    @Override
    public String doc() {
        return "Removes this minion's value of one mine function (or alias) from the master's mine. Returns True.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("fun", Param.Type.STRING, "the mine function (alias) to drop"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        context.master().mineUpdate(Map.of(), List.of(args.string("fun")), false);
        return true;
    }
}
