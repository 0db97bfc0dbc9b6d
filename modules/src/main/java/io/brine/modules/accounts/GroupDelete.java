package io.brine.modules.accounts;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.List;

/** Salt's {@code group.delete}: removes a local group through groupdel; returns true. */
final class GroupDelete implements ExecutionFunction {
    @Override
    public String name() {
        return "group.delete";
    }

    @Override
    public String doc() {
        return "Removes a local group with groupdel and returns True; fails if there is no such group or it is a "
                + "user's primary group.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("name", Type.STRING, "the group name"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        String name = args.string("name");
        if (new AccountDatabase(context.commands()).group(name).isEmpty()) {
            throw new FunctionException("group.delete: group " + name + " does not exist");
        }
        new ShadowUtils(context.commands()).deleteGroup(name);
        return true;
    }
}
