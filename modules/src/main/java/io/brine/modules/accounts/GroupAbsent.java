package io.brine.modules.accounts;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** {@code group.absent}: removes a local group. */
final class GroupAbsent implements StateFunction {
    @Override
    public String name() {
        return "absent";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        AccountDatabase db = new AccountDatabase(ctx.commands());
        String name = args.name();
        if (db.group(name).isEmpty()) {
            return StateResult.ok("Group " + name + " is not present");
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of(name, "removed"), "Group " + name + " set for removal");
        }
        new ShadowUtils(ctx.commands()).deleteGroup(name);
        return StateResult.changed(Map.of(name, "removed"), "Removed group " + name);
    }
}
