package io.brine.modules.grains;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.util.List;
import java.util.Map;
import java.util.Optional;

public final class GrainsGet implements ExecutionFunction {
    @Override
    public String name() {
        return "grains.get";
    }

    @Override
    public String doc() {
        return "Returns one grain. A key with ':' walks into nested maps and lists, as in Salt: 'ipv4:0' is the "
                + "first IPv4 address. Returns default when there is no such grain.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("key", Param.Type.STRING, "grain name, or a ':'-separated path into one"),
                Param.optional("default", Param.Type.ANY, "", "what to return when the grain is absent"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) {
        return lookup(context.grains(), args.string("key")).orElse(args.get("default"));
    }

    public static Optional<Object> lookup(Map<String, Object> grains, String key) {
        Object current = grains;
        for (String part : key.split(":", -1)) {
            current = step(current, part);
            if (current == null) {
                return Optional.empty();
            }
        }
        return Optional.of(current);
    }

    private static Object step(Object current, String part) {
        if (current instanceof Map<?, ?> map) {
            return map.get(part);
        }
        if (current instanceof List<?> list) {
            try {
                int i = Integer.parseInt(part);
                // Negative indexes count from the end, as Salt's Python lookup does.
                int at = i < 0 ? list.size() + i : i;
                return at >= 0 && at < list.size() ? list.get(at) : null;
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }
}
