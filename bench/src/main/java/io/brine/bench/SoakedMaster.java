package io.brine.bench;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The master a soak calls and measures: a master process of its own ({@link MasterProcess}), or, without the
 * brine jar, the benchmark's own JVM, which then also holds the driver and any in-process swarm.
 */
interface SoakedMaster extends AutoCloseable {

    /** One call of {@code job}, waiting for its returns. */
    Job call(JobSpec job) throws InterruptedException;

    /** The master's figures now; {@code minutes} since the soak began. */
    SoakSample sample(double minutes) throws IOException, InterruptedException;

    /** What is measured, for the report. */
    String describe();

    @Override
    void close();

    /** The cluster's in-process master, measured as this JVM. */
    static SoakedMaster inThisJvm(Cluster cluster) {
        Path cache = cluster.master().config().cacheDir();
        return new SoakedMaster() {
            @Override
            public Job call(JobSpec job) throws InterruptedException {
                return cluster.client().call(job);
            }

            @Override
            public SoakSample sample(double minutes) throws IOException {
                ProcessFigures now = ProcessFigures.of(ProcessHandle.current().pid());
                return new SoakSample(minutes, now, HeapAfterGc.liveHeapMib(), fileMib(cache, "jobs.sqlite"),
                        fileMib(cache, "jobs.sqlite-wal"));
            }

            @Override
            public String describe() {
                return "the bench JVM (master, driver and in-process swarm)";
            }

            @Override
            public void close() {
            }
        };
    }

    static double fileMib(Path dir, String name) throws IOException {
        Path f = dir.resolve(name);
        return Files.exists(f) ? Files.size(f) / (1024.0 * 1024) : 0;
    }
}
