package io.brine.master;

import io.brine.jobs.JobState;
import io.brine.jobs.MinionResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The job cache's records that are not on disk yet, by jid: what a lookup adds to what the database holds, so that
 * a job published while the cache cannot be written (a full disk) is shown and listed as if it had been written.
 * It holds the very rows waiting in the writer's queue and backlog, not copies, so the backlog's bounds
 * ({@link JobCache#MAX_BACKLOG}, {@link JobCache#MAX_BACKLOG_BYTES}) bound it too; a row leaves once it is
 * committed (or given up), and a reader that looked here first and at the database second sees it in one place or
 * the other, never in neither.
 *
 * <p>What the database will hold once the rows land decides what a reader sees now: the last job row of a jid
 * stands, acknowledgements add up, a minion's first return stands, the last change to a queued delivery stands.
 */
final class PendingRecords {
    /**
     * What indexing one row costs here, roughly (a map entry, and a share of its jid's maps): counted in the
     * backlog's bytes with the row.
     */
    static final long ENTRY_BYTES = 64;

    /** One jid's rows, each the last of its kind (a minion's first return); guarded by the enclosing instance. */
    private static final class Waiting {
        CacheRow.JobRow job;
        final Map<String, CacheRow.AckRow> acks = new HashMap<>();
        final Map<String, CacheRow.ReturnRow> returns = new HashMap<>();
        final Map<String, CacheRow.QueuedRow> queued = new HashMap<>();

        boolean isEmpty() {
            return job == null && acks.isEmpty() && returns.isEmpty() && queued.isEmpty();
        }

        Pending snapshot() {
            Map<String, MinionResult> rets = new TreeMap<>();
            returns.forEach((minion, row) -> rets.put(minion, row.ret()));
            Map<String, Long> until = new TreeMap<>();
            queued.forEach((minion, row) -> until.put(minion, row.until()));
            return new Pending(job == null ? null : job.job(), new TreeSet<>(acks.keySet()), rets, until);
        }
    }

    private final Map<String, Waiting> byJid = new HashMap<>();

    /**
     * Called in the order the rows are queued for the writer (under the same lock), so that "the last one stands"
     * here means what it will mean in the database.
     */
    synchronized void add(CacheRow row) {
        Waiting w = byJid.computeIfAbsent(row.jid(), jid -> new Waiting());
        if (row instanceof CacheRow.JobRow r) {
            w.job = r;
        } else if (row instanceof CacheRow.AckRow r) {
            w.acks.put(r.minion(), r);
        } else if (row instanceof CacheRow.ReturnRow r) {
            w.returns.putIfAbsent(r.minion(), r); // the first return stands (INSERT OR IGNORE)
        } else if (row instanceof CacheRow.QueuedRow r) {
            w.queued.put(r.minion(), r);
        }
    }

    /** {@code rows} are committed, or given up for good: each leaves unless a later row took its place. */
    synchronized void settled(List<?> rows) {
        for (Object op : rows) {
            if (!(op instanceof CacheRow row)) {
                continue;
            }
            Waiting w = byJid.get(row.jid());
            if (w == null) {
                continue;
            }
            if (row instanceof CacheRow.JobRow r && w.job == r) {
                w.job = null;
            } else if (row instanceof CacheRow.AckRow r && w.acks.get(r.minion()) == r) {
                w.acks.remove(r.minion());
            } else if (row instanceof CacheRow.ReturnRow r && w.returns.get(r.minion()) == r) {
                w.returns.remove(r.minion());
            } else if (row instanceof CacheRow.QueuedRow r && w.queued.get(r.minion()) == r) {
                w.queued.remove(r.minion());
            }
            if (w.isEmpty()) {
                byJid.remove(row.jid());
            }
        }
    }

    /** What waits for {@code jid}, if anything. */
    synchronized Optional<Pending> of(String jid) {
        Waiting w = byJid.get(jid);
        return w == null ? Optional.empty() : Optional.of(w.snapshot());
    }

    /** What waits, every jid, newest first; {@code onlyJids} (may be null) narrows it. */
    synchronized TreeMap<String, Pending> all(java.util.Collection<String> onlyJids) {
        TreeMap<String, Pending> out = new TreeMap<>(java.util.Comparator.reverseOrder());
        if (onlyJids != null) {
            for (String jid : onlyJids) {
                Waiting w = byJid.get(jid);
                if (w != null) {
                    out.put(jid, w.snapshot());
                }
            }
        } else {
            byJid.forEach((jid, w) -> out.put(jid, w.snapshot()));
        }
        return out;
    }

    /** Jids with rows waiting. */
    synchronized int jids() {
        return byJid.size();
    }

    /**
     * One jid's rows not yet on disk, as the database will read them: {@code job} (null when no job row waits),
     * acknowledging minions, first returns by minion, and queued deliveries by minion ({@code until} 0: deleted).
     */
    record Pending(JobState job, java.util.SortedSet<String> acks, Map<String, MinionResult> returns,
            Map<String, Long> queued) {

        /**
         * The job as the database will read it once these rows land on {@code stored} (what it reads now): the job
         * row's columns from the last one (a job row's own acknowledgements and returns are never stored), the
         * acknowledgements of both, the first return of each minion, all ordered by minion as the database orders
         * them.
         */
        Optional<JobState> over(Optional<JobState> stored) {
            JobState base = job != null ? job : stored.orElse(null);
            if (base == null) {
                return Optional.empty(); // acknowledgements or returns of a job that is not (any more) recorded
            }
            TreeSet<String> acked = new TreeSet<>(acks);
            Map<String, MinionResult> rets = new TreeMap<>(returns);
            stored.ifPresent(s -> {
                acked.addAll(s.acknowledged());
                rets.putAll(s.returns()); // the one written first stands
            });
            return Optional.of(new JobState(base.jid(), base.function(), base.args(), base.kwargs(), base.target(),
                    base.targetType(), base.caller(), base.startTime(), base.timeout(), base.expected(),
                    base.unreachable(), new ArrayList<>(acked), rets, base.unknown(), base.queueUntil(),
                    base.disconnected(), base.killed()));
        }

        /** What a late return of {@code minion} learns of the job, these rows over {@code stored}. */
        Optional<JobCache.LateJob> over(Optional<JobCache.LateJob> stored, String minion) {
            boolean returned = returns.containsKey(minion) || stored.map(JobCache.LateJob::returned).orElse(false);
            if (job != null) {
                return Optional.of(new JobCache.LateJob(job.caller(), job.startTime().toEpochMilli(),
                        job.expected().contains(minion), returned));
            }
            return stored.map(s -> new JobCache.LateJob(s.caller(), s.startMillis(), s.expects(), returned));
        }

        /** Whether a delivery still waits, given the deliveries {@code stored} (by minion) and these changes. */
        boolean queuedAt(Map<String, Long> stored, long nowMillis) {
            Map<String, Long> merged = new HashMap<>(stored);
            merged.putAll(queued);
            return merged.values().stream().anyMatch(until -> until > nowMillis);
        }
    }
}
