package io.brine.states.internal.jinja.filters;

import io.brine.states.internal.jinja.PyNone;
import io.brine.states.internal.jinja.python.PythonText;
import java.util.Map;

/** A filter's arguments as Python passes them: by position or by keyword, with defaults. */
final class Args {
    private final String filter;
    private final Object[] positional;
    private final Map<String, Object> named;

    Args(String filter, Object[] positional, Map<String, Object> named) {
        this.filter = filter;
        this.positional = positional == null ? new Object[0] : positional;
        this.named = named == null ? Map.of() : named;
    }

    /** The argument at {@code index} or called {@code name}, or the fallback when neither was given. */
    Object get(int index, String name, Object fallback) {
        if (named.containsKey(name)) {
            return named.get(name);
        }
        return index >= 0 && index < positional.length ? positional[index] : fallback;
    }

    /** The positional arguments, for filters that take any number of them. */
    java.util.List<Object> positional() {
        return java.util.Arrays.asList(positional);
    }

    Object required(int index, String name) {
        Object value = get(index, name, null);
        if (value == null) {
            throw new IllegalArgumentException(filter + " needs its argument '" + name + "'");
        }
        return value;
    }

    String text(int index, String name, String fallback) {
        Object value = get(index, name, null);
        return value == null || value == PyNone.NONE ? fallback : PythonText.str(value);
    }

    boolean flag(int index, String name, boolean fallback) {
        Object value = get(index, name, fallback);
        return value instanceof Boolean b ? b : Boolean.parseBoolean(String.valueOf(value));
    }
}
