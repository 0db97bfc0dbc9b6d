package io.brine.bench;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.master.MasterKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Memory, measured on real processes: a {@code brine master} idle and with the swarm connected (its live heap
 * after a full collection, per minion), and one standalone minion, started as the brine-minion package's unit
 * starts it ({@link PackagedMinion}) from its second start on (with its class-data archive), idle, after many jobs,
 * each of whose returns must arrive, and after one formula-style state apply ({@link FormulaTree}).
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
        Path minionJar = PackagedMinion.jar(Path.of(run.options.brineJar().toString()));
        if (minionJar == null) {
            return ScenarioResult.notAvailable("needs brine-minion.jar beside the brine jar or in agent/target "
                    + "(build the agent module)");
        }
        double[] minion = measureMinion(run, minionJar, missing);
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
                .figure("minion_rss_after_jobs_mib", minion[1])
                .figure("minion_rss_after_state_mib", minion[2])
                .row("minion RSS idle", Report.num(minion[0]) + " MiB", "<= 48 MiB", "111 MiB",
                        "the package's unit: its launcher, " + minionJar.getFileName() + ", its JVM options and "
                                + "class-data archive")
                .row("minion RSS after jobs", Report.num(minion[1]) + " MiB", "<= 56 MiB", "",
                        "after " + run.options.footprintJobs() + " test.ping jobs")
                .row("minion RSS after a state", Report.num(minion[2]) + " MiB", "<= 80 MiB", "",
                        "after one formula-style state.sls (Jinja import, template, cmd.run)")
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
     * A standalone minion process against the in-process master, started as the package's unit starts it (a
     * first start to list its classes, then the measured one, which maps the archive made of them): RSS
     * idle, after many jobs, and after one formula-style state apply. Idle is read after
     * {@link #MINION_IDLE_MILLIS}: an agent spends its life idle, not in its first seconds.
     */
    private static double[] measureMinion(BenchRun run, Path jar, MissingReturns missing) throws Exception {
        Cluster c = run.cluster;
        MasterKeys.inDirectory(c.master().config().pkiDir()).preseed(SOLO, MinionDirs.prepare(c.root, SOLO));
        Path yaml = MinionDirs.yaml(c.root, SOLO, c.port);
        Path out = c.root.resolve("footprint-out");
        FormulaTree.write(Cluster.states(c.root), out);
        JobSpec ping = JobSpec.of(SOLO, "test.ping");
        Path unit = c.root.resolve("packaged-minion");
        Path launcher = PackagedMinion.install(unit);
        Path cds = unit.resolve("cds");
        Path log = MinionDirs.dir(c.root, SOLO).resolve("minion.log");
        // The unit's first start lists the classes the minion loads, here in an agent's usual life (jobs and a
        // templated state; the launcher keeps those up to the first template); the measured start is a later one,
        // which dumps and maps the archive (the first start after a new jar or JDK dumps it), as an installed
        // agent runs.
        try (JavaProcess first = PackagedMinion.start(launcher, jar, cds, yaml, log)) {
            awaitAnswer(c, ping);
            applyFormula(c, missing);
            first.terminate();
        }
        WorkFiles.deleteTree(out); // the measured apply makes its changes afresh
        try (JavaProcess minion = PackagedMinion.start(launcher, jar, cds, yaml, log)) {
            awaitAnswer(c, ping);
            if (!PackagedMinion.mapsArchive(minion, cds)) {
                throw new IllegalStateException("the package's launcher mapped no class-data archive from " + cds
                        + " on the minion's second start; see " + log);
            }
            Thread.sleep(MINION_IDLE_MILLIS);
            double idle = minion.rssMib();
            for (int i = 0; i < run.options.footprintJobs(); i++) {
                missing.arrived(c.client().call(ping), List.of(SOLO));
            }
            Thread.sleep(SETTLE_MILLIS);
            double afterJobs = minion.rssMib();
            applyFormula(c, missing);
            Thread.sleep(SETTLE_MILLIS);
            double afterState = minion.rssMib();
            minion.terminate();
            return new double[] {idle, afterJobs, afterState};
        } finally {
            WorkFiles.deleteTree(out);
        }
    }

    private static void applyFormula(Cluster c, MissingReturns missing) throws InterruptedException {
        Job applied = c.client().call(JobSpec.of(SOLO, "state.sls", FormulaTree.SLS)
                .withTimeout(java.time.Duration.ofSeconds(120)));
        if (missing.arrived(applied, List.of(SOLO))) {
            String wrong = FormulaTree.check(applied.returns().get(SOLO));
            if (wrong != null) {
                throw new IllegalStateException("the footprint formula failed: " + wrong);
            }
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
