package io.brine.bench;

import io.brine.jobs.JobSpec;
import io.brine.master.MasterClient;
import io.brine.master.MasterKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One minion in a JVM of its own, connected to the bench's master, whose heap can be told apart from the
 * master's: {@code brine minion -c minion.yaml} as the launcher starts it ({@link BrineProcess}, with the
 * minion's JVM options) when the bench runs from the brine jar, else {@link MinionMain} on this JVM's class
 * path. Either way it is {@code Minion.start} on the same configuration file, and it writes a GC log
 * ({@link #gc}).
 */
final class SoloMinion implements AutoCloseable {
    final String id;
    final GcLog gc;
    private final JavaProcess process;

    private SoloMinion(String id, GcLog gc, JavaProcess process) {
        this.id = id;
        this.gc = gc;
        this.process = process;
    }

    static SoloMinion start(BenchRun run, String id) throws IOException {
        return start(run, id, "");
    }

    /** As above, with {@code moreYaml} added to the minion's configuration file. */
    static SoloMinion start(BenchRun run, String id, String moreYaml) throws IOException {
        Cluster c = run.cluster;
        MasterKeys.inDirectory(c.master().config().pkiDir()).preseed(id, MinionDirs.prepare(c.root, id));
        Path yaml = MinionDirs.yaml(c.root, id, c.port);
        Files.writeString(yaml, moreYaml, java.nio.file.StandardOpenOption.APPEND);
        Path dir = MinionDirs.dir(c.root, id);
        GcLog gc = new GcLog(dir.resolve("gc.log"));
        Files.createDirectories(MinionDirs.files(c.root, id));
        Path log = dir.resolve("minion.log");
        if (run.options.brineJar() != null) {
            return new SoloMinion(id, gc, BrineProcess.start(run.options, List.of("minion", "-c", yaml.toString(),
                    "--log-level", "warning"), log, List.of(gc.jvmOption())));
        }
        List<String> jvm = new ArrayList<>(run.options.jvmOptions());
        jvm.add(gc.jvmOption());
        return new SoloMinion(id, gc, JavaProcess.start(jvm, List.of("-cp", System.getProperty("java.class.path"),
                MinionMain.class.getName(), yaml.toString()), log));
    }

    /** Pings until the minion answers: it has connected, been accepted and runs jobs. */
    void awaitAnswering(MasterClient client, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        JobSpec ping = JobSpec.of(id, "test.ping").withTimeout(Duration.ofSeconds(2));
        while (client.call(ping).returns().isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("minion " + id + " did not answer within " + within.toSeconds()
                        + " s; see its minion.log");
            }
        }
    }

    /** Heap in use right after a full collection, in MiB. */
    double liveHeapMib() throws IOException, InterruptedException {
        return process.liveHeapKib() / 1024;
    }

    /** The process's resident memory now, in MiB. */
    double rssMib() throws IOException {
        return process.rssMib();
    }

    /** CPU time the minion's process has used so far, in seconds. */
    double cpuSeconds() throws IOException {
        return process.cpuSeconds();
    }

    /** Heap in use now, garbage included, in MiB: an upper bound of what it holds. */
    double usedHeapMib() throws IOException, InterruptedException {
        return process.usedHeapKib() / 1024;
    }

    @Override
    public void close() {
        process.terminate();
    }
}
