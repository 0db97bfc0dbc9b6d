package io.brine.states.internal.compiler;

import io.brine.states.internal.compiler.Declaration.ArgEntry;
import io.brine.states.internal.compiler.Declaration.FunctionDecl;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Salt's {@code use} and {@code use_in}: a state inherits the arguments of another state that it does not set
 * itself, never {@code name}, {@code names} or requisites. {@code - use: [{file: base}]} on a file state copies the
 * arguments of the {@code file} declaration of ID (or name) {@code base}; {@code use_in} copies the declaring
 * state's arguments into the states it names. Resolved on declarations, before arguments are checked, so what
 * is inherited is validated like what is written.
 */
final class Uses {
    private final List<String> errors = new ArrayList<>();
    private final Map<String, Declaration> byId = new LinkedHashMap<>();
    /** Arguments to add, per declaration id and module, in the order found. */
    private final Map<String, Map<String, List<ArgEntry>>> additions = new LinkedHashMap<>();

    private Uses(List<Declaration> declarations) {
        declarations.forEach(d -> byId.put(d.id(), d));
    }

    static List<Declaration> resolve(List<Declaration> declarations) throws CompileException {
        Uses uses = new Uses(declarations);
        for (Declaration decl : declarations) {
            for (FunctionDecl fn : decl.functions()) {
                for (ArgEntry arg : fn.args()) {
                    if (arg.key().equals("use") || arg.key().equals("use_in")) {
                        uses.collect(decl, fn, arg);
                    }
                }
            }
        }
        if (!uses.errors.isEmpty()) {
            throw new CompileException(uses.errors);
        }
        return declarations.stream().map(uses::apply).toList();
    }

    private void collect(Declaration decl, FunctionDecl fn, ArgEntry arg) {
        List<?> items = arg.value() instanceof List<?> l ? l : List.of(arg.value());
        for (Object item : items) {
            if (!(item instanceof Map<?, ?> map) || map.size() != 1) {
                errors.add(CompileException.where(decl.file(), arg.line()) + arg.key() + " entries must be 'module: ID-or-name'");
                continue;
            }
            Map.Entry<?, ?> ref = map.entrySet().iterator().next();
            String module = String.valueOf(ref.getKey());
            List<Map.Entry<Declaration, FunctionDecl>> targets = find(module, String.valueOf(ref.getValue()));
            if (targets.isEmpty()) {
                errors.add(CompileException.where(decl.file(), arg.line()) + arg.key() + " '" + module + ": " + ref.getValue()
                        + "' of ID '" + decl.id() + "' points to no state");
            }
            for (Map.Entry<Declaration, FunctionDecl> target : targets) {
                if (arg.key().equals("use")) {
                    add(decl.id(), fn, target.getValue().args());
                } else {
                    add(target.getKey().id(), target.getValue(), fn.args());
                }
            }
        }
    }

    private List<Map.Entry<Declaration, FunctionDecl>> find(String module, String idOrName) {
        List<Map.Entry<Declaration, FunctionDecl>> out = new ArrayList<>();
        for (Declaration d : byId.values()) {
            for (FunctionDecl f : d.functions()) {
                boolean named = f.args().stream().anyMatch(a -> a.key().equals("name") && idOrName.equals(String.valueOf(a.value())));
                if (f.module().equals(module) && (d.id().equals(idOrName) || named)) {
                    out.add(Map.entry(d, f));
                }
            }
        }
        return out;
    }

    private void add(String id, FunctionDecl into, List<ArgEntry> from) {
        List<ArgEntry> list = additions.computeIfAbsent(id, k -> new LinkedHashMap<>())
                .computeIfAbsent(into.module(), k -> new ArrayList<>());
        for (ArgEntry arg : from) {
            if (!inherited(arg.key()) || into.args().stream().anyMatch(a -> a.key().equals(arg.key()))
                    || list.stream().anyMatch(a -> a.key().equals(arg.key()))) {
                continue;
            }
            list.add(arg);
        }
    }

    private static boolean inherited(String key) {
        return !key.equals("name") && !key.equals("names") && RequisiteKind.parse(key).isEmpty() && !key.equals("use")
                && !key.equals("use_in");
    }

    private Declaration apply(Declaration decl) {
        Map<String, List<ArgEntry>> added = additions.getOrDefault(decl.id(), Map.of());
        List<FunctionDecl> functions = new ArrayList<>();
        for (FunctionDecl fn : decl.functions()) {
            List<ArgEntry> args = new ArrayList<>();
            fn.args().stream().filter(a -> !a.key().equals("use") && !a.key().equals("use_in")).forEach(args::add);
            args.addAll(added.getOrDefault(fn.module(), List.of()));
            functions.add(new FunctionDecl(fn.module(), fn.function(), fn.line(), List.copyOf(args)));
        }
        return new Declaration(decl.id(), decl.sls(), decl.file(), decl.line(), List.copyOf(functions));
    }
}
