package io.brine.master;

import io.brine.jobs.JobState;
import io.brine.jobs.MinionResult;
import java.util.Arrays;

/**
 * One record the {@link JobCache} writes: it waits in memory (its writer's queue, and after a failed write its
 * backlog) until it is on disk, and {@link PendingRecords} lets readers see it meanwhile. Rows are told apart by
 * identity, not by value: two equal rows are two writes.
 */
sealed interface CacheRow {
    String jid();

    /** What the row holds in memory, roughly ({@link ApproximateSize}): what the backlog's byte bound counts. */
    long bytes();

    /** A job's row: inserted, or replacing the one written before (its acknowledgements and returns aside). */
    record JobRow(JobState job) implements CacheRow {
        @Override
        public String jid() {
            return job.jid();
        }

        @Override
        public long bytes() {
            return ApproximateSize.of(Arrays.asList(job.jid(), job.function(), job.args(), job.kwargs(), job.target(),
                    job.caller(), job.expected(), job.unreachable(), job.acknowledged(), job.returns().keySet(),
                    job.unknown()));
        }
    }

    /** The minion had the job. */
    record AckRow(String jid, String minion) implements CacheRow {
        @Override
        public long bytes() {
            return ApproximateSize.of(Arrays.asList(jid, minion));
        }
    }

    /** A delivery waiting for a minion that is away ({@code until} 0: delivered or cancelled, so deleted). */
    record QueuedRow(String jid, String minion, long until) implements CacheRow {
        @Override
        public long bytes() {
            return ApproximateSize.of(Arrays.asList(jid, minion));
        }
    }

    /** A minion's return; {@code committed} (may be null) runs once it is on disk. */
    record ReturnRow(String jid, String minion, MinionResult ret, Runnable committed) implements CacheRow {
        @Override
        public long bytes() {
            return ApproximateSize.of(Arrays.asList(jid, minion)) + ApproximateSize.of(ret.ret());
        }
    }
}
