package io.brine.states.internal.salt;

import java.util.List;
import java.util.Map;

/**
 * One call from a template, Python-style: positional arguments fill the declared names in order, keywords by
 * name. {@code call.arg(1, "default", "")} is the second positional or the keyword {@code default}, else "".
 */
record Call(String function, List<Object> args, Map<String, Object> kwargs) {

    Object arg(int position, String name, Object fallback) {
        if (kwargs.containsKey(name)) {
            return kwargs.get(name);
        }
        return position < args.size() ? args.get(position) : fallback;
    }

    Object required(int position, String name) {
        Object v = arg(position, name, Lookup.MISSING);
        if (v == Lookup.MISSING) {
            throw new IllegalArgumentException("salt['" + function + "'] is missing its argument '" + name + "'");
        }
        return v;
    }

    String string(int position, String name, String fallback) {
        Object v = arg(position, name, fallback);
        return v == null ? null : String.valueOf(v);
    }

    boolean bool(int position, String name, boolean fallback) {
        Object v = arg(position, name, fallback);
        return v instanceof Boolean b ? b : v != null && List.of("true", "yes", "1", "on").contains(
                String.valueOf(v).toLowerCase(java.util.Locale.ROOT));
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> map(int position, String name) {
        Object v = arg(position, name, null);
        if (v == null) {
            return null;
        }
        if (!(v instanceof Map<?, ?>)) {
            throw new IllegalArgumentException("salt['" + function + "']: '" + name + "' must be a mapping, got " + v);
        }
        return (Map<String, Object>) v;
    }
}
