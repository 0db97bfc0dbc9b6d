package io.brine.minion.function;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A call's arguments bound to a function's declared parameters: positional arguments fill parameters in
 * order, keyword arguments by name. Strings from the command line are converted to the declared type
 * ("5" to 5, "true" to true). A missing, unknown, duplicated or ill-typed argument is a
 * {@link FunctionException} naming it, raised before the function runs.
 */
public final class Arguments {
    private final Map<String, Object> values;
    private final Map<String, Object> extras;

    private Arguments(Map<String, Object> values, Map<String, Object> extras) {
        this.values = Collections.unmodifiableMap(values);
        this.extras = Collections.unmodifiableMap(extras);
    }

    public static Arguments bind(String function, List<Param> params, List<Object> args, Map<String, Object> kwargs)
            throws FunctionException {
        return bind(function, params, args, kwargs, false);
    }

    /**
     * Binds as above; with {@code extrasAllowed}, keyword arguments that match no parameter are kept aside in
     * {@link #extras()} for functions that pass them on (such as {@code state.single}).
     */
    public static Arguments bind(String function, List<Param> params, List<Object> args, Map<String, Object> kwargs,
            boolean extrasAllowed) throws FunctionException {
        if (args.size() > params.size()) {
            throw new FunctionException(function + " takes at most " + params.size() + " positional arguments, got "
                    + args.size());
        }
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, Object> extras = new LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++) {
            Param p = params.get(i);
            values.put(p.name(), Conversions.convert(function, p, args.get(i)));
        }
        for (Map.Entry<String, Object> e : kwargs.entrySet()) {
            if (extrasAllowed && params.stream().noneMatch(x -> x.name().equals(e.getKey()))) {
                extras.put(e.getKey(), e.getValue());
                continue;
            }
            Param p = params.stream().filter(x -> x.name().equals(e.getKey())).findFirst().orElseThrow(
                    () -> new FunctionException(function + " has no parameter '" + e.getKey() + "'; it takes "
                            + names(params)));
            if (values.containsKey(p.name())) {
                throw new FunctionException(function + ": '" + p.name() + "' given both by position and by name");
            }
            values.put(p.name(), Conversions.convert(function, p, e.getValue()));
        }
        for (Param p : params) {
            if (!values.containsKey(p.name())) {
                if (p.required()) {
                    throw new FunctionException(function + " is missing its required argument '" + p.name() + "'");
                }
                values.put(p.name(), p.defaultValue());
            }
        }
        return new Arguments(values, extras);
    }

    /** Keyword arguments that matched no declared parameter (only for functions that accept extras). */
    public Map<String, Object> extras() {
        return extras;
    }

    public Object get(String name) {
        requireDeclared(name);
        return values.get(name);
    }

    public String string(String name) {
        Object v = get(name);
        return v == null ? null : v.toString();
    }

    public Long integer(String name) {
        return (Long) get(name);
    }

    public Double number(String name) {
        return (Double) get(name);
    }

    public Boolean bool(String name) {
        return (Boolean) get(name);
    }

    @SuppressWarnings("unchecked")
    public List<Object> list(String name) {
        return (List<Object>) get(name);
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> map(String name) {
        return (Map<String, Object>) get(name);
    }

    public Map<String, Object> asMap() {
        return values;
    }

    private void requireDeclared(String name) {
        if (!values.containsKey(name)) {
            throw new IllegalArgumentException("parameter '" + name + "' is not declared");
        }
    }

    private static List<String> names(List<Param> params) {
        List<String> out = new ArrayList<>();
        params.forEach(p -> out.add(p.name()));
        return out;
    }
}
