package io.brine.bench;

import io.brine.transport.Counters;
import java.time.Duration;

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
        long answeredNanos = run.cluster.awaitAnswering(n, Duration.ofSeconds(120 + n / 50));
        double seconds = (startNanos + answeredNanos) / 1e9;
        // A fleet that reconnects once needs one handshake per minion; more means minions gave up and started over.
        Counters counters = run.cluster.master().transportCounters();
        double handshakes = (double) counters.handshakesStarted() / n;
        return ScenarioResult.measured()
                .figure("seconds", seconds)
                .figure("handshakes_per_minion", handshakes)
                .row("N=" + n + " restart", Report.num(seconds) + " s", n == 10_000 ? "<= 30 s" : "", "",
                        String.format("master start %.0f ms, %.2f handshakes and %.2f sessions a minion, "
                                + "%d sessions expired", startNanos / 1e6, handshakes,
                                (double) counters.sessionsOpened() / n, counters.sessionsExpired()));
    }
}
