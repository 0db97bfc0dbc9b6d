package io.brine.states.internal.runtime;

import io.brine.functions.StateContext;
import io.brine.functions.StateResult;
import io.brine.functions.StateRun;
import io.brine.states.internal.compiler.Chunk;
import io.brine.states.internal.compiler.Plan;
import io.brine.states.internal.compiler.RequisiteKind;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Decides one state from its requisites' results, then runs it (or not), with Salt's meanings: a failed
 * require/watch/onchanges/prereq fails the state without running it; onchanges runs it only if a target changed;
 * onfail only if a target failed (onfail_all: only if all did); prereq only if its target would change; watch adds
 * the function's watch action when a target changed. The {@code _any} forms are satisfied by one target: one
 * success for require_any and watch_any, one change for onchanges_any, even if others failed.
 */
final class RequisiteGate {
    /** What one requisite target said, as Salt's check_requisite tallies it. */
    private enum Stat { MET, FAIL, CHANGE, ONCHANGES, ONCHANGES_MET, ONFAIL }

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
        Set<Stat> stats = EnumSet.noneOf(Stat.class);
        List<String> failed = new ArrayList<>();
        targetsByKind(chunk).forEach((kind, targets) -> tally(kind, targets, stats, failed));
        for (Chunk prereqer : plan.prereqsOn(chunk)) {
            StateResult r = done.get(prereqer);
            if (r == null || r.failed()) {
                stats.add(Stat.FAIL);
                failed.add(prereqer.label());
            }
        }
        if (stats.contains(Stat.FAIL)) {
            return StateResult.failed("One or more requisite failed: " + String.join(", ", failed.stream().distinct().toList()));
        }
        if (stats.contains(Stat.ONFAIL) && !stats.contains(Stat.ONCHANGES_MET)) {
            return StateResult.ok("State was not run because onfail req did not change");
        }
        if (stats.contains(Stat.ONCHANGES) && !stats.contains(Stat.ONCHANGES_MET)) {
            return StateResult.ok("State was not run because none of the onchanges reqs changed");
        }
        if (!prereqTargetsWouldChange(chunk)) {
            return StateResult.ok("No changes detected");
        }
        return new StateCall(ctx.withRun(runs.apply(chunk))).run(chunk, stats.contains(Stat.CHANGE));
    }

    private Map<RequisiteKind, List<Chunk>> targetsByKind(Chunk chunk) {
        Map<RequisiteKind, List<Chunk>> out = new LinkedHashMap<>();
        for (Plan.Edge edge : plan.edgesOf(chunk)) {
            if (edge.kind().orders()) {
                out.computeIfAbsent(edge.kind(), k -> new ArrayList<>()).add(edge.target());
            }
        }
        return out;
    }

    /** Salt's tally for one requisite kind, with the {@code _any}/{@code _all} rules applied to it alone. */
    private void tally(RequisiteKind kind, List<Chunk> targets, Set<Stat> into, List<String> failedLabels) {
        Set<Stat> stats = EnumSet.noneOf(Stat.class);
        List<String> labels = new ArrayList<>();
        for (Chunk target : targets) {
            StateResult r = done.get(target);
            boolean targetFailed = r == null || r.failed();
            if (kind.base() == RequisiteKind.ONFAIL) {
                // a target that succeeded is what onfail waits in vain for; a failed (or, in test mode, pending) one meets it
                stats.add(r != null && Boolean.TRUE.equals(r.result()) ? Stat.ONFAIL : Stat.MET);
            } else if (targetFailed) {
                stats.add(Stat.FAIL);
                labels.add(target.label());
            } else if (kind.base() == RequisiteKind.ONCHANGES) {
                stats.add(r.hasChanges() ? Stat.ONCHANGES_MET : Stat.ONCHANGES);
            } else if (kind.base() == RequisiteKind.WATCH && r.hasChanges()) {
                stats.add(Stat.CHANGE);
            } else {
                stats.add(Stat.MET);
            }
        }
        boolean any = kind != kind.base() && kind != RequisiteKind.ONFAIL_ALL || kind == RequisiteKind.ONFAIL;
        if (any) {
            if (stats.contains(Stat.MET) || stats.contains(Stat.CHANGE)) {
                stats.remove(Stat.FAIL);
            }
            if (stats.contains(Stat.ONCHANGES_MET)) {
                stats.remove(Stat.ONCHANGES);
                stats.remove(Stat.FAIL);
            }
            if (stats.contains(Stat.ONFAIL) && stats.contains(Stat.MET)) {
                stats.remove(Stat.ONFAIL);
            }
        }
        if (kind == RequisiteKind.ONFAIL_ALL && stats.contains(Stat.ONFAIL)) {
            stats.remove(Stat.MET);
        }
        if (stats.contains(Stat.FAIL)) {
            failedLabels.addAll(labels);
        }
        into.addAll(stats);
    }

    /** True when the chunk has no prereq, or when one of its prereq targets would change something. */
    private boolean prereqTargetsWouldChange(Chunk chunk) {
        boolean any = false;
        for (Plan.Edge edge : plan.edgesOf(chunk)) {
            if (edge.kind() == RequisiteKind.PREREQ) {
                any = true;
                StateResult would = StateCall.invoke(edge.target().fn(), edge.target(),
                        ctx.asTest().withRun(runs.apply(edge.target())));
                if (would.hasChanges() || would.result() == null) {
                    return true;
                }
            }
        }
        return !any;
    }
}
