package io.brine.bench;

import io.brine.jobs.Job;
import io.brine.jobs.MinionResult;
import io.brine.targeting.TargetType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A large file pushed to one minion with {@code MasterClient.copy}, what {@code brine cp} runs: staged and hashed
 * by the master, fetched in chunks over the minion's encrypted session, checked and renamed into place. Timed
 * from the call to the return, so the minion's hashing, fsync and rename are all in the figure. The master
 * hashes the source during the first (untimed) push only: it remembers the hash of a file whose size and
 * modification time have not changed, as it would for an agent package copied to every new VM.
 *
 * <p>The receiving minion runs in a process of its own ({@link SoloMinion}) so that its heap and the master's,
 * which lives in the bench's JVM, are measured apart. "Peak heap" is, for both, the most heap left occupied
 * right after any collection during the push ({@link HeapAfterGc} in this JVM, {@link GcLog} in the minion's):
 * not the young garbage a collection clears, but old-generation garbage not yet collected included, so an upper
 * bound of what each holds on to. The source is a sparse file (zeros, no disk to read); the copy's size and
 * SHA-256, hashed here independently, are checked after every push. The first push is not timed with the
 * others: it runs while the fresh minion JVM compiles the paths a push takes (AES-GCM among them reaches its
 * intrinsics only after some 200 MiB), which a long-running minion has done. Its rate is reported beside the
 * median.
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
        List<Push> pushes = new ArrayList<>();
        MissingReturns missing = new MissingReturns("pushes");
        double masterIdle;
        double minionIdle;
        try (SoloMinion receiver = SoloMinion.start(run, RECEIVER)) {
            String sha256 = WorkFiles.sha256(source);
            receiver.awaitAnswering(c.client(), Duration.ofSeconds(60));
            masterIdle = HeapAfterGc.liveHeapMib();
            minionIdle = receiver.liveHeapMib();
            // One push more than timed: the first warms up a fresh minion JVM (its JIT), as a long-running minion is.
            for (int round = 0; round <= run.options.transferRounds(); round++) {
                Push p = push(c, receiver, source, bytes, sha256, round, missing);
                if (p != null) {
                    pushes.add(p);
                }
            }
        } finally {
            WorkFiles.deleteTree(source.getParent());
        }
        if (missing.any()) {
            return missing.failure(run);
        }
        return report(run.options.transferMib(), pushes, masterIdle, minionIdle)
                .figure("missing_returns", missing.count());
    }

    /** One push and what it cost: wall time, CPU of both processes, and both peak heaps. */
    private record Push(long nanos, long masterCpuNanos, long minionCpuNanos, double masterPeakMib,
            double minionPeakMib) {
    }

    /** One push, or null if its return did not arrive (counted in {@code missing}). */
    private static Push push(Cluster c, SoloMinion receiver, Path source, long bytes, String sha256, int round,
            MissingReturns missing) throws Exception {
        Path dest = MinionDirs.files(c.root, RECEIVER).resolve("payload-" + round + ".bin");
        long mark = receiver.gc.mark();
        double minionCpu0 = receiver.cpuSeconds();
        long masterCpu0 = processCpuNanos();
        try (HeapAfterGc master = HeapAfterGc.watch()) {
            long t0 = System.nanoTime();
            Job r = c.client().copy(RECEIVER, TargetType.GLOB, List.of(source), dest.toString(), TIMEOUT);
            long nanos = System.nanoTime() - t0;
            long masterCpu = processCpuNanos() - masterCpu0;
            long minionCpu = (long) ((receiver.cpuSeconds() - minionCpu0) * 1e9);
            if (!missing.arrived(r, List.of(RECEIVER))) {
                return null;
            }
            check(r.returns().get(RECEIVER), dest, bytes, sha256);
            GcLog.Collections minion = receiver.gc.since(mark);
            // Without a collection there is no after-collection figure: the used heap then is an upper bound.
            double minionPeak = minion.count() > 0 ? minion.peakAfterMib() : receiver.usedHeapMib();
            return new Push(nanos, masterCpu, minionCpu, master.peakMib(), minionPeak);
        } finally {
            Files.deleteIfExists(dest);
        }
    }

    /** Throughput and CPU: medians of the timed pushes. Peak heaps: the highest of every push, the first too. */
    private static ScenarioResult report(int mib, List<Push> pushes, double masterIdle, double minionIdle) {
        List<Push> timed = pushes.subList(1, pushes.size());
        Samples s = Samples.ofNanos(timed.stream().map(Push::nanos).toList());
        double mibPerS = mib / (s.medianMs() / 1000);
        double coldMibPerS = mib / (pushes.get(0).nanos() / 1e9);
        double gib = mib / 1024.0;
        double masterCpu = Samples.ofNanos(timed.stream().map(Push::masterCpuNanos).toList()).medianMs() / 1000 / gib;
        double minionCpu = Samples.ofNanos(timed.stream().map(Push::minionCpuNanos).toList()).medianMs() / 1000 / gib;
        double masterPeak = pushes.stream().mapToDouble(Push::masterPeakMib).max().orElse(0);
        double minionPeak = pushes.stream().mapToDouble(Push::minionPeakMib).max().orElse(0);
        // CPU seconds per GiB say more than wall time on a shared machine, where others take cores away.
        String detail = String.format(Locale.ROOT, "; first push (cold minion JVM) %s MiB/s; CPU per GiB: master %.2f s,"
                + " minion %.2f s", Report.num(coldMibPerS), masterCpu, minionCpu);
        return ScenarioResult.measured()
                .figure("mib_per_s", mibPerS)
                .figure("master_peak_heap_mib", masterPeak)
                .figure("minion_peak_heap_mib", minionPeak)
                .row("push " + mib + " MiB", Report.num(mibPerS) + " MiB/s", ">= 300 MiB/s", "", s.spread() + detail)
                .row("master peak heap", Report.num(masterPeak) + " MiB", "constant", "",
                        "after a collection, max of " + pushes.size() + " pushes; idle " + Report.num(masterIdle)
                                + " MiB (bench JVM: master and swarm)")
                .row("minion peak heap", Report.num(minionPeak) + " MiB", "constant", "",
                        "after a collection, max of " + pushes.size() + " pushes; idle " + Report.num(minionIdle)
                                + " MiB (own process)");
    }

    /** CPU time of this JVM so far: the master's, with the bench's own (idle during a push) and the swarm's. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** Fails the scenario unless the minion wrote the whole file, with the hash the bench computed itself. */
    private static void check(MinionResult ret, Path dest, long bytes, String sha256) throws java.io.IOException {
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
