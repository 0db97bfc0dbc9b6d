package io.brine.modules.accounts;

import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** {@code user.absent}: removes a local user, optionally with its home and mail spool. */
final class UserAbsent implements StateFunction {
    @Override
    public String name() {
        return "absent";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional("purge", Type.BOOLEAN, false, "also remove the home directory and mail spool"),
                Param.optional("force", Type.BOOLEAN, false, "remove even while the user is logged in"));
    }

    @Override
    public StateResult apply(Arguments args, StateContext ctx) throws IOException, InterruptedException {
        AccountDatabase db = new AccountDatabase(ctx.commands());
        String name = args.name();
        if (db.user(name).isEmpty()) {
            return StateResult.ok("User " + name + " is not present");
        }
        if (ctx.test()) {
            return StateResult.pending(Map.of(name, "removed"), "User " + name + " set for removal");
        }
        new ShadowUtils(ctx.commands()).deleteUser(name, args.bool("purge"), args.bool("force"));
        return StateResult.changed(Map.of(name, "removed"), "Removed user " + name);
    }
}
