package io.brine.bench;

import io.brine.master.Job;
import io.brine.master.JobSpec;
import io.brine.master.MasterClient;
import java.util.ArrayList;
import java.util.List;

/** {@code test.ping} to every minion of the swarm, timed until the last return: the fan-out and fan-in. */
final class BroadcastScenario implements Scenario {
    private static final int WARM_UP = 3;

    @Override
    public String name() {
        return "broadcast";
    }

    @Override
    public boolean perSwarmSize() {
        return true;
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        int n = run.cluster.size();
        MasterClient client = run.cluster.client();
        JobSpec ping = JobSpec.of("m*", "test.ping");
        for (int i = 0; i < WARM_UP; i++) {
            client.call(ping);
        }
        List<Long> nanos = new ArrayList<>();
        int incomplete = 0;
        for (int i = 0; i < run.options.broadcastRounds(); i++) {
            ThreadBudget.check("broadcast at " + n + " minions");
            long t0 = System.nanoTime();
            Job r = client.call(ping);
            nanos.add(System.nanoTime() - t0);
            incomplete += r.returns().size() < n ? 1 : 0;
        }
        if (incomplete > 0) {
            // A round cut short by the timeout is no broadcast time: the figure would flatter or mislead.
            run.say("  %d of %d rounds missed returns", incomplete, nanos.size());
            return ScenarioResult.failed(incomplete + " of " + nanos.size() + " broadcast rounds at " + n
                    + " minions missed returns; no figure is reported");
        }
        Samples s = Samples.ofNanos(nanos);
        return ScenarioResult.measured()
                .figure("median_ms", s.medianMs())
                .figure("p90_ms", s.ms(90))
                .figure("missing_returns", 0)
                .row("N=" + n + " median", Report.num(s.medianMs()) + " ms", target(n), salt(n), s.spread());
    }

    private static String target(int n) {
        return n == 1000 ? "<= 150 ms" : n == 10_000 ? "<= 2000 ms" : "";
    }

    /** Salt's medians from the issue (minions as processes, median of 10). */
    private static String salt(int n) {
        return switch (n) {
            case 50 -> "3300 ms";
            case 100 -> "6800 ms";
            case 150 -> "11600 ms";
            default -> "";
        };
    }
}
