package io.brine.modules.accounts;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.List;

/** Salt's {@code group.adduser}: adds a user to a group's members through gpasswd; returns true. */
final class GroupAdduser implements ExecutionFunction {
    @Override
    public String name() {
        return "group.adduser";
    }

    @Override
    public String doc() {
        return "Adds a user to a group's members with gpasswd -a and returns True, also when it was a member already.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("name", Type.STRING, "the group"),
                Param.required("username", Type.STRING, "the user to add"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        AccountDatabase db = new AccountDatabase(context.commands());
        String group = args.string("name");
        String user = args.string("username");
        if (db.group(group).isEmpty()) {
            throw new FunctionException("group.adduser: group " + group + " does not exist");
        }
        if (db.user(user).isEmpty()) {
            throw new FunctionException("group.adduser: user " + user + " does not exist");
        }
        new ShadowUtils(context.commands()).addMember(group, user);
        return true;
    }
}
