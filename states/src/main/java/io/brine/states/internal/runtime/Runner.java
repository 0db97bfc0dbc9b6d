package io.brine.states.internal.runtime;

import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import io.brine.states.internal.compiler.Chunk;
import io.brine.states.internal.compiler.Plan;
import io.brine.states.internal.compiler.RequisiteKind;
import java.time.LocalTime;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Runs a plan the way Salt does: walk the states in order, and before each one run whatever it
 * depends on (its requisites, and the states that {@code prereq} it). What a state's requisites
 * mean for it is decided by {@link RequisiteGate}; a {@code failhard} failure stops the walk.
 */
public final class Runner {
  private final Plan plan;
  private final StateContext ctx;
  private final Map<Chunk, StateResult> done = new IdentityHashMap<>();
  private final Set<Chunk> inProgress = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
  private final LinkedHashMap<String, Map<String, Object>> returns = new LinkedHashMap<>();
  /** In test mode, the states that would change something, as "module.function|name". */
  private final Set<String> pending = new java.util.HashSet<>();
  /** What the states of this run share (file.accumulated's accumulators), gone with the run. */
  private final Map<Class<?>, Object> shared = new java.util.HashMap<>();
  private boolean halted;

  public Runner(Plan plan, StateContext ctx) {
    this.plan = plan;
    this.ctx = ctx.withPending((function, name) -> pending.contains(function + "|" + name));
  }

  public LinkedHashMap<String, Map<String, Object>> run() {
    for (Chunk chunk : plan.ordered()) {
      if (halted) {
        break;
      }
      ensure(chunk);
    }
    return returns;
  }

  private void ensure(Chunk chunk) {
    if (done.containsKey(chunk) || !inProgress.add(chunk)) {
      return;
    }
    for (Plan.Edge edge : plan.edgesOf(chunk)) {
      if (edge.kind() == RequisiteKind.PREREQ) {
        // deciding a prereq means asking its target what it would do, so the target's own
        // requisites must have run first
        plan.edgesOf(edge.target()).stream().filter(e -> e.kind() != RequisiteKind.PREREQ)
            .forEach(e -> ensure(e.target()));
      } else {
        ensure(edge.target());
      }
    }
    plan.prereqsOn(chunk).forEach(this::ensure);
    if (!halted) {
      execute(chunk);
    }
    inProgress.remove(chunk);
  }

  private void execute(Chunk chunk) {
    LocalTime start = LocalTime.now();
    long began = System.nanoTime();
    StateResult result = new RequisiteGate(plan, done, ctx, c -> new ChunkRun(c, plan, shared)).decide(chunk);
    long nanos = System.nanoTime() - began;
    done.put(chunk, result);
    if (ctx.test() && result.result() == null) {
      pending.add(chunk.module() + "." + chunk.function() + "|" + chunk.name());
    }
    returns.put(chunk.key(), StateReturn.of(chunk, result, start, nanos, returns.size()));
    ctx.log().log(System.Logger.Level.INFO, "{0}: result={1} changed={2}", chunk.key(), result.result(),
        result.hasChanges());
    if (result.failed() && chunk.failhard()) {
      halted = true;
    }
  }
}
