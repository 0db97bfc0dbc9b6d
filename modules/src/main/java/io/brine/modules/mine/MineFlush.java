package io.brine.modules.mine;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.util.List;
import java.util.Map;

/** {@code mine.flush}: drops everything the master's mine holds for this minion. */
final class MineFlush implements ExecutionFunction {
    @Override
    public String name() {
        return "mine.flush";
    }

    @Override
    public String doc() {
        return "Removes all of this minion's entries from the master's mine. Returns True.";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        context.master().mineUpdate(Map.of(), List.of(), true);
        return true;
    }
}
