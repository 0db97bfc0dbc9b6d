package io.brine.modules.accounts;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.List;

/** Salt's {@code user.delete}: removes a local user through userdel; returns true. */
final class UserDelete implements ExecutionFunction {
    @Override
    public String name() {
        return "user.delete";
    }

    @Override
    public String doc() {
        return "Removes a local user with userdel and returns True; fails if there is no such user.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("name", Type.STRING, "the user name"),
                Param.optional("remove", Type.BOOLEAN, false, "also remove the home directory and mail spool"),
                Param.optional("force", Type.BOOLEAN, false, "remove even while the user is logged in"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        String name = args.string("name");
        if (new AccountDatabase(context.commands()).user(name).isEmpty()) {
            throw new FunctionException("user.delete: user " + name + " does not exist");
        }
        new ShadowUtils(context.commands()).deleteUser(name, args.bool("remove"), args.bool("force"));
        return true;
    }
}
