package io.brine.bench;

import io.brine.master.ConnectionStats;
import java.time.Duration;
import java.util.List;

/**
 * The restart storm: the master is stopped and started again while the whole swarm is running, and the clock
 * runs from the new master's start until every minion has authenticated again and answered a ping.
 */
final class ConnectScenario implements Scenario {
    @Override
    public String name() {
        return "connect";
    }

    @Override
    public boolean perSwarmSize() {
        return true;
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        int n = run.cluster.size();
        run.cluster.stopMaster();
        long t0 = System.nanoTime();
        run.cluster.startMaster();
        long startNanos = System.nanoTime() - t0;
        long answeredNanos;
        List<Long> pings;
        int missingPings;
        try (StormProbe probe = new StormProbe(run.cluster.master())) {
            answeredNanos = run.cluster.awaitAnswering(n, Duration.ofSeconds(120 + n / 50), probe::back);
            probe.close();
            pings = probe.samples();
            missingPings = probe.missing();
        }
        double seconds = (startNanos + answeredNanos) / 1e9;
        // A fleet that reconnects once needs one handshake per minion; more means minions gave up and started over.
        ConnectionStats counters = run.cluster.master().connectionStats();
        double handshakes = (double) counters.handshakesStarted() / n;
        if (missingPings > 0) {
            throw new IllegalStateException(missingPings + " pings to minions already back got no answer during "
                    + "the storm");
        }
        ScenarioResult result = ScenarioResult.measured()
                .figure("seconds", seconds)
                .figure("handshakes_per_minion", handshakes)
                .row("N=" + n + " restart", Report.num(seconds) + " s", n == 10_000 ? "<= 30 s" : "", "",
                        String.format("master start %.0f ms, %.2f handshakes and %.2f sessions a minion, "
                                + "%d sessions expired", startNanos / 1e6, handshakes,
                                (double) counters.sessionsOpened() / n, counters.sessionsExpired()));
        if (pings.isEmpty()) {
            return result.row("N=" + n + " ping during storm", "n/a", "<= 1 s", "", "the storm ended before a ping");
        }
        Samples s = Samples.ofNanos(pings);
        double maxMs = pings.stream().mapToLong(Long::longValue).max().orElseThrow() / 1e6;
        return result.figure("storm_ping_median_ms", s.medianMs()).figure("storm_ping_max_ms", maxMs)
                .row("N=" + n + " ping during storm", Report.num(s.medianMs()) + " ms median", "<= 1 s", "",
                        String.format("%d pings, max %.0f ms", pings.size(), maxMs));
    }
}
