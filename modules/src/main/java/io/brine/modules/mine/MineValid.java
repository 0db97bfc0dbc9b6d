package io.brine.modules.mine;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code mine.valid}: the mine functions {@code mine.update} would run, each read as it would be: its name, and the
 * function with its arguments (Salt's shape: {@code {name: {function: [args...]}}}).
 */
final class MineValid implements ExecutionFunction {
    @Override
    public String name() {
        return "mine.valid";
    }

    @Override
    public String doc() {
        return "Lists the mine functions mine.update would run (minion config and pillar merged), with the function "
                + "each calls and its arguments.";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        Map<String, Object> out = new LinkedHashMap<>();
        for (MineCall call : MineCall.all(MineUpdate.configured(context))) {
            List<Object> shown = new java.util.ArrayList<>(call.args());
            call.kwargs().forEach((k, v) -> shown.add(Map.of(k, v)));
            out.put(call.name(), Map.of(call.function(), shown));
        }
        return out;
    }
}
