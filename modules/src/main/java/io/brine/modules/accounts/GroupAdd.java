package io.brine.modules.accounts;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.List;

/** Salt's {@code group.add}: creates a local group through groupadd; returns true. */
final class GroupAdd implements ExecutionFunction {
    @Override
    public String name() {
        return "group.add";
    }

    @Override
    public String doc() {
        return "Adds a local group with groupadd and returns True; fails if the group or the gid exists.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("name", Type.STRING, "the group name"),
                Param.optional("gid", Type.INTEGER, null, "group id; groupadd picks one when not given"),
                Param.optional("system", Type.BOOLEAN, false, "create a system group (gid from the system range)"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        new ShadowUtils(context.commands()).addGroup(args.string("name"), args.optInteger("gid"), args.bool("system"));
        return true;
    }
}
