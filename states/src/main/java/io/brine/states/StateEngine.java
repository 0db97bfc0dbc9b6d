package io.brine.states;

import io.brine.states.internal.compiler.CompileException;
import io.brine.states.internal.compiler.Compiler;
import io.brine.states.internal.compiler.FunctionRegistry;
import io.brine.states.internal.compiler.Plan;
import io.brine.states.internal.compiler.ShowSls;
import io.brine.states.internal.jinja.JinjaTemplates;
import io.brine.states.internal.runtime.ProcessCommands;
import io.brine.states.internal.runtime.Runner;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Compiles and applies state trees. Bad input never throws: compile errors come back as the
 * outcome's error list, failed states as results.
 *
 * <pre>{@code
 * StateEngine engine = StateEngine.withInstalledFunctions();
 * StateOutcome out = engine.apply(new StateJob(List.of("nginx"), files, "web1", grains, pillar, false));
 * }</pre>
 */
public final class StateEngine {
  private static final System.Logger LOG = System.getLogger("io.brine.states");
  private static final Path DEFAULT_BACKUPS = Path.of("/var/cache/brine/file_backup");

  private final FunctionRegistry registry;
  private final Path backupDir;

  private StateEngine(FunctionRegistry registry, Path backupDir) {
    this.registry = registry;
    this.backupDir = backupDir;
  }

  /** The state modules found by {@link ServiceLoader}, sorted by name and logged. */
  public static StateEngine withInstalledFunctions() {
    List<StateModule> modules = ServiceLoader.load(StateModule.class, StateEngine.class.getClassLoader()).stream()
        .map(ServiceLoader.Provider::get)
        .sorted(Comparator.comparing(StateModule::name))
        .toList();
    LOG.log(System.Logger.Level.INFO, "state modules: {0}", modules.stream().map(StateModule::name).toList());
    return of(modules);
  }

  /** Exactly these modules; a duplicate {@code module.function} throws naming both classes. */
  public static StateEngine of(List<StateModule> modules) {
    return new StateEngine(new FunctionRegistry(modules), DEFAULT_BACKUPS);
  }

  /** The same engine keeping {@code file.managed} backups under {@code dir}. */
  public StateEngine withBackupDir(Path dir) {
    return new StateEngine(registry, dir);
  }

  /** Every available {@code module.function}, sorted. */
  public List<String> functionNames() {
    return List.copyOf(registry.names());
  }

  /** Each function's declared parameters (besides {@code name}), for {@code sys.doc} and CLI checks. */
  public Map<String, List<Param>> describe() {
    return registry.describe();
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
    Templates templates = new JinjaTemplates(job.files(), job.minionId(), job.grains(), job.pillar(),
        job.allowUndefined());
    return new StateContext(job.test(), job.minionId(), job.grains(), job.pillar(), job.files(), templates,
        new ProcessCommands(LOG), LOG, backupDir, job.commandPolicy());
  }
}
