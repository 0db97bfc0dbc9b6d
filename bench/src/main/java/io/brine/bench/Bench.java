package io.brine.bench;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code brine bench}: starts a real master and a swarm of real minions on loopback and runs the scenarios of
 * issue 6 against them, returning a {@link Report}. A scenario that fails (a return that did not arrive, a check
 * or target it enforces) does not stop the run; {@link Report#failures()} lists it afterwards.
 *
 * <p>Example:
 * <pre>{@code
 * Report r = Bench.run(BenchOptions.defaults(Path.of("/tmp/bench")).withScenarios(List.of("latency")),
 *         new PrintWriter(System.err));
 * System.out.print(r.json());
 * r.failures().forEach(System.err::println);   // "latency: 3 of 2000 returns of 2300 pings did not arrive; ..."
 * }</pre>
 */
public final class Bench {
    /** Every scenario, in the order a run takes them (footprint last: it restarts the master as a process). */
    public static final List<String> SCENARIOS = List.of("latency", "throughput", "cli", "broadcast", "connect",
            "state", "render", "transfer", "extension", "update", "soak", "footprint", "cluster", "https", "ssh");
    /**
     * What a run without --scenario takes: all but the soak, which runs for as long as it is told (an hour), and
     * the cluster, which needs a PostgreSQL database, https, which needs openssl and brings the swarm back over
     * HTTPS, ssh, which starts sshd as root, and update, which starts up to 100 minion processes.
     */
    public static final List<String> DEFAULT_SCENARIOS = SCENARIOS.stream()
            .filter(s -> !List.of("soak", "cluster", "https", "ssh", "update").contains(s)).toList();

    private Bench() {
    }

    public static Report run(BenchOptions options, PrintWriter progress) throws Exception {
        Map<String, ScenarioResult> results = new LinkedHashMap<>();
        List<Scenario> chosen = SCENARIOS.stream().filter(options::wants).map(Bench::scenario).toList();
        try (Cluster cluster = Cluster.start(options, progress)) {
            BenchRun run = new BenchRun(options, cluster, progress);
            int first = options.minionCounts().get(0);
            for (Scenario s : chosen) {
                if (s.perSwarmSize()) {
                    continue;
                }
                if (List.of("footprint", "cluster", "https", "ssh").contains(s.name())) {
                    continue;
                }
                results.put(s.name(), grownTo(cluster, first, run) ? timed(s, run)
                        : ScenarioResult.failed("the swarm could not grow to " + first));
            }
            for (int n : options.minionCounts()) {
                for (Scenario s : chosen) {
                    if (s.perSwarmSize()) {
                        ScenarioResult atSize = grownTo(cluster, n, run) ? timed(s, run)
                                : ScenarioResult.failed("the swarm could not grow to " + n);
                        results.computeIfAbsent(s.name(), k -> ScenarioResult.measured()).merge(Integer.toString(n),
                                atSize);
                    }
                }
            }
            if (options.wants("footprint")) {
                // at the largest size already reached, or the first size when nothing else ran
                results.put("footprint", cluster.size() > 0 || grownTo(cluster, first, run)
                        ? timed(scenario("footprint"), run)
                        : ScenarioResult.failed("the swarm could not grow to " + first));
            }
            if (options.wants("https")) {
                results.put("https", timed(scenario("https"), run));
            }
            if (options.wants("ssh")) {
                results.put("ssh", timed(scenario("ssh"), run)); // its own master and hosts; the swarm waits
            }
            if (options.wants("cluster")) {
                cluster.stopMinions(); // its own masters and swarm get the machine
                results.put("cluster", timed(scenario("cluster"), run));
            }
        }
        Map<String, ScenarioResult> ordered = new LinkedHashMap<>();
        SCENARIOS.stream().filter(results::containsKey).forEach(n -> ordered.put(n, results.get(n)));
        return new Report(Machine.describe(options), ordered);
    }

    private static boolean grownTo(Cluster cluster, int n, BenchRun run) throws Exception {
        try {
            cluster.growTo(n);
            return true;
        } catch (IllegalStateException e) {
            run.say("  %s", e.getMessage());
            return false;
        }
    }

    private static ScenarioResult timed(Scenario s, BenchRun run) throws Exception {
        run.say("%s (%d minions)...", s.name(), run.cluster.size());
        long t0 = System.nanoTime();
        ScenarioResult r;
        try {
            r = s.run(run);
        } catch (IllegalStateException | java.io.IOException e) {
            run.say("  %s failed: %s", s.name(), e.getMessage());
            return ScenarioResult.failed(e.getMessage());
        }
        run.say("  %s %s in %.1f s", s.name(), r.failed() ? "FAILED" : "done", (System.nanoTime() - t0) / 1e9);
        for (ScenarioResult.Row row : r.rows()) {
            run.say("    %s: %s (%s)", row.measure(), row.value(), row.spread());
        }
        if (r.failed()) {
            run.say("    failed: %s", r.failure());
        }
        return r;
    }

    private static Scenario scenario(String name) {
        return switch (name) {
            case "latency" -> new LatencyScenario();
            case "throughput" -> new ThroughputScenario();
            case "cli" -> new CliScenario();
            case "broadcast" -> new BroadcastScenario();
            case "connect" -> new ConnectScenario();
            case "state" -> new StateScenario();
            case "render" -> new RenderScenario();
            case "transfer" -> new TransferScenario();
            case "footprint" -> new FootprintScenario();
            case "soak" -> new SoakScenario();
            case "cluster" -> new ClusterScenario();
            case "https" -> new HttpsScenario();
            case "ssh" -> new SshScenario();
            case "extension" -> new ExtensionScenario();
            case "update" -> new UpdateScenario();
            default -> throw new IllegalArgumentException("unknown scenario " + name);
        };
    }
}
