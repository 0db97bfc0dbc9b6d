package io.brine.modules.accounts;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.List;
import java.util.Map;

/** Salt's {@code user.info}: a user's passwd entry and groups, or an empty mapping for no such user. */
final class UserInfo implements ExecutionFunction {
    @Override
    public String name() {
        return "user.info";
    }

    @Override
    public String doc() {
        return "Returns name, passwd, uid, gid, home, shell, fullname, roomnumber, workphone, homephone, other and "
                + "groups (every group, the primary one included, sorted) of a user, or {} if there is no such user.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("name", Type.STRING, "the user name"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        return new AccountDatabase(context.commands()).info(args.string("name")).orElse(Map.of());
    }
}
