package io.brine.bench;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.master.MasterKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Memory, measured on real processes: a {@code brine master} idle and with the swarm connected (its live heap
 * after a full collection, per minion), and one standalone {@code brine minion} idle and after many jobs, each of
 * whose returns must arrive.
 */
final class FootprintScenario implements Scenario {
    private static final long SETTLE_MILLIS = 3000;
    private static final long MINION_IDLE_MILLIS = 15_000;
    private static final String SOLO = "solo";

    @Override
    public String name() {
        return "footprint";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        String needsJar = run.needsJar();
        if (needsJar != null) {
            return ScenarioResult.notAvailable(needsJar);
        }
        int n = run.cluster.size();
        ScenarioResult result = ScenarioResult.measured();
        MasterFigures master = measureMaster(run, n);
        MissingReturns missing = new MissingReturns("pings to the minion process");
        double[] minion = measureMinion(run, missing);
        if (missing.any()) {
            // its RSS "after N jobs" would be after fewer jobs than it says
            return missing.failure(run);
        }
        double perMinionKib = (master.heapKibWithSwarm - master.heapKibIdle) / n;
        return result
                .figure("minion_rss_mib", minion[0])
                .figure("master_rss_mib", master.rssMibWithSwarm)
                .figure("master_heap_per_minion_kib", perMinionKib)
                .figure("missing_returns", missing.count())
                .row("minion RSS idle", Report.num(minion[0]) + " MiB", "<= 48 MiB", "111 MiB",
                        "after " + run.options.footprintJobs() + " jobs: " + Report.num(minion[1]) + " MiB")
                .row("master RSS", Report.num(master.rssMibWithSwarm) + " MiB", "", "830 MiB",
                        "idle " + Report.num(master.rssMibIdle) + " MiB; with " + n + " minions")
                .row("master heap/minion", Report.num(perMinionKib) + " KiB", "<= 50 KiB", "",
                        "live heap idle " + Report.num(master.heapKibIdle / 1024) + " MiB, with " + n + " minions "
                                + Report.num(master.heapKibWithSwarm / 1024) + " MiB");
    }

    private record MasterFigures(double rssMibIdle, double heapKibIdle, double rssMibWithSwarm,
            double heapKibWithSwarm) {
    }

    /** Runs the master as its own process on the cluster's configuration, first alone, then with the swarm. */
    private static MasterFigures measureMaster(BenchRun run, int n) throws Exception {
        Cluster c = run.cluster;
        c.stopMinions();
        c.stopMaster();
        Path log = c.root.resolve("footprint-master.log");
        try (JavaProcess master = BrineProcess.start(run.options, List.of("master", "-c", c.masterYaml.toString()),
                log)) {
            awaitLog(log, "listening on port", 30);
            Thread.sleep(SETTLE_MILLIS);
            double heapIdle = master.liveHeapKib();
            double rssIdle = master.rssMib();
            c.startSwarm(n);
            awaitCli(run, "m*", 60 + n / 50);
            Thread.sleep(SETTLE_MILLIS);
            double heapSwarm = master.liveHeapKib();
            double rssSwarm = master.rssMib();
            c.stopMinions();
            master.terminate();
            return new MasterFigures(rssIdle, heapIdle, rssSwarm, heapSwarm);
        } finally {
            c.startMaster();
        }
    }

    private static void awaitLog(Path log, String text, int seconds) throws Exception {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!Files.exists(log) || !Files.readString(log).contains(text)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the master process did not start; see " + log);
            }
            Thread.sleep(50);
        }
    }

    /** Runs {@code brine run TARGET test.ping} until every targeted minion answers: how to ask a master process. */
    private static void awaitCli(BenchRun run, String target, int seconds) throws Exception {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        List<String> args = List.of("run", "-c", run.cluster.masterYaml.toString(), "--timeout", "5", target,
                "test.ping");
        while (System.nanoTime() < deadline) {
            try (JavaProcess p = BrineProcess.start(run.options, args, run.cluster.root.resolve("footprint-cli.log"))) {
                p.discardOutput();
                if (p.waitFor(60) == 0) {
                    return;
                }
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("not every minion answered the master process within " + seconds + " s");
    }

    /**
     * A standalone minion process against the in-process master: RSS idle, and after many jobs. It is started
     * twice: the launcher's first {@code brine minion} of a jar lists the classes a minion loads and the next
     * start maps an archive of them (see the launcher), as an installed guest agent does from its second start
     * on. Idle is read after {@link #MINION_IDLE_MILLIS}, once the launcher's native heap trim (every 10 s) has
     * handed back what start-up used: an agent spends its life idle, not in its first seconds.
     */
    private static double[] measureMinion(BenchRun run, MissingReturns missing) throws Exception {
        Cluster c = run.cluster;
        MasterKeys.inDirectory(c.master().config().pkiDir()).preseed(SOLO, MinionDirs.prepare(c.root, SOLO));
        Path yaml = MinionDirs.yaml(c.root, SOLO, c.port);
        JobSpec ping = JobSpec.of(SOLO, "test.ping");
        try (JavaProcess first = MinionProcesses.startMinion(run.options, yaml,
                MinionDirs.dir(c.root, SOLO).resolve("minion-first.log"))) {
            awaitAnswer(c, ping);
            first.terminate();
        }
        try (JavaProcess minion = MinionProcesses.startMinion(run.options, yaml,
                MinionDirs.dir(c.root, SOLO).resolve("minion.log"))) {
            awaitAnswer(c, ping);
            Thread.sleep(MINION_IDLE_MILLIS);
            double idle = minion.rssMib();
            for (int i = 0; i < run.options.footprintJobs(); i++) {
                missing.arrived(c.client().call(ping), List.of(SOLO));
            }
            Thread.sleep(SETTLE_MILLIS);
            double after = minion.rssMib();
            minion.terminate();
            return new double[] {idle, after};
        }
    }

    private static void awaitAnswer(Cluster c, JobSpec ping) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        Job r;
        do {
            r = c.client().call(ping.withTimeout(java.time.Duration.ofSeconds(2)));
        } while (r.returns().isEmpty() && System.nanoTime() < deadline);
        if (r.returns().isEmpty()) {
            throw new IllegalStateException("the minion process never answered; see its log under " + c.root);
        }
    }
}
