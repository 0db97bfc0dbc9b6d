package io.brine.master;

import io.brine.master.internal.PushedFiles;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Which running {@code cp.push} job a minion's push belongs to, and what that job may still push: a minion pushes
 * only while it runs a {@code cp.push} job the master sent it, only the file that job asked for (its path
 * normalised as the minion does: {@code /srv/./a} is {@code /srv/a}), and at most {@code max_push_bytes} within
 * it. Each refusal throws with the reason the minion is told, and is counted by kind.
 */
final class PushPermits {
    /** The {@code cp.push} jobs a minion is running now, oldest first. */
    interface PushJobs {
        List<PushJob> running(String minionId);
    }

    /** A running {@code cp.push} job and the path it asked for (null if it named none: nothing matches it). */
    record PushJob(String jid, String path) {
        /** From the job's arguments: {@code cp.push PATH} or {@code cp.push path=PATH}. */
        static PushJob of(String jid, List<Object> args, Map<String, Object> kwargs) {
            Object path = !args.isEmpty() ? args.get(0) : kwargs.get("path");
            return new PushJob(jid, path instanceof String s ? s : null);
        }
    }

    private final PushJobs jobs;
    private final long maxBytesPerJob;
    /** Bytes each minion pushed within each of its running cp.push jobs (by jid). */
    private final Map<String, Map<String, Long>> budgets = new ConcurrentHashMap<>();
    /** Pushes while no cp.push job runs on that minion, or after the one that asked for them ended. */
    final LongAdder refusedUnsolicited = new LongAdder();
    final LongAdder refusedOverQuota = new LongAdder();
    /** Pushes of a file no running cp.push job on that minion asked for. */
    final LongAdder refusedUnrequested = new LongAdder();

    PushPermits(PushJobs jobs, long maxBytesPerJob) {
        this.jobs = jobs;
        this.maxBytesPerJob = maxBytesPerJob;
    }

    /** The minion's running cp.push jobs; refuses a push while it runs none. */
    List<PushJob> running(String minionId) {
        List<PushJob> running = jobs.running(minionId);
        if (running.isEmpty()) {
            budgets.remove(minionId);
            refusedUnsolicited.increment();
            throw new IllegalArgumentException("no cp.push job is running on this minion; pushes are accepted only "
                    + "for one");
        }
        return running;
    }

    /** The job among {@code running} that asked for the file {@code path} names; refused if none did. */
    PushJob requester(List<PushJob> running, String path) {
        Optional<String> pushed = PushedFiles.asPushed(path);
        for (PushJob job : running) {
            if (pushed.isPresent() && pushed.equals(PushedFiles.asPushed(job.path()))) {
                return job;
            }
        }
        refusedUnrequested.increment();
        throw new IllegalArgumentException("no cp.push job running on this minion asked for "
                + PushedFiles.shown(path) + " (job " + running.get(0).jid() + " asked for "
                + PushedFiles.shown(running.get(0).path()) + "); nothing was written");
    }

    /**
     * Counts {@code bytes} against job {@code jid}, which asked for the file they belong to; refuses them once that
     * job has ended, or beyond its quota.
     */
    void charge(String minionId, String jid, List<PushJob> running, long bytes) {
        Set<String> jids = new HashSet<>();
        running.forEach(j -> jids.add(j.jid()));
        if (!jids.contains(jid)) {
            refusedUnsolicited.increment();
            throw new IllegalArgumentException("job " + jid + ", which asked for this push, has ended");
        }
        Map<String, Long> mine = budgets.computeIfAbsent(minionId, id -> new ConcurrentHashMap<>());
        mine.keySet().retainAll(jids); // the jobs that ended take their counts with them
        long after = mine.merge(jid, bytes, Long::sum);
        if (after > maxBytesPerJob) {
            refusedOverQuota.increment();
            throw new IllegalArgumentException("push quota exceeded: more than " + maxBytesPerJob
                    + " bytes within job " + jid + " (max_push_bytes)");
        }
    }
}
