package io.brine.bench;

import io.brine.protocol.JobRecord;
import io.brine.protocol.MinionReturn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A large file pushed to one minion with {@code MasterClient.copy}, what {@code brine cp} runs: staged and hashed
 * by the master, fetched in chunks over the minion's encrypted session, checked and renamed into place. Timed
 * from the call to the return, so the master's hashing, the minion's fsync and rename are all in the figure.
 *
 * <p>The receiving minion runs in a process of its own ({@link SoloMinion}) so that its heap and the master's,
 * which lives in the bench's JVM, are measured apart. "Peak heap" is, for both, the most heap left occupied
 * right after any collection during the push ({@link HeapAfterGc} in this JVM, {@link GcLog} in the minion's):
 * what a process holds on to, not the garbage it has yet to collect. The source is a sparse file (zeros, no
 * disk to read); the copy's size and SHA-256, hashed here independently, are checked after every round.
 */
final class TransferScenario implements Scenario {
    private static final String RECEIVER = "receiver";
    private static final Duration TIMEOUT = Duration.ofMinutes(10);

    @Override
    public String name() {
        return "transfer";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        Cluster c = run.cluster;
        long bytes = run.options.transferMib() * 1024L * 1024;
        Path source = WorkFiles.sparse(c.root.resolve("transfer/payload.bin"), bytes);
        List<Long> nanos = new ArrayList<>();
        double masterPeak = 0;
        double minionPeak = 0;
        double masterIdle;
        double minionIdle;
        try (SoloMinion receiver = SoloMinion.start(run, RECEIVER)) {
            String sha256 = WorkFiles.sha256(source);
            receiver.awaitAnswering(c.client(), Duration.ofSeconds(60));
            masterIdle = HeapAfterGc.liveHeapMib();
            minionIdle = receiver.liveHeapMib();
            for (int round = 0; round < run.options.transferRounds(); round++) {
                Path dest = MinionDirs.files(c.root, RECEIVER).resolve("payload-" + round + ".bin");
                long mark = receiver.gc.mark();
                try (HeapAfterGc master = HeapAfterGc.watch()) {
                    long t0 = System.nanoTime();
                    JobRecord r = c.client().copy(RECEIVER, "glob", List.of(source), dest.toString(), TIMEOUT);
                    nanos.add(System.nanoTime() - t0);
                    check(r.returns().get(RECEIVER), dest, bytes, sha256);
                    masterPeak = Math.max(masterPeak, master.peakMib());
                } finally {
                    Files.deleteIfExists(dest);
                }
                GcLog.Collections minion = receiver.gc.since(mark);
                // Without a collection there is no after-collection figure: the used heap then is an upper bound.
                minionPeak = Math.max(minionPeak, minion.count() > 0 ? minion.peakAfterMib() : receiver.usedHeapMib());
            }
        } finally {
            WorkFiles.deleteTree(source.getParent());
        }
        Samples s = Samples.ofNanos(nanos);
        double mibPerS = run.options.transferMib() / (s.medianMs() / 1000);
        return ScenarioResult.measured()
                .figure("mib_per_s", mibPerS)
                .figure("master_peak_heap_mib", masterPeak)
                .figure("minion_peak_heap_mib", minionPeak)
                .row("push " + run.options.transferMib() + " MiB", Report.num(mibPerS) + " MiB/s", ">= 300 MiB/s", "",
                        s.spread())
                .row("master peak heap", Report.num(masterPeak) + " MiB", "constant", "",
                        "after a collection, max of " + nanos.size() + " rounds; idle " + Report.num(masterIdle)
                                + " MiB (bench JVM: master and swarm)")
                .row("minion peak heap", Report.num(minionPeak) + " MiB", "constant", "",
                        "after a collection, max of " + nanos.size() + " rounds; idle " + Report.num(minionIdle)
                                + " MiB (own process)");
    }

    /** Fails the scenario unless the minion wrote the whole file, with the hash the bench computed itself. */
    private static void check(MinionReturn ret, Path dest, long bytes, String sha256) throws java.io.IOException {
        if (ret == null || !ret.success() || !(ret.ret() instanceof Map<?, ?> written) || written.size() != 1) {
            throw new IllegalStateException("the push failed: " + (ret == null ? "no return" : ret.ret()));
        }
        Object file = written.values().iterator().next();
        if (!(file instanceof Map<?, ?> f) || !sha256.equals(f.get("sha256"))
                || !(f.get("size") instanceof Number n) || n.longValue() != bytes) {
            throw new IllegalStateException("the minion reports " + written + ", expected " + bytes
                    + " bytes with SHA-256 " + sha256);
        }
        if (Files.size(dest) != bytes) {
            throw new IllegalStateException(dest + " holds " + Files.size(dest) + " bytes, expected " + bytes);
        }
    }
}
