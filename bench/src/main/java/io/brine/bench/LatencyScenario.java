package io.brine.bench;

import io.brine.master.JobSpec;
import io.brine.master.MasterClient;
import io.brine.protocol.JobRecord;
import java.util.ArrayList;
import java.util.List;

/** One {@code test.ping} to one minion through the Java client, again and again: the round trip of a job. */
final class LatencyScenario implements Scenario {
    private static final int WARM_UP = 300;

    @Override
    public String name() {
        return "latency";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        MasterClient client = run.cluster.client();
        JobSpec ping = JobSpec.of(MinionDirs.id(1), "test.ping");
        for (int i = 0; i < WARM_UP; i++) {
            client.call(ping);
        }
        List<Long> nanos = new ArrayList<>(run.options.latencyCalls());
        int missing = 0;
        for (int i = 0; i < run.options.latencyCalls(); i++) {
            long t0 = System.nanoTime();
            JobRecord r = client.call(ping);
            nanos.add(System.nanoTime() - t0);
            missing += r.returns().isEmpty() ? 1 : 0;
        }
        if (missing > 0) {
            run.say("  %d of %d pings got no return", missing, nanos.size());
        }
        Samples s = Samples.ofNanos(nanos);
        return ScenarioResult.measured()
                .figure("p50_ms", s.medianMs())
                .figure("p99_ms", s.ms(99))
                .row("p50", Report.num(s.medianMs()) + " ms", "<= 1 ms", "170 ms", s.spread())
                .row("p99", Report.num(s.ms(99)) + " ms", "<= 5 ms", "", ratio(170, s.medianMs()));
    }

    static String ratio(double salt, double brine) {
        return String.format("p50 %.0fx faster than Salt", salt / brine);
    }
}
