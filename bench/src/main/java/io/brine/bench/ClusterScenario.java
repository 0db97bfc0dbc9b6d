package io.brine.bench;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.master.Master;
import io.brine.master.MasterClient;
import io.brine.master.MasterConfig;
import io.brine.targeting.TargetType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Two masters of one cluster (issue 27) in this JVM, on the PostgreSQL database given with
 * {@code --cluster-database}, and a swarm of the largest {@code --minions} size split between them: half connected
 * to master A (failing over to B), half to B (failing over to A), in child JVMs. Measured:
 * <ul>
 * <li>one {@code test.ping} call from A to every minion, until the last return: B's half is reached through the
 * database (the job routed to B, their returns back to A);</li>
 * <li>the job cache's returns stored per second in PostgreSQL: jobs cast from A at 10 of its minions, timed until
 * master B (which holds none of them in memory) reads every return from the database;</li>
 * <li>the same call from A while B is closed: every minion answers, or is reported with its outcome; none is
 * silently lost.</li>
 * </ul>
 * The main swarm is stopped first, so that these minions have the machine.
 */
final class ClusterScenario implements Scenario {
    private static final int WARM_UP = 3;
    private static final int CACHE_TARGETS = 10;

    @Override
    public String name() {
        return "cluster";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        String database = run.options.clusterDatabase();
        if (database == null) {
            return ScenarioResult.notAvailable("needs --cluster-database postgresql://HOST:PORT/NAME (an empty "
                    + "database the bench may fill; user brine, or PGUSER)");
        }
        List<Integer> sizes = run.options.minionCounts();
        int n = Math.max(2, sizes.get(sizes.size() - 1));
        Path root = run.options.workDir().resolve("cluster");
        List<String> ids = Cluster.ids(1, n);
        List<ChildSwarm> swarms = new ArrayList<>();
        Master a = Master.start(MasterConfig.load(masterYaml(root, "a", database)));
        Master b = null;
        try {
            Files.createDirectories(root.resolve("b/pki"));
            Files.copy(root.resolve("a/pki/master.pem"), root.resolve("b/pki/master.pem")); // one cluster key
            b = Master.start(MasterConfig.load(masterYaml(root, "b", database)));
            long seeding = System.nanoTime();
            for (String id : ids) {
                a.keys().preseed(id, MinionDirs.prepare(root, id));
            }
            run.say("  %d keys filed in the cluster's database in %.1f s", n, (System.nanoTime() - seeding) / 1e9);
            int half = n / 2;
            swarms.addAll(launch(root, a.port(), b.port(), 1, half, run.options.minionsPerProcess()));
            swarms.addAll(launch(root, b.port(), a.port(), half + 1, n, run.options.minionsPerProcess()));
            for (ChildSwarm s : swarms) {
                s.awaitReady();
            }
            double answeredS = Cluster.awaitAnswering(a.client(), ids, Duration.ofSeconds(120 + n / 50), root,
                    id -> { }) / 1e9;
            run.say("  %d minions on two masters, all answering A %.1f s after their start", n, answeredS);
            return measure(run, a, b, n, ids);
        } finally {
            swarms.forEach(ChildSwarm::close);
            if (b != null) {
                b.close();
            }
            a.close();
        }
    }

