package io.brine.modules.mine;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code mine.get TGT FUN [tgt_type]}: the master's mine values of {@code FUN} on the minions {@code TGT} matches,
 * {@code {minion_id: value}}, those the master's {@code mine_acl} lets this minion read. Several functions (a list,
 * or names separated by commas) give {@code {fun: {minion_id: value}}}, as in Salt.
 */
final class MineGet implements ExecutionFunction {
    @Override
    public String name() {
        return "mine.get";
    }

    @Override
    public String doc() {
        return "Returns {minion_id: value} of a mine function on the minions a target matches (tgt_type: glob, "
                + "grain, pillar, compound, list, ...), as far as the master's mine_acl lets this minion read.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("tgt", Param.Type.STRING, "the minions whose values to read"),
                Param.required("fun", Param.Type.ANY, "the mine function (alias), a list of them, or a comma list"),
                Param.optional("tgt_type", Param.Type.STRING, "glob", "how tgt is read, as Salt's tgt_type"),
                Param.optional("exclude_minion", Param.Type.BOOLEAN, false, "leave this minion's own value out"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        Object fun = args.get("fun");
        List<String> funs = fun instanceof List<?> l ? l.stream().map(String::valueOf).toList()
                : Arrays.stream(String.valueOf(fun).split(",")).map(String::strip).filter(f -> !f.isEmpty()).toList();
        boolean several = fun instanceof List<?> || funs.size() != 1;
        Map<String, Object> out = new LinkedHashMap<>();
        for (String f : funs) {
            Map<String, Object> values = new LinkedHashMap<>(context.master().mineGet(args.string("tgt"),
                    args.string("tgt_type"), f));
            if (args.bool("exclude_minion")) {
                values.remove(context.minionId());
            }
            if (!several) {
                return values;
            }
            out.put(f, values);
        }
        return out;
    }
}
