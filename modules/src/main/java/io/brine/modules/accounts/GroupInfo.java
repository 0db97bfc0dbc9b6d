package io.brine.modules.accounts;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Salt's {@code group.info}: a group's entry, or an empty mapping for no such group. */
final class GroupInfo implements ExecutionFunction {
    @Override
    public String name() {
        return "group.info";
    }

    @Override
    public String doc() {
        return "Returns name, passwd ('x'), gid and members (as the group file lists them) of a group, or {} if "
                + "there is no such group.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("name", Type.STRING, "the group name"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        Optional<AccountDatabase.Group> found = new AccountDatabase(context.commands()).group(args.string("name"));
        if (found.isEmpty()) {
            return Map.of();
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", found.get().name());
        out.put("passwd", "x");
        out.put("gid", found.get().gid());
        out.put("members", found.get().members());
        return out;
    }
}
