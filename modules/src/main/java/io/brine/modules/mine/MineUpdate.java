package io.brine.modules.mine;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionResult;
import io.brine.functions.Param;
import java.lang.System.Logger.Level;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code mine.update}: runs every mine function (minion config's {@code mine_functions}, pillar's merged over it,
 * or those given) under this minion's function policy, and sends the values to the master, each replacing the one
 * it held. A function that fails is left out and named; the rest are still sent.
 */
final class MineUpdate implements ExecutionFunction {
    private static final System.Logger LOG = System.getLogger(MineUpdate.class.getName());

    @Override
    public String name() {
        return "mine.update";
    }

    @Override
    public String doc() {
        return "Runs the mine functions (mine_functions in the minion config and pillar) and sends their values to "
                + "the master's mine; clear=True drops what the master held for this minion first. Returns True, or "
                + "the functions that failed with retcode 1.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.optional("clear", Param.Type.BOOLEAN, false, "drop this minion's whole mine first"),
                Param.optional("mine_functions", Param.Type.MAP, null,
                        "these functions instead of the configured ones (Salt's shape)"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        Map<String, Object> functions = args.get("mine_functions") != null ? args.map("mine_functions")
                : configured(context);
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, Object> failed = new LinkedHashMap<>();
        for (MineCall call : MineCall.all(functions)) {
            try {
                values.put(call.name(), context.call(call.function(), call.args(), call.kwargs()).ret());
            } catch (FunctionException e) {
                LOG.log(Level.WARNING, "mine function " + call.name() + " failed: " + e.getMessage());
                failed.put(call.name(), e.getMessage());
            }
        }
        context.master().mineUpdate(values, List.of(), args.bool("clear"));
        return failed.isEmpty() ? true : new FunctionResult(Map.of("sent", List.copyOf(values.keySet()),
                "failed", failed), 1);
    }

    /** The minion config's {@code mine_functions} with pillar's merged over it, as Salt's {@code config.merge}. */
    static Map<String, Object> configured(FunctionContext context) throws java.io.IOException {
        Map<String, Object> merged = new LinkedHashMap<>(context.minion().mineFunctions());
        Object fromPillar = context.master().pillar().get("mine_functions");
        if (fromPillar instanceof Map<?, ?> m) {
            m.forEach((k, v) -> merged.put(String.valueOf(k), v));
        } else if (fromPillar != null) {
            throw new java.io.IOException("pillar's mine_functions is " + fromPillar + ", not a mapping");
        }
        return merged;
    }
}
