package io.brine.modules.accounts;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Salt's {@code user.add}: creates a local user through useradd; returns true. */
final class UserAdd implements ExecutionFunction {
    @Override
    public String name() {
        return "user.add";
    }

    @Override
    public String doc() {
        return "Adds a local user with useradd and returns True; fails if the user exists or a group is missing.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("name", Type.STRING, "the user name"),
                Param.optional("uid", Type.INTEGER, null, "user id; useradd picks one when not given"),
                Param.optional("gid", Type.STRING, null, "primary group, by name or number"),
                Param.optional("groups", Type.STRING_LIST, null, "supplementary groups, a list or comma-separated"),
                Param.optional("home", Type.STRING, null, "home directory; /home/NAME when not given"),
                Param.optional("shell", Type.STRING, null, "login shell"),
                Param.optional("fullname", Type.STRING, null, "the GECOS full name"),
                Param.optional("createhome", Type.BOOLEAN, true, "create the home directory"),
                Param.optional("system", Type.BOOLEAN, false, "create a system account (uid from the system range)"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        AccountDatabase db = new AccountDatabase(context.commands());
        List<String> groups = AccountDatabase.names(args.strings("groups"));
        List<String> missing = new ArrayList<>();
        for (String g : groups) {
            if (db.group(g).isEmpty()) {
                missing.add(g);
            }
        }
        Optional<Long> gid = Optional.empty();
        if (args.has("gid")) {
            gid = db.gid(args.string("gid"));
            if (gid.isEmpty()) {
                missing.add(args.string("gid"));
            }
        }
        if (!missing.isEmpty()) {
            throw new FunctionException("user.add: the following group(s) are not present: " + String.join(", ", missing));
        }
        new ShadowUtils(context.commands()).addUser(ShadowUtils.NewUser.basic(args.string("name"),
                args.optInteger("uid"), gid.map(String::valueOf), args.optString("home"), args.bool("createhome"),
                args.optString("shell"), args.optString("fullname"), groups, args.bool("system")));
        return true;
    }
}
