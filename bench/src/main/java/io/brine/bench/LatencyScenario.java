package io.brine.bench;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.master.MasterClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One {@code test.ping} to one minion through the Java client, again and again: the round trip of a job. Timed
 * twice: right after start (the JVM still compiling the job path: what the first seconds of a fresh master
 * give) and once the master has answered calls for a few seconds (what a running master gives, the figure the
 * target is about).
 */
final class LatencyScenario implements Scenario {
    private static final int FIRST_CALLS = 300;
    private static final long WARM_UP_NANOS = TimeUnit.SECONDS.toNanos(5);
    private static final List<String> MINION = List.of(MinionDirs.id(1));

    @Override
    public String name() {
        return "latency";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        MasterClient client = run.cluster.client();
        JobSpec ping = JobSpec.of(MinionDirs.id(1), "test.ping");
        MissingReturns missing = new MissingReturns("pings");
        for (int i = 0; i < FIRST_CALLS; i++) {
            missing.arrived(client.call(ping), MINION);
        }
        Samples cold = time(run, client, ping, missing);
        if (missing.any()) {
            return missing.failure(run);
        }
        long warmUntil = System.nanoTime() + WARM_UP_NANOS;
        int warmUp = 0;
        while (System.nanoTime() < warmUntil) {
            missing.arrived(client.call(ping), MINION);
            warmUp++;
        }
        Samples s = time(run, client, ping, missing);
        if (missing.any()) {
            return missing.failure(run);
        }
        return ScenarioResult.measured()
                .figure("p50_ms", s.medianMs())
                .figure("p99_ms", s.ms(99))
                .figure("cold_p50_ms", cold.medianMs())
                .figure("cold_p99_ms", cold.ms(99))
                .figure("missing_returns", missing.count())
                .row("p50", Report.num(s.medianMs()) + " ms", "<= 1 ms", "170 ms", s.spread())
                .row("p99", Report.num(s.ms(99)) + " ms", "<= 5 ms", "", ratio(170, s.medianMs()) + ", after "
                        + warmUp + " warm-up calls (5 s)")
                .row("p50 / p99 cold", Report.num(cold.medianMs()) + " / "
                        + Report.num(cold.ms(99)) + " ms", "", "", "calls " + (FIRST_CALLS + 1) + " to "
                        + (FIRST_CALLS + cold.count()) + " after start: " + cold.spread());
    }

    /**
     * Times pings; only those whose return arrived are samples (a ping answered by a timeout is no latency), and
     * the others are counted in {@code missing}, which fails the scenario rather than flatter it. Null when no
     * ping returned.
     */
    private static Samples time(BenchRun run, MasterClient client, JobSpec ping, MissingReturns missing)
            throws InterruptedException {
        List<Long> nanos = new ArrayList<>(run.options.latencyCalls());
        for (int i = 0; i < run.options.latencyCalls(); i++) {
            long t0 = System.nanoTime();
            Job r = client.call(ping);
            long took = System.nanoTime() - t0;
            if (missing.arrived(r, MINION)) {
                nanos.add(took);
            }
        }
        return nanos.isEmpty() ? null : Samples.ofNanos(nanos);
    }

    static String ratio(double salt, double brine) {
        return String.format("p50 %.0fx faster than Salt", salt / brine);
    }
}