    private ScenarioResult measure(BenchRun run, Master a, Master b, int n, List<String> ids) throws Exception {
        MasterClient client = a.client();
        JobSpec all = JobSpec.of("*", "test.ping").withTimeout(Duration.ofSeconds(30));
        MissingReturns missing = new MissingReturns("calls from A to both masters' " + n + " minions");
        Samples calls = TimedCalls.run(client, all, n, WARM_UP, run.options.broadcastRounds(), missing, "cluster call");
        if (missing.any()) {
            return missing.failure(run);
        }
        double storedPerS = storedPerSecond(run, client, b.client(), ids.subList(0, Math.min(CACHE_TARGETS, n / 2)),
                missing);
        if (missing.any()) {
            return missing.failure(run);
        }

        // The same call while B goes: its minions fail over to A mid-job.
        CompletableFuture<Job> during = CompletableFuture.supplyAsync(() -> {
            try {
                return client.call(all);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
        b.close();
        Job failover = during.get(60, TimeUnit.SECONDS);
        Map<String, Long> outcomes = new TreeMap<>();
        failover.missing().values().forEach(o -> outcomes.merge(o.label(), 1L, Long::sum));
        long lost = n - failover.returns().size() - failover.missing().size();
        ScenarioResult result = ScenarioResult.measured()
                .figure("minions", n)
                .figure("call_median_ms", calls.medianMs())
                .figure("call_p90_ms", calls.ms(90))
                .figure("cache_returns_per_s", storedPerS)
                .figure("failover_returned", failover.returns().size())
                .figure("failover_reported", outcomes)
                .figure("failover_lost", lost)
                .figure("missing_returns", missing.count())
                .row("call from A to " + n + " on two masters", Report.num(calls.medianMs()) + " ms",
                        n >= 10_000 ? "<= 1000 ms" : "", "", calls.spread())
                .row("returns stored in PostgreSQL", Report.num(storedPerS) + "/s", ">= 20000", "",
                        "read back through master B")
                .row("the call while B closes", failover.returns().size() + " returned, " + failover.missing().size()
                        + " reported " + outcomes, "none lost", "", lost + " lost");
        return lost == 0 ? result : result.fail(lost + " minions neither returned nor were reported by the call "
                + "made while B closed");
    }

    /**
     * Jobs cast from A at {@code targets}, timed until master B reads every return from the database: B holds
     * none of A's jobs in memory, so what it shows is what PostgreSQL stored.
     */
    private static double storedPerSecond(BenchRun run, MasterClient a, MasterClient b, List<String> targets,
            MissingReturns missing) throws InterruptedException {
        JobSpec job = JobSpec.of(String.join(",", targets), "test.ping").withTargetType(TargetType.LIST)
                .withTimeout(Duration.ofSeconds(60));
        int jobs = run.options.throughputJobs();
        long t0 = System.nanoTime();
        List<String> jids = new ArrayList<>(jobs);
        for (int i = 0; i < jobs; i++) {
            jids.add(a.cast(job));
        }
        double castS = (System.nanoTime() - t0) / 1e9;
        // The cache writes in order: once the last job's returns are all in the database, so are the others'
        // (each counted after the clock stops; reading them one by one would time B's reads, not A's writes).
        long deadline = t0 + Duration.ofSeconds(120).toNanos();
        String last = jids.get(jids.size() - 1);
        while (b.job(last).map(j -> j.returns().size()).orElse(0) < targets.size() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        run.say("  %d jobs cast from A in %.2f s; their returns all read back through B %.2f s after the first cast",
                jobs, castS, seconds);
        long returns = 0;
        for (String jid : jids) {
            int got = b.job(jid).map(j -> j.returns().size()).orElse(0);
            missing.counted(targets.size(), got);
            returns += got;
        }
        return returns / seconds;
    }

    private static List<ChildSwarm> launch(Path root, int port, int failoverPort, int first, int last, int per)
            throws IOException {
        List<ChildSwarm> out = new ArrayList<>();
        for (int from = first; from <= last; from += per) {
            out.add(ChildSwarm.launch(root, port, failoverPort, from, Math.min(per, last - from + 1)));
        }
        return out;
    }

    private static Path masterYaml(Path root, String name, String database) throws IOException {
        Path home = Files.createDirectories(root.resolve(name));
        return Files.writeString(home.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: " + Cluster.freePort()
                + "\npki_dir: " + home.resolve("pki") + "\ncachedir: " + home.resolve("cache") + "\ntimeout: 30\n"
                + Cluster.FLEET_ADDRESSES
                + "cluster:\n  database: '" + database + "'\n  user: " + System.getenv().getOrDefault("PGUSER",
                        "brine") + "\n");
    }
}
