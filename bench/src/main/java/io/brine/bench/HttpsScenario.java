package io.brine.bench;

/**
 * The HTTPS transport against ZeroMQ, in the same run on the same master: the swarm is brought back over HTTPS
 * (the same minions, keys and master), and the latency and broadcast scenarios are run again, at the largest swarm
 * size of the run. Rows say {@code latency-https} and {@code broadcast-https}; the ZeroMQ figures are the run's own
 * {@code latency} and {@code broadcast} rows. Needs openssl (the master's throwaway certificate).
 */
final class HttpsScenario implements Scenario {
    @Override
    public String name() {
        return "https";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        int n = run.options.minionCounts().get(run.options.minionCounts().size() - 1);
        run.cluster.overHttps(true);
        try {
            run.cluster.growTo(n);
            ScenarioResult latency = new LatencyScenario().run(run);
            ScenarioResult broadcast = new BroadcastScenario().run(run);
            if (latency.failed() || broadcast.failed()) {
                return ScenarioResult.failed(latency.failed() ? "latency-https: " + latency.failure()
                        : "broadcast-https: " + broadcast.failure());
            }
            ScenarioResult result = ScenarioResult.measured()
                    .figure("minions", n)
                    .figure("latency_p50_ms", latency.figures().get("p50_ms"))
                    .figure("latency_p99_ms", latency.figures().get("p99_ms"))
                    .figure("broadcast_median_ms", broadcast.figures().get("median_ms"))
                    .figure("broadcast_p90_ms", broadcast.figures().get("p90_ms"));
            for (ScenarioResult.Row r : latency.rows()) {
                result.row("latency-https " + r.measure(), r.value(), "", "", r.spread());
            }
            for (ScenarioResult.Row r : broadcast.rows()) {
                result.row("broadcast-https " + r.measure(), r.value(), "", "", r.spread());
            }
            return result;
        } finally {
            run.cluster.overHttps(false);
        }
    }
}
