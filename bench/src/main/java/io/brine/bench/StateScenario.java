package io.brine.bench;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.master.MasterClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A 3-state tree (file.directory, file.managed from the master, cmd.run with {@code creates}) applied to one
 * minion with {@code state.sls} through the Java client: the first run onto fresh paths, then the same tree
 * again, which must change nothing. Each round has a tree of its own (its own sls file and target paths), so
 * every first run really creates and every second run really finds everything in place.
 */
final class StateScenario implements Scenario {
    private static final int WARM_UP = 1;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @Override
    public String name() {
        return "state";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        StateTree tree = StateTree.write(Cluster.states(run.cluster.root), run.cluster.root.resolve("state-out"));
        MasterClient client = run.cluster.client();
        String minion = MinionDirs.id(1);
        List<Long> first = new ArrayList<>();
        List<Long> second = new ArrayList<>();
        MissingReturns missing = new MissingReturns("applies");
        try {
            for (int round = 0; round < WARM_UP + run.options.stateRounds(); round++) {
                String sls = tree.round(round);
                Long firstNanos = apply(client, minion, sls, true, missing);
                // a second apply after a lost first one would find nothing in place: not the run it times
                Long secondNanos = firstNanos == null ? null : apply(client, minion, sls, false, missing);
                if (round >= WARM_UP && firstNanos != null && secondNanos != null) {
                    first.add(firstNanos);
                    second.add(secondNanos);
                }
            }
        } finally {
            tree.delete();
        }
        if (missing.any()) {
            return missing.failure(run);
        }
        Samples f = Samples.ofNanos(first);
        Samples s = Samples.ofNanos(second);
        return ScenarioResult.measured()
                .figure("first_ms", f.medianMs())
                .figure("second_ms", s.medianMs())
                .figure("missing_returns", missing.count())
                .row("first run", Report.num(f.medianMs()) + " ms", "", "1.7 s", f.spread())
                .row("second run", Report.num(s.medianMs()) + " ms", "<= 50 ms", "1.7 s",
                        s.spread() + "; " + LatencyScenario.ratio(1700, s.medianMs()).replace("p50 ", ""));
    }

    /**
     * Applies {@code sls} and checks the outcome; returns the nanoseconds of the call, or null when the return did
     * not arrive (counted in {@code missing}). A return that is wrong fails the scenario at once.
     */
    private static Long apply(MasterClient client, String minion, String sls, boolean expectChanges,
            MissingReturns missing) throws InterruptedException {
        JobSpec spec = JobSpec.of(minion, "state.sls", sls).withTimeout(TIMEOUT);
        long t0 = System.nanoTime();
        Job r = client.call(spec);
        long nanos = System.nanoTime() - t0;
        if (!missing.arrived(r, List.of(minion))) {
            return null;
        }
        String wrong = StateTree.check(r.returns().get(minion), expectChanges);
        if (wrong != null) {
            throw new IllegalStateException((expectChanges ? "first" : "second") + " apply of " + sls + ": " + wrong);
        }
        return nanos;
    }
}
