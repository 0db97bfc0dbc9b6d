package io.brine.states.internal.compiler;

import io.brine.functions.FunctionCatalog;
import io.brine.functions.Arguments;
import io.brine.functions.Param;
import io.brine.functions.StateFunction;
import io.brine.functions.StateGuards;
import io.brine.states.internal.compiler.Chunk.RequisiteRef;
import io.brine.states.internal.compiler.Declaration.ArgEntry;
import io.brine.states.internal.compiler.Declaration.FunctionDecl;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Turns declarations into chunks: one per function and name ({@code names} expands), arguments
 * checked against the function's declared {@link Param}s, engine keywords taken out.
 */
final class Lowering {
    static final long UNORDERED = Long.MAX_VALUE / 2;

    private final FunctionCatalog registry;
    private final List<String> errors = new ArrayList<>();
    private int index;

    Lowering(FunctionCatalog registry) {
        this.registry = registry;
    }

    List<Chunk> lower(List<Declaration> declarations) throws CompileException {
        List<Chunk> chunks = new ArrayList<>();
        for (Declaration decl : Uses.resolve(declarations)) {
            for (FunctionDecl fn : decl.functions()) {
                chunks.addAll(lower(decl, fn));
            }
        }
        if (!errors.isEmpty()) {
            throw new CompileException(errors);
        }
        return chunks;
    }

    private List<Chunk> lower(Declaration decl, FunctionDecl decl0) {
        String full = decl0.module() + "." + decl0.function();
        Optional<StateFunction> fn = registry.state(decl0.module() + "." + decl0.function());
        if (fn.isEmpty()) {
            Object known = functionsOf(decl0.module());
            error(decl.file(), decl0.line(), "unknown state function '" + full + "' in ID '" + decl.id() + "'"
                    + (functionsOf(decl0.module()).isEmpty() ? "" : " (module " + decl0.module() + " has " + known + ")"));
            return List.of();
        }
        Map<String, ArgEntry> args = new LinkedHashMap<>();
        decl0.args().forEach(a -> args.merge(a.key(), a, Lowering::repeated));
        List<Chunk> out = new ArrayList<>();
        for (NameEntry name : names(decl, decl0, args)) {
            Map<String, ArgEntry> merged = new LinkedHashMap<>(args);
            name.overrides().forEach(a -> merged.merge(a.key(), a, Lowering::repeated));
            chunk(decl, decl0, fn.get(), name.name(), merged).ifPresent(out::add);
        }
        return out;
    }

    private record NameEntry(String name, List<ArgEntry> overrides) {}

    /**
     * An argument given twice: a requisite (any kind, {@code _in} forms too) keeps the targets of both, as Salt's
     * {@code - require: [a]} then {@code - require: [b]} requires both; anything else takes the later value.
     */
    private static ArgEntry repeated(ArgEntry earlier, ArgEntry later) {
        if (RequisiteKind.parse(later.key()).isEmpty() || later.value() == null) {
            return later;
        }
        if (earlier.value() == null) {
            return earlier; // '- require:' with nothing under it stays the error it is
        }
        List<Object> targets = new ArrayList<>();
        for (Object v : new Object[] {earlier.value(), later.value()}) {
            if (v instanceof List<?> list) {
                targets.addAll(list);
            } else if (v != null) {
                targets.add(v);
            }
        }
        return new ArgEntry(later.key(), earlier.line(), targets);
    }

    private List<NameEntry> names(Declaration decl, FunctionDecl fn, Map<String, ArgEntry> args) {
        ArgEntry names = args.remove("names");
        ArgEntry name = args.remove("name");
        if (names == null) {
            Object value = name == null ? decl.id() : name.value();
            if (!(value instanceof String || value instanceof Number)) {
                error(decl.file(), name.line(), "'name' of '" + decl.id() + "' must be a string");
                return List.of();
            }
            return List.of(new NameEntry(String.valueOf(value), List.of()));
        }
        if (!(names.value() instanceof List<?> items)) {
            error(decl.file(), names.line(), "'names' of '" + decl.id() + "' must be a list");
            return List.of();
        }
        List<NameEntry> out = new ArrayList<>();
        for (Object item : items) {
            if (item instanceof String || item instanceof Number) {
                out.add(new NameEntry(String.valueOf(item), List.of()));
            } else if (item instanceof Map<?, ?> map && map.size() == 1) {
                Map.Entry<?, ?> e = map.entrySet().iterator().next();
                out.add(new NameEntry(String.valueOf(e.getKey()), overrides(e.getValue(), names.line())));
            } else {
                error(decl.file(), names.line(), "each of 'names' must be a name or 'name: [args]'");
            }
        }
        return out;
    }

