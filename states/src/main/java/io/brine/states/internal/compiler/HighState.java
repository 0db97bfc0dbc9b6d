package io.brine.states.internal.compiler;

import io.brine.states.internal.compiler.Declaration.ArgEntry;
import io.brine.states.internal.compiler.Declaration.FunctionDecl;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Gathers the declarations of the requested sls files and everything they include, in run order
 * (an included file's states come before the includer's), then applies {@code extend} and {@code exclude}.
 */
final class HighState {
    private final SlsLoader loader;
    private final Map<String, Declaration> byId = new LinkedHashMap<>();
    private final List<Declaration> extensions = new ArrayList<>();
    private final List<SlsParser.Exclude> excludes = new ArrayList<>();
    private final Set<String> visited = new HashSet<>();
    private final List<String> errors = new ArrayList<>();

    HighState(SlsLoader loader) {
        this.loader = loader;
    }

    /** The declarations, extended, in declaration order; or every problem found. */
    List<Declaration> gather(List<String> slsNames) throws CompileException {
        for (String sls : slsNames) {
            visit(sls, null, 0);
        }
        extensions.forEach(this::extend);
        if (!errors.isEmpty()) {
            throw new CompileException(errors);
        }
        // Salt applies exclude last, to everything gathered, whichever file asked for it
        return byId.values().stream().filter(d -> excludes.stream().noneMatch(x -> x.sls() ? x.name().equals(d.sls())
                : x.name().equals(d.id()))).toList();
    }

    private void visit(String sls, String fromFile, int fromLine) {
        if (!visited.add(sls)) {
            return;
        }
        try {
            Optional<SlsLoader.SlsFile> file = loader.load(sls);
            if (file.isEmpty()) {
                String where = fromFile == null ? "" : CompileException.where(fromFile, fromLine);
                errors.add(where + "No matching sls found for '" + sls + "' in env 'base'");
                return;
            }
            SlsParser.Parsed parsed = SlsParser.parse(file.get());
            parsed.includes().forEach(inc -> visit(inc.sls(), file.get().path(), inc.line()));
            extensions.addAll(parsed.extend());
            excludes.addAll(parsed.excludes());
            parsed.declarations().forEach(this::add);
        } catch (CompileException e) {
            errors.addAll(e.errors());
        }
    }

    private void add(Declaration decl) {
        Declaration existing = byId.putIfAbsent(decl.id(), decl);
        if (existing != null) {
            errors.add(CompileException.where(decl.file(), decl.line()) + "ID '" + decl.id() + "' is already declared in "
                    + existing.file() + ":" + existing.line() + "; IDs must be unique across the state tree");
        }
    }

    /** Salt's extend: requisites are appended, other arguments replace the original values. */
    private void extend(Declaration ext) {
        Declaration target = byId.get(ext.id());
        if (target == null) {
            errors.add(CompileException.where(ext.file(), ext.line()) + "cannot extend ID '" + ext.id() + "': it is not declared");
            return;
        }
        List<FunctionDecl> functions = new ArrayList<>(target.functions());
        for (FunctionDecl add : ext.functions()) {
            int at = indexOfModule(functions, add.module());
            if (at < 0) {
                if (add.function() == null) {
                    errors.add(CompileException.where(ext.file(), add.line()) + "cannot extend " + add.module() + " of '"
                            + ext.id() + "': it has no such state and no function was given");
                } else {
                    functions.add(add);
                }
                continue;
            }
            FunctionDecl base = functions.get(at);
            String function = add.function() == null ? base.function() : add.function();
            functions.set(at, new FunctionDecl(base.module(), function, base.line(), merge(base.args(), add.args())));
        }
        byId.put(ext.id(), new Declaration(target.id(), target.sls(), target.file(), target.line(), List.copyOf(functions)));
    }

    private static int indexOfModule(List<FunctionDecl> functions, String module) {
        for (int i = 0; i < functions.size(); i++) {
            if (functions.get(i).module().equals(module)) {
                return i;
            }
        }
        return -1;
    }

    private static List<ArgEntry> merge(List<ArgEntry> base, List<ArgEntry> added) {
        List<ArgEntry> out = new ArrayList<>(base);
        for (ArgEntry arg : added) {
            boolean requisite = RequisiteKind.parse(arg.key()).isPresent();
            int at = -1;
            for (int i = 0; i < out.size(); i++) {
                if (out.get(i).key().equals(arg.key())) {
                    at = i;
                }
            }
            if (at >= 0 && requisite) {
                List<Object> joined = new ArrayList<>(asList(out.get(at).value()));
                joined.addAll(asList(arg.value()));
                out.set(at, new ArgEntry(arg.key(), arg.line(), joined));
            } else if (at >= 0) {
                out.set(at, arg);
            } else {
                out.add(arg);
            }
        }
        return List.copyOf(out);
    }

    private static List<?> asList(Object value) {
        return value instanceof List<?> list ? list : value == null ? List.of() : List.of(value);
    }
}
