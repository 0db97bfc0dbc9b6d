package io.brine.states;

import io.brine.functions.Templates;
import io.brine.functions.StateContext;
import io.brine.functions.Param;
import io.brine.states.internal.compiler.CompileException;
import io.brine.states.internal.compiler.Compiler;
import io.brine.functions.FunctionCatalog;
import io.brine.functions.FunctionRegistry;
import io.brine.states.internal.compiler.Keywords;
import io.brine.states.internal.compiler.Plan;
import io.brine.states.internal.compiler.ShowSls;
import io.brine.states.internal.jinja.JinjaTemplates;
import io.brine.states.internal.runtime.Runner;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Compiles and applies state trees. Bad input never throws: compile errors come back as the
 * outcome's error list, failed states as results.
 *
 * <pre>{@code
 * StateEngine engine = StateEngine.withInstalledFunctions();
 * StateOutcome out = engine.apply(new StateJob(List.of("nginx"), files, "web1", grains, pillar, false, runner));
 * }</pre>
 */
public final class StateEngine {
    private static final System.Logger LOG = System.getLogger("io.brine.states");
    private static final Path DEFAULT_BACKUPS = Path.of("/var/cache/brine/file_backup");

    private final FunctionCatalog registry;
    private final Path backupDir;

    private StateEngine(FunctionCatalog registry, Path backupDir) {
        this.registry = registry;
        this.backupDir = backupDir;
    }

    /** The state functions of every {@link io.brine.functions.FunctionModule} on the class path. */
    public static StateEngine withInstalledFunctions() {
        return of(FunctionRegistry.installed());
    }

    /**
     * The state functions of {@code functions}.
     *
     * @throws IllegalArgumentException if a state function declares a parameter the engine reserves
     *     ({@code require}, {@code onlyif}...) or one parameter twice
     */
    public static StateEngine of(FunctionCatalog functions) {
        for (String name : functions.stateNames()) {
            checkParams(name, functions.state(name).orElseThrow().params());
        }
        return new StateEngine(functions, DEFAULT_BACKUPS);
    }

    /** Exactly these modules' state functions; a duplicate {@code module.function} throws naming both. */
    public static StateEngine of(List<? extends io.brine.functions.FunctionModule> modules) {
        return of(FunctionRegistry.of(modules));
    }

    private static void checkParams(String full, List<Param> params) {
        Set<String> seen = new HashSet<>();
        for (Param p : params) {
            if (Keywords.isReserved(p.name())) {
                throw new IllegalArgumentException(full + " declares parameter '" + p.name()
                        + "', which the engine reserves");
            }
            if (!seen.add(p.name())) {
                throw new IllegalArgumentException(full + " declares parameter '" + p.name() + "' twice");
            }
        }
    }

    /** The same engine keeping {@code file.managed} backups under {@code dir}. */
    public StateEngine withBackupDir(Path dir) {
        return new StateEngine(registry, dir);
    }

    /** Every available state {@code module.function}, sorted. */
    public List<String> functionNames() {
        return List.copyOf(registry.stateNames());
    }

    /** Each state function's declared parameters (besides {@code name}), for {@code sys.doc} and CLI checks. */
    public Map<String, List<Param>> describe() {
        Map<String, List<Param>> out = new TreeMap<>();
        for (String name : registry.stateNames()) {
            out.put(name, List.copyOf(registry.state(name).orElseThrow().params()));
        }
        return out;
    }

    public StateOutcome apply(StateJob job) {
        StateContext ctx = context(job);
        try {
            Plan plan = compiler(job, ctx).compile(job.sls());
            return new StateOutcome(List.of(), new Runner(plan, ctx).run());
        } catch (CompileException e) {
            return StateOutcome.failed(e.errors());
        } catch (RuntimeException e) {
            return StateOutcome.failed(List.of("internal error while applying states: " + e));
        }
    }

    /** {@code state.single}: one function with keyword arguments, e.g. {@code pkg.installed name=curl}. */
    public StateOutcome single(String function, Map<String, Object> kwargs, StateJob context) {
        StateContext ctx = context(context);
        try {
            Plan plan = compiler(context, ctx).single(function, kwargs == null ? Map.of() : kwargs);
            return new StateOutcome(List.of(), new Runner(plan, ctx).run());
        } catch (CompileException e) {
            return StateOutcome.failed(e.errors());
        } catch (RuntimeException e) {
            return StateOutcome.failed(List.of("internal error in state.single: " + e));
        }
    }

    /** {@code state.show_sls}: the compiled, ordered data, or the list of compile errors. */
    public Object showSls(StateJob job) {
        StateContext ctx = context(job);
        try {
            return ShowSls.of(compiler(job, ctx).compile(job.sls()));
        } catch (CompileException e) {
            return e.errors();
        } catch (RuntimeException e) {
            return List.of("internal error in state.show_sls: " + e);
        }
    }

    private Compiler compiler(StateJob job, StateContext ctx) {
        return new Compiler(registry, job.files(), ctx.templates(), job.minionId(), job.grains());
    }

    private StateContext context(StateJob job) {
        Templates templates = new TemplatesOnFirstRender(() -> new JinjaTemplates(job.files(), job.minionId(),
                job.grains(), job.pillar(), job.allowUndefined(), job.templateFunctions()));
        return new StateContext(job.test(), job.minionId(), job.grains(), job.pillar(), job.files(), templates,
                job.commands(), LOG, backupDir, job.policy(), job.functions(), io.brine.functions.PendingStates.NONE,
                io.brine.functions.StateRun.NONE);
    }
}
