package io.brine.states.internal.runtime;

import io.brine.functions.StateContext;
import io.brine.functions.StateFunction;
import io.brine.functions.StateResult;
import io.brine.functions.StateRun;
import io.brine.states.internal.compiler.Chunk;
import io.brine.states.internal.compiler.Plan;
import io.brine.states.internal.compiler.RequisiteKind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Decides one state from its requisites' results, then runs it (or not), with Salt's meanings:
 * a failed require/watch/onchanges/prereq fails the state without running it; onchanges runs it
 * only if a target changed; onfail only if a target failed; prereq only if its target would change;
 * watch adds the function's watch action when a target changed and the state itself did not.
 */
final class RequisiteGate {
  private final Plan plan;
  private final Map<Chunk, StateResult> done;
  private final StateContext ctx;
  private final Function<Chunk, StateRun> runs;

  /** {@code runs} tells each state it calls which state it is and what its run shares. */
  RequisiteGate(Plan plan, Map<Chunk, StateResult> done, StateContext ctx, Function<Chunk, StateRun> runs) {
    this.plan = plan;
    this.done = done;
    this.ctx = ctx;
    this.runs = runs;
  }

  StateResult decide(Chunk chunk) {
    List<String> failed = new ArrayList<>();
    boolean anyOnchanges = false, onchangesChanged = false, anyOnfail = false, onfailFailed = false;
    boolean watchChanged = false;
    for (Plan.Edge edge : plan.edgesOf(chunk)) {
      if (edge.kind() == RequisiteKind.PREREQ) {
        continue;
      }
      StateResult target = done.get(edge.target());
      boolean targetFailed = target == null || target.failed();
      switch (edge.kind()) {
        case ONFAIL -> {
          anyOnfail = true;
          onfailFailed |= targetFailed;
        }
        case ONCHANGES -> {
          anyOnchanges = true;
          onchangesChanged |= !targetFailed && target.hasChanges();
        }
        case WATCH -> watchChanged |= !targetFailed && target.hasChanges();
        default -> { }
      }
      if (targetFailed && edge.kind() != RequisiteKind.ONFAIL) {
        failed.add(edge.target().label());
      }
    }
    for (Chunk prereqer : plan.prereqsOn(chunk)) {
      StateResult r = done.get(prereqer);
      if (r == null || r.failed()) {
        failed.add(prereqer.label());
      }
    }
    if (!failed.isEmpty()) {
      return StateResult.failed("One or more requisite failed: " + String.join(", ", failed.stream().distinct().toList()));
    }
    if (anyOnchanges && !onchangesChanged) {
      return StateResult.ok("State was not run because none of the onchanges reqs changed");
    }
    if (anyOnfail && !onfailFailed) {
      return StateResult.ok("State was not run because onfail req did not change");
    }
    if (!prereqTargetsWouldChange(chunk)) {
      return StateResult.ok("No changes detected");
    }
    Optional<StateResult> skip = guards(chunk);
    if (skip.isPresent()) {
      return skip.get();
    }
    StateResult result = call(chunk.fn(), chunk, ctx);
    if (watchChanged && !result.failed() && !result.hasChanges()) {
      result = watch(chunk).orElse(result);
    }
    return result;
  }

  /** True when the chunk has no prereq, or when one of its prereq targets would change something. */
  private boolean prereqTargetsWouldChange(Chunk chunk) {
    boolean any = false;
    for (Plan.Edge edge : plan.edgesOf(chunk)) {
      if (edge.kind() == RequisiteKind.PREREQ) {
        any = true;
        StateResult would = call(edge.target().fn(), edge.target(), ctx.asTest());
        if (would.hasChanges() || would.result() == null) {
          return true;
        }
      }
    }
    return !any;
  }

  private Optional<StateResult> guards(Chunk chunk) {
    if (chunk.guards().isEmpty()) {
      return Optional.empty();
    }
    try {
      return Probes.skip(chunk.guards(), io.brine.functions.Command::shell, ctx);
    } catch (IOException e) {
      return Optional.of(StateResult.failed("An onlyif/unless probe could not run: " + e.getMessage()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.of(StateResult.failed("Interrupted while running the onlyif/unless probes"));
    }
  }

  private Optional<StateResult> watch(Chunk chunk) {
    try {
      return chunk.fn().onWatch(chunk.args(), ctx.withRun(runs.apply(chunk)));
    } catch (IOException | RuntimeException e) {
      return Optional.of(StateResult.failed("The watch action failed: " + e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.of(StateResult.failed("Interrupted while running the watch action"));
    }
  }

  private StateResult call(StateFunction fn, Chunk chunk, StateContext ctx) {
    try {
      return fn.apply(chunk.args(), ctx.withRun(runs.apply(chunk)));
    } catch (IOException | RuntimeException e) {
      Map<String, Object> none = new LinkedHashMap<>();
      return new StateResult(false, none, "An exception occurred in this state: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return StateResult.failed("Interrupted while running " + chunk.key());
    }
  }
}
