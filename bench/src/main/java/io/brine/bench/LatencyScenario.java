package io.brine.bench;

import io.brine.master.Job;
import io.brine.master.JobSpec;
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

    @Override
    public String name() {
        return "latency";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        MasterClient client = run.cluster.client();
        JobSpec ping = JobSpec.of(MinionDirs.id(1), "test.ping");
        for (int i = 0; i < FIRST_CALLS; i++) {
            client.call(ping);
        }
        Timed cold = time(run, client, ping);
        if (cold.missing() > 0) {
            return missing(cold);
        }
        long warmUntil = System.nanoTime() + WARM_UP_NANOS;
        int warmUp = 0;
        while (System.nanoTime() < warmUntil) {
            client.call(ping);
            warmUp++;
        }
        Timed timed = time(run, client, ping);
        if (timed.missing() > 0) {
            return missing(timed);
        }
        Samples s = timed.samples();
        return ScenarioResult.measured()
                .figure("p50_ms", s.medianMs())
                .figure("p99_ms", s.ms(99))
                .figure("cold_p50_ms", cold.samples().medianMs())
                .figure("cold_p99_ms", cold.samples().ms(99))
                .figure("missing_returns", 0)
                .row("p50", Report.num(s.medianMs()) + " ms", "<= 1 ms", "170 ms", s.spread())
                .row("p99", Report.num(s.ms(99)) + " ms", "<= 5 ms", "", ratio(170, s.medianMs()) + ", after "
                        + warmUp + " warm-up calls (5 s)")
                .row("p50 / p99 cold", Report.num(cold.samples().medianMs()) + " / "
                        + Report.num(cold.samples().ms(99)) + " ms", "", "", "calls " + (FIRST_CALLS + 1) + " to "
                        + (FIRST_CALLS + cold.samples().count()) + " after start: " + cold.samples().spread());
    }

    /** Round trips of the pings that returned, and how many did not. */
    private record Timed(Samples samples, int missing, int calls) {
    }

    /**
     * Times pings; only those whose return arrived are samples (a ping answered by a timeout is no latency), and
     * any that did not return fail the scenario rather than flatter it.
     */
    private static Timed time(BenchRun run, MasterClient client, JobSpec ping) throws InterruptedException {
        List<Long> nanos = new ArrayList<>(run.options.latencyCalls());
        int missing = 0;
        for (int i = 0; i < run.options.latencyCalls(); i++) {
            long t0 = System.nanoTime();
            Job r = client.call(ping);
            long took = System.nanoTime() - t0;
            if (r.returns().isEmpty()) {
                missing++;
            } else {
                nanos.add(took);
            }
        }
        if (missing > 0) {
            run.say("  %d of %d pings got no return", missing, run.options.latencyCalls());
        }
        return new Timed(nanos.isEmpty() ? null : Samples.ofNanos(nanos), missing, run.options.latencyCalls());
    }

    private static ScenarioResult missing(Timed t) {
        return ScenarioResult.failed(t.missing() + " of " + t.calls() + " pings got no return; no figure is reported");
    }

    static String ratio(double salt, double brine) {
        return String.format("p50 %.0fx faster than Salt", salt / brine);
    }
}
