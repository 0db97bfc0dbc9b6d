package io.brine.modules.accounts;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.util.List;

/** Salt's {@code user.list_users}: every user name, sorted. */
final class UserListUsers implements ExecutionFunction {
    @Override
    public String name() {
        return "user.list_users";
    }

    @Override
    public String doc() {
        return "Returns the names of all users (as getent passwd lists them), sorted.";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        return new AccountDatabase(context.commands()).userNames();
    }
}