    private static List<ArgEntry> overrides(Object value, int line) {
        List<ArgEntry> out = new ArrayList<>();
        if (value instanceof List<?> list) {
            for (Object item : list) {
                if (item instanceof Map<?, ?> m) {
                    m.forEach((k, v) -> out.add(new ArgEntry(String.valueOf(k), line, v)));
                }
            }
        }
        return out;
    }

    private Optional<Chunk> chunk(Declaration decl, FunctionDecl fdecl, StateFunction fn, String name,
                                                                Map<String, ArgEntry> args) {
        String full = fdecl.module() + "." + fdecl.function();
        int before = errors.size();
        long order = UNORDERED;
        boolean failhard = false;
        boolean parallel = false;
        GlobalArgs.Retry retry = null;
        List<RequisiteRef> requisites = new ArrayList<>();
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, List<String>> guards = new LinkedHashMap<>();
        Map<String, Object> ignored = new LinkedHashMap<>();
        values.put("name", name);
        Map<String, Param> params = fn.params().stream()
                .collect(Collectors.toMap(Param::name, p -> p, (a, b) -> a, LinkedHashMap::new));
        for (ArgEntry arg : args.values()) {
            Optional<RequisiteKind> kind = RequisiteKind.parse(arg.key());
            if (kind.isPresent()) {
                requisites.addAll(requisites(decl.file(), arg, kind.get()));
            } else if (arg.key().equals("order")) {
                order = order(decl.file(), arg);
            } else if (arg.key().equals("failhard")) {
                failhard = bool(arg.value());
            } else if (arg.key().equals("parallel")) {
                parallel = bool(arg.value());
            } else if (arg.key().equals("retry")) {
                retry = retry(decl.file(), arg);
            } else if (!params.containsKey(arg.key())
                    && (StateGuards.NAMES.contains(arg.key()) || arg.key().equals("check_cmd"))) {
                // Salt's global onlyif/unless/creates/check_cmd, for a function that does not take them itself
                guards.put(arg.key(), strings(decl.file(), arg));
            } else if (!params.containsKey(arg.key())
                    && (Keywords.RELOADS.contains(arg.key()) || arg.key().equals(Keywords.ENVIRONMENT))) {
                continue; // nothing to reload, one environment: see Keywords
            } else if (!params.containsKey(arg.key()) && fn.acceptsExtraArguments()) {
                values.put(arg.key(), arg.value());
            } else if (!params.containsKey(arg.key())) {
                ignored.put(arg.key(), arg.value()); // Salt's **kwargs: ignored, and warned of (Chunk.warnings)
            } else {
                try {
                    values.put(arg.key(), params.get(arg.key()).coerce(arg.value()));
                } catch (IllegalArgumentException e) {
                    error(decl.file(), arg.line(), full + " in ID '" + decl.id() + "': " + e.getMessage());
                }
            }
        }
        for (Param p : params.values()) {
            if (values.get(p.name()) == null) {
                if (p.required()) {
                    error(decl.file(), fdecl.line(), full + " in ID '" + decl.id() + "' is missing required argument '" + p.name() + "'");
                }
                values.put(p.name(), p.defaultValue());
            }
        }
        if (errors.size() > before) {
            return Optional.empty();
        }
        return Optional.of(new Chunk(decl.id(), name, fdecl.module(), fdecl.function(), decl.sls(), decl.file(),
                fdecl.line(), Arguments.of(values), fn, List.copyOf(requisites), index++,
                new GlobalArgs(order, failhard, new StateGuards(guards.getOrDefault("onlyif", List.of()),
                        guards.getOrDefault("unless", List.of()), guards.getOrDefault("creates", List.of())),
                        guards.getOrDefault("check_cmd", List.of()), retry, parallel), ignored));
    }

