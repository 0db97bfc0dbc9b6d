package io.brine.bench;

import io.brine.client.BrineClient;
import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.targeting.TargetType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The cluster's master as a process of its own, {@code brine master -c master.yaml} started through the launcher
 * with the master's JVM options (what an operator runs), its swarm reconnected to it and called through a
 * {@link BrineClient} as the local operator. What is measured is that process alone: not the driver, not the
 * swarm. Closing it stops the process and puts the cluster's in-process master back, without minions.
 */
final class MasterProcess implements SoakedMaster {
    private final Cluster cluster;
    private final JavaProcess process;
    private final BrineClient client;
    private final Path cacheDir;

    private MasterProcess(Cluster cluster, JavaProcess process, BrineClient client) {
        this.cluster = cluster;
        this.process = process;
        this.client = client;
        this.cacheDir = io.brine.master.MasterConfig.load(cluster.masterYaml).cacheDir();
    }

    /** Stops the in-process master and its minions, starts the process, and waits until all {@code n} answer it. */
    static MasterProcess start(BenchRun run, int n) throws IOException, InterruptedException {
        Cluster c = run.cluster;
        c.stopMinions();
        c.stopMaster();
        JavaProcess process;
        try {
            process = startListening(run, c.root.resolve("soak-master.log"));
        } catch (IOException | InterruptedException | RuntimeException e) {
            c.startMaster();
            throw e;
        }
        BrineClient client = null;
        try {
            c.startSwarm(n);
            client = BrineClient.connect(c.masterYaml);
            MasterProcess master = new MasterProcess(c, process, client);
            run.say("  master process %d, %d minions", process.pid(), n);
            master.awaitAnswering(n, Duration.ofSeconds(60 + n / 50));
            return master;
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (client != null) {
                client.close();
            }
            c.stopMinions();
            process.terminate();
            c.startMaster();
            throw e;
        }
    }

    /**
     * Starts {@code brine master} and waits until it listens. The in-process master's port can stay bound for a
     * moment after it stopped (its sockets closing), as in {@link Cluster#startMaster}: a process that ends saying
     * so is started again, for up to 30 s.
     */
    private static JavaProcess startListening(BenchRun run, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            Files.deleteIfExists(log);
            JavaProcess process = BrineProcess.start(run.options, List.of("master", "-c",
                    run.cluster.masterYaml.toString()), log);
            long listenBy = System.nanoTime() + 60_000_000_000L;
            while (process.isAlive() && !logSays(log, "listening on port")) {
                if (System.nanoTime() > listenBy) {
                    process.terminate();
                    throw new IllegalStateException("the master process did not start listening; see " + log);
                }
                Thread.sleep(50);
            }
            if (process.isAlive()) {
                return process;
            }
            if (!logSays(log, "already in use") || System.nanoTime() > deadline) {
                throw new IllegalStateException("the master process ended at start; see " + log);
            }
            Thread.sleep(200);
        }
    }

    private static boolean logSays(Path log, String text) throws IOException {
        return Files.exists(log) && Files.readString(log).contains(text);
    }

    @Override
    public Job call(JobSpec job) throws InterruptedException {
        return client.call(job);
    }

    @Override
    public SoakSample sample(double minutes) throws IOException, InterruptedException {
        ProcessFigures now = ProcessFigures.of(process.pid());
        return new SoakSample(minutes, now, process.liveHeapKib() / 1024, SoakedMaster.fileMib(cacheDir,
                "jobs.sqlite"), SoakedMaster.fileMib(cacheDir, "jobs.sqlite-wal"));
    }

    @Override
    public String describe() {
        return "the master process " + process.pid() + " (launcher's master options)";
    }

    private void awaitAnswering(int n, Duration within) throws InterruptedException {
        JobSpec ping = JobSpec.of(String.join(",", Cluster.ids(1, n)), "test.ping").withTargetType(TargetType.LIST)
                .withTimeout(Duration.ofSeconds(2));
        long deadline = System.nanoTime() + within.toNanos();
        int answered = 0;
        while (System.nanoTime() < deadline) {
            answered = client.call(ping).returns().size();
            if (answered == n) {
                return;
            }
            Thread.sleep(200); // minions still connecting: the next ping is as cheap as the last, do not spin
        }
        throw new IllegalStateException("only " + answered + " of " + n + " minions answered the master process "
                + "within " + within.toSeconds() + " s; see " + cluster.root);
    }

    @Override
    public void close() {
        client.close();
        cluster.stopMinions();
        process.terminate();
        try {
            cluster.startMaster();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
