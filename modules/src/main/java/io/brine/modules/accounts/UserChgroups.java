package io.brine.modules.accounts;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.List;
import java.util.TreeSet;

/** Salt's {@code user.chgroups}: sets (or, with append, adds to) a user's supplementary groups; returns true. */
final class UserChgroups implements ExecutionFunction {
    @Override
    public String name() {
        return "user.chgroups";
    }

    @Override
    public String doc() {
        return "Makes groups a user's supplementary groups, or with append=True adds them to those it has; returns "
                + "True, also when nothing needed changing.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("name", Type.STRING, "the user name"),
                Param.required("groups", Type.STRING_LIST, "supplementary groups, a list or comma-separated"),
                Param.optional("append", Type.BOOLEAN, false, "add to the user's groups rather than replace them"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        AccountDatabase db = new AccountDatabase(context.commands());
        String name = args.string("name");
        if (db.user(name).isEmpty()) {
            throw new FunctionException("user.chgroups: user " + name + " does not exist");
        }
        List<String> groups = AccountDatabase.names(args.strings("groups"));
        TreeSet<String> have = new TreeSet<>(db.supplementaryGroups(name));
        boolean unchanged = args.bool("append") ? have.containsAll(groups) : have.equals(new TreeSet<>(groups));
        if (!unchanged) {
            new ShadowUtils(context.commands()).setGroups(name, groups, args.bool("append"));
        }
        return true;
    }
}
