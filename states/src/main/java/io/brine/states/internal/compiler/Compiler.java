package io.brine.states.internal.compiler;

import io.brine.functions.FunctionCatalog;
import io.brine.functions.StateFiles;
import io.brine.functions.Templates;
import io.brine.states.internal.compiler.Declaration.ArgEntry;
import io.brine.states.internal.compiler.Declaration.FunctionDecl;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The compile chain: top file (for highstate) → render and parse each sls → gather includes and
 * extends → validate arguments against declared parameters → resolve requisites → reject cycles.
 * Each step stops the chain with every problem it found, each naming file and line.
 */
public final class Compiler {
    private final FunctionCatalog registry;
    private final SlsLoader loader;
    private final TopFile top;

    public Compiler(FunctionCatalog registry, StateFiles files, Templates templates, String minionId,
                                    Map<String, Object> grains) {
        this.registry = registry;
        this.loader = new SlsLoader(files, templates);
        this.top = new TopFile(minionId, grains);
    }

    /** Compiles the named sls files, or what top.sls assigns to this minion when none are named. */
    public Plan compile(List<String> sls) throws CompileException {
        List<String> names = sls.isEmpty() ? top.slsFor(loader) : sls;
        List<Declaration> declarations = new HighState(loader).gather(names);
        return Linker.link(new Lowering(registry).lower(declarations));
    }

    /** One state from {@code state.single}: {@code function} is {@code module.function}. */
    public Plan single(String function, Map<String, Object> kwargs) throws CompileException {
        int dot = function == null ? -1 : function.indexOf('.');
        if (dot <= 0) {
            throw new CompileException("state.single", 0, "function must be module.function, got '" + function + "'");
        }
        Object name = kwargs.get("name");
        if (name == null) {
            throw new CompileException("state.single", 0, function + " needs name=...");
        }
        List<ArgEntry> args = new ArrayList<>();
        kwargs.forEach((k, v) -> args.add(new ArgEntry(k, 0, v)));
        FunctionDecl fn = new FunctionDecl(function.substring(0, dot), function.substring(dot + 1), 0, args);
        Declaration decl = new Declaration(String.valueOf(name), "state.single", "state.single", 0, List.of(fn));
        return Linker.link(new Lowering(registry).lower(List.of(decl)));
    }
}
