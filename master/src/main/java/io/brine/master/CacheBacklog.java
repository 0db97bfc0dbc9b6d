package io.brine.master;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the job cache holds in memory because it is not on disk yet, and why: the records queued or kept after a
 * failed write, their approximate bytes (what the master refuses new jobs beyond), the writes that failed, and the
 * reason the file cannot be written now. A failure is counted always and logged once a minute at most: a full disk
 * must not also fill the log.
 */
final class CacheBacklog {
    private static final Logger LOG = System.getLogger(JobCache.class.getName());

    private final AtomicLong records = new AtomicLong();
    /** Their approximate size ({@link ApproximateSize}): a return may take up to max_return_size (4 MiB). */
    private final AtomicLong bytes = new AtomicLong();
    private final LongAdder failedWrites = new LongAdder();
    private volatile String failing;
    /** Only the writer thread logs. */
    private long lastFailureLog;

    /**
     * What a record waiting to be written holds in memory, roughly, with its entry in {@link PendingRecords};
     * nothing for a marker (a flush, close).
     */
    static long bytesOf(Object op) {
        return op instanceof CacheRow row ? row.bytes() + PendingRecords.ENTRY_BYTES : 0;
    }

    void added(CacheRow row) {
        records.incrementAndGet();
        bytes.addAndGet(bytesOf(row));
    }

    void written(long rows, long rowBytes) {
        records.addAndGet(-rows);
        bytes.addAndGet(-rowBytes);
    }

    long records() {
        return records.get();
    }

    long bytes() {
        return bytes.get();
    }

    long failedWrites() {
        return failedWrites.sum();
    }

    /** Why the cache cannot be written now, or null when it can. */
    String failing() {
        return failing;
    }

    void writeFailed() {
        failedWrites.increment();
    }

    /** The write failed and its records are kept, to be tried again in {@code retryMillis}. */
    void retrying(SQLException error, long retryMillis) {
        failing = error.getMessage();
        long now = System.currentTimeMillis();
        if (now - lastFailureLog >= 60_000) {
            lastFailureLog = now;
            LOG.log(Level.ERROR, "the job cache cannot be written (" + error.getMessage() + "); " + records.get()
                    + " records wait in memory and will be written when it works again; retrying every "
                    + retryMillis / 1000 + " s or so");
        }
    }

    void recovered() {
        if (failing != null) {
            LOG.log(Level.WARNING, "the job cache is written again; the records that waited are on disk");
            failing = null;
            lastFailureLog = 0;
        }
    }
}