    private static boolean bool(Object value) {
        return Boolean.TRUE.equals(value) || "true".equalsIgnoreCase(String.valueOf(value));
    }

    /** {@code retry: True} (Salt's defaults), {@code False}, or a mapping overriding some of the defaults. */
    private GlobalArgs.Retry retry(String file, ArgEntry arg) {
        Object v = arg.value();
        if (v instanceof Boolean b) {
            return b ? GlobalArgs.Retry.DEFAULT : null;
        }
        if (!(v instanceof Map<?, ?> map)) {
            error(file, arg.line(), "retry must be True, False or a mapping of attempts, until, interval and splay");
            return null;
        }
        GlobalArgs.Retry d = GlobalArgs.Retry.DEFAULT;
        try {
            for (Object key : map.keySet()) {
                if (!List.of("attempts", "until", "interval", "splay").contains(String.valueOf(key))) {
                    throw new IllegalArgumentException("unknown key '" + key + "' (accepts attempts, until, interval, splay)");
                }
            }
            int attempts = ((Number) Param.optional("attempts", Param.Type.INTEGER, d.attempts(), "")
                    .coerce(map.containsKey("attempts") ? map.get("attempts") : d.attempts())).intValue();
            Object until = map.containsKey("until") ? map.get("until") : d.until();
            if (until != null && !(until instanceof Boolean)) {
                throw new IllegalArgumentException("until must be True, False or None, got '" + until + "'");
            }
            double interval = number("interval", map.containsKey("interval") ? map.get("interval") : d.interval());
            double splay = number("splay", map.containsKey("splay") ? map.get("splay") : d.splay());
            if (attempts < 1 || interval < 0 || splay < 0) {
                throw new IllegalArgumentException("attempts must be at least 1, interval and splay not negative");
            }
            return new GlobalArgs.Retry(attempts, (Boolean) until, interval, splay);
        } catch (IllegalArgumentException e) {
            error(file, arg.line(), "retry: " + e.getMessage());
            return null;
        }
    }

    private static double number(String key, Object value) {
        return ((Number) Param.optional(key, Param.Type.NUMBER, null, "").coerce(value)).doubleValue();
    }

    @SuppressWarnings("unchecked")
    private List<String> strings(String file, ArgEntry arg) {
        try {
            return (List<String>) Param.optional(arg.key(), Param.Type.STRING_LIST, null, "").coerce(arg.value());
        } catch (IllegalArgumentException e) {
            error(file, arg.line(), e.getMessage());
            return List.of();
        }
    }

    private long order(String file, ArgEntry arg) {
        Object v = arg.value();
        if ("first".equals(v)) {
            return 0;
        }
        if ("last".equals(v)) {
            return Long.MAX_VALUE;
        }
        try {
            return Long.parseLong(String.valueOf(v));
        } catch (NumberFormatException e) {
            error(file, arg.line(), "order must be a number, 'first' or 'last', got '" + v + "'");
            return UNORDERED;
        }
    }

    private List<RequisiteRef> requisites(String file, ArgEntry arg, RequisiteKind kind) {
        boolean inverse = RequisiteKind.isInverse(arg.key());
        List<RequisiteRef> out = new ArrayList<>();
        if (arg.value() == null) { // '- require:' with nothing under it; Salt refuses it too, naming the statement
            error(file, arg.line(), "the " + arg.key() + " statement needs to be formed as a list, got nothing");
            return out;
        }
        List<?> items = arg.value() instanceof List<?> l ? l : List.of(arg.value());
        for (Object item : items) {
            if (item instanceof String s) {
                out.add(new RequisiteRef(kind, inverse, null, s, file, arg.line()));
            } else if (item instanceof Map<?, ?> map && !map.isEmpty()) {
                map.forEach((m, t) -> out.add(new RequisiteRef(kind, inverse, String.valueOf(m), String.valueOf(t), file, arg.line())));
            } else {
                error(file, arg.line(), arg.key() + " entries must be 'module: ID-or-name' or an ID");
            }
        }
        return out;
    }

    private void error(String file, int line, String message) {
        errors.add(CompileException.where(file, line) + message);
    }

    private java.util.Set<String> functionsOf(String module) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        registry.stateNames().stream().filter(n -> n.startsWith(module + ".")).forEach(out::add);
        return out;
    }
}
