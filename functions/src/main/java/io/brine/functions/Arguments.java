package io.brine.functions;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A call's arguments bound to a function's declared parameters, the same for execution and state functions:
 * positional arguments fill parameters in order, keyword arguments by name, each converted to its declared
 * type ("5" to 5, "true" to true). A missing, unknown, duplicated or ill-typed argument is a
 * {@link FunctionException} naming it, raised before the function runs. Every declared parameter is present,
 * with its default when the call did not give it.
 *
 * <pre>{@code
 * Arguments a = Arguments.bind("pkg.install", params, List.of("curl"), Map.of("refresh", "yes"));
 * a.string("name");   // "curl"
 * a.bool("refresh");  // true
 * }</pre>
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
        boolean rest = hasRest(params);
        if (args.size() > params.size() && !rest) {
            throw new FunctionException(function + " takes at most " + params.size() + " positional arguments, got "
                    + args.size());
        }
        if (rest) {
            args = io.brine.protocol.FunctionSignature.foldRest(args, params.size()); // as the master's check folds
        }
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, Object> extras = new LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++) {
            Param p = params.get(i);
            if (args.get(i) != null) { // an explicit null is no value: the default, or missing if required
                values.put(p.name(), convert(function, p, args.get(i)));
            }
        }
        for (Map.Entry<String, Object> e : kwargs.entrySet()) {
            Optional<Param> declared = params.stream().filter(x -> x.name().equals(e.getKey())).findFirst();
            if (declared.isEmpty()) {
                if (!extrasAllowed) {
                    throw new FunctionException(function + " has no parameter '" + e.getKey() + "'; it takes "
                            + names(params));
                }
                extras.put(e.getKey(), e.getValue());
                continue;
            }
            Param p = declared.get();
            if (e.getValue() == null) {
                continue;
            }
            if (values.containsKey(p.name())) {
                throw new FunctionException(function + ": '" + p.name() + "' given both by position and by name");
            }
            values.put(p.name(), convert(function, p, e.getValue()));
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

    private static boolean hasRest(List<Param> params) {
        for (int i = 0; i < params.size() - 1; i++) {
            if (params.get(i).rest()) {
                throw new IllegalArgumentException("parameter '" + params.get(i).name()
                        + "' collects the rest but is not the last one declared");
            }
        }
        return !params.isEmpty() && params.get(params.size() - 1).rest();
    }

    /** Values already checked against their declarations (the state compiler's output), taken as they are. */
    public static Arguments of(Map<String, Object> values) {
        return new Arguments(new LinkedHashMap<>(values), Map.of());
    }

    private static Object convert(String function, Param p, Object v) throws FunctionException {
        try {
            return p.coerce(v);
        } catch (IllegalArgumentException e) {
            throw new FunctionException(function + ": " + e.getMessage());
        }
    }

    /** Keyword arguments that matched no declared parameter (only for functions that accept extras). */
    public Map<String, Object> extras() {
        return extras;
    }

    /** A declared argument's value; asking for an undeclared one is a programming error. */
    public Object get(String name) {
        if (!values.containsKey(name)) {
            throw new IllegalArgumentException("parameter '" + name + "' is not declared");
        }
        return values.get(name);
    }

    /** The value, or null: for arguments that may or may not be there (a state's {@code name}). */
    public Object raw(String name) {
        return values.get(name);
    }

    public boolean has(String name) {
        return values.get(name) != null;
    }

    /** A state's name: the {@code name} argument, which defaults to its ID. */
    public String name() {
        return string("name");
    }

    public String string(String name) {
        Object v = values.get(name);
        return v == null ? null : v.toString();
    }

    /** The text, if given and not empty. */
    public Optional<String> optString(String name) {
        return Optional.ofNullable(string(name)).filter(s -> !s.isEmpty());
    }

    public Long integer(String name) {
        return (Long) values.get(name);
    }

    public Optional<Long> optInteger(String name) {
        return Optional.ofNullable(integer(name));
    }

    public Double number(String name) {
        return (Double) values.get(name);
    }

    /** True only if given as true. */
    public boolean bool(String name) {
        return Boolean.TRUE.equals(values.get(name));
    }

    /** The list of texts, empty if not given. */
    @SuppressWarnings("unchecked")
    public List<String> strings(String name) {
        Object v = values.get(name);
        return v == null ? List.of() : (List<String>) v;
    }

    /** The list, empty if not given. */
    @SuppressWarnings("unchecked")
    public List<Object> list(String name) {
        Object v = values.get(name);
        return v == null ? List.of() : (List<Object>) v;
    }

    /** The mapping, empty if not given. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> map(String name) {
        Object v = values.get(name);
        return v == null ? Map.of() : (Map<String, Object>) v;
    }

    public Map<String, Object> asMap() {
        return values;
    }

    private static List<String> names(List<Param> params) {
        List<String> out = new ArrayList<>();
        params.forEach(p -> out.add(p.name()));
        return out;
    }
}
