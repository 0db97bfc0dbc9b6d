package io.brine.master;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

/**
 * The job cache's one writer thread: it takes the records the master's threads queue, gathers them for a moment and
 * commits them in one transaction ({@link CacheBatch}), so that a burst of returns costs one fsync rather than one
 * each. While the database cannot be written it keeps the batch and tries it again, ever less often, on a new
 * connection; {@link CacheBacklog} counts what waits meanwhile and says why.
 */
final class CacheWriter {
    /** Logged as the job cache's, where an operator looks for it. */
    private static final Logger LOG = System.getLogger(JobCache.class.getName());
    private static final Object STOP = new Object();
    private static final int MAX_BATCH = 5_000;

    /** Work done on the writer's connection between two batches (pruning). */
    interface Work {
        int run(Connection writer) throws SQLException;
    }

    /** Keeps the writer's connection to one user at a time: the writer thread, or pruning (the timer thread). */
    private final Object writeLock = new Object();
    private final CacheDatabase database;
    private final BlockingQueue<Object> writes = new LinkedBlockingQueue<>();
    /** The rows of {@link #writes} and of a failed batch, by jid, for readers; entered with the queue, in its order. */
    private final PendingRecords pending;
    private final CacheBacklog backlog;
    private final CacheBatch batches;
    /** Told how long each committed batch took, in nanoseconds ({@code brine_job_cache_write_seconds}). */
    private final LongConsumer written;
    private final Thread thread;
    /** When a closing cache stops retrying a failing write ({@code shutdown_timeout}). */
    private volatile long stopDeadlineNanos;
    /** When a read last woke the failing writer ({@link #awaitForRead}); guarded by this. */
    private long lastNudge = System.nanoTime() - TimeUnit.SECONDS.toNanos(1);

    CacheWriter(CacheDatabase database, PendingRecords pending, CacheBacklog backlog, CacheBatch batches,
            ThreadFactory threads, LongConsumer written) {
        this.database = database;
        this.pending = pending;
        this.backlog = backlog;
        this.batches = batches;
        this.written = written;
        this.thread = threads.newThread(this::writeLoop);
        thread.setDaemon(true);
        thread.start();
    }

    void enqueue(CacheRow row) {
        backlog.added(row);
        synchronized (pending) {
            // one order for both: the row that stands for readers is the one that will stand on disk
            pending.add(row);
            writes.add(row);
        }
    }

    /** Waits until everything queued so far is written, or the writer has tried and failed to. */
    void flush() {
        CountDownLatch done = new CountDownLatch(1);
        writes.add(done);
        LockSupport.unpark(thread);
        try {
            done.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Lets the writer commit what is queued before a read, while it can write: a read then finds the database
     * current. While it cannot, a read does not wait for it (each try may wait out a lock) and reads the records
     * waiting in memory beside the database instead; it only wakes it to try again, at most once a second, so that
     * a cache read often is written soon after its disk has room again rather than at the next of the writer's
     * ever longer waits.
     */
    synchronized void awaitForRead() {
        if (backlog.failing() == null) {
            flush();
            return;
        }
        long now = System.nanoTime();
        if (now - lastNudge >= TimeUnit.SECONDS.toNanos(1)) {
            lastNudge = now;
            LockSupport.unpark(thread);
        }
    }

    /** Runs {@code work} on the writer's connection, between two batches. */
    int onConnection(Work work) throws SQLException {
        synchronized (writeLock) {
            return database.write(work::run);
        }
    }

    /**
     * Writes what is queued, waiting up to {@code timeout} for a slow or failing disk, then stops; the database's
     * connections are closed by the caller.
     */
    void close(Duration timeout) throws InterruptedException {
        stopDeadlineNanos = System.nanoTime() + timeout.toNanos();
        writes.add(STOP);
        LockSupport.unpark(thread);
        thread.join(Math.max(1, timeout.toMillis()) + 1000); // its last try may start at the deadline
        if (thread.isAlive()) {
            LOG.log(Level.WARNING, "the job cache could not write " + backlog.records() + " records within "
                    + "shutdown_timeout (" + timeout.toSeconds() + " s): " + backlog.failing() + "; minions will "
                    + "send their returns again, job and delivery records among them are lost");
            thread.interrupt();
            thread.join(1000);
        }
    }

    private void writeLoop() {
        List<Object> batch = new ArrayList<>();
        long retryMillis = 0;
        boolean stopping = false;
        while (true) {
            try {
                if (batch.isEmpty()) {
                    batch.add(writes.take());
                }
            } catch (InterruptedException e) {
                return;
            }
            gather(batch);
            int rows = (int) batch.stream().filter(op -> !awaited(op)).count();
            long rowBytes = batch.stream().filter(op -> !awaited(op)).mapToLong(CacheBacklog::bytesOf).sum();
            SQLException error;
            long began = System.nanoTime();
            synchronized (writeLock) {
                // the connection is shared with pruning, which runs on the master's timer thread
                error = write(batch);
            }
            if (error == null && rows > 0) {
                written.accept(System.nanoTime() - began);
            }
            // remembered across retries: STOP leaves the batch with the other markers after a failed try
            stopping |= batch.contains(STOP);
            boolean stop = stopping;
            // The backlog first: whoever waited reads it as this try left it.
            if (error == null) {
                backlog.written(rows, rowBytes);
                backlog.recovered();
            } else {
                backlog.writeFailed();
            }
            // Whoever waits (a flush before a read, close) is not kept waiting by a failing disk.
            batch.stream().filter(CountDownLatch.class::isInstance).forEach(l -> ((CountDownLatch) l).countDown());
            batch.removeIf(CacheWriter::awaited);
            if (error == null) {
                batch.clear();
                retryMillis = 0;
                if (stop) {
                    return;
                }
                continue;
            }
            if (stop) {
                if (System.nanoTime() - stopDeadlineNanos < 0 && !Thread.currentThread().isInterrupted()) {
                    backlog.retrying(error, 500);
                    // within shutdown_timeout; each try already waits out SQLite's busy timeout
                    LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(500));
                    reconnect(); // a connection that failed mid-transaction may keep failing
                    continue;
                }
                givenUp(batch, error);
                return;
            }
            retryMillis = Math.min(30_000, Math.max(1_000, retryMillis * 2));
            backlog.retrying(error, retryMillis);
            LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(retryMillis));
            reconnect();
        }
    }

    /**
     * Adds what else is queued to {@code batch}; unless someone waits for it (a flush, close), waits
     * {@link JobCache#GATHER_NANOS} for more first.
     */
    private void gather(List<Object> batch) {
        writes.drainTo(batch, Math.max(0, MAX_BATCH - batch.size()));
        if (batch.size() < MAX_BATCH && batch.stream().noneMatch(CacheWriter::awaited)) {
            LockSupport.parkNanos(this, JobCache.GATHER_NANOS);
            writes.drainTo(batch, Math.max(0, MAX_BATCH - batch.size()));
        }
    }

    private static void givenUp(List<Object> batch, SQLException error) {
        long returns = batch.stream().filter(CacheRow.ReturnRow.class::isInstance).count();
        LOG.log(Level.ERROR, "the job cache could not be written before closing: " + returns + " returns "
                + "(never acknowledged, so their minions send them again) and " + (batch.size() - returns)
                + " job and delivery records were not written and are lost: " + error.getMessage());
    }

    /** Writes {@code batch}: null when committed, the error otherwise (a connection not lent counts as one). */
    private SQLException write(List<Object> batch) {
        try {
            return database.write(c -> batches.write(c, batch));
        } catch (SQLException e) {
            return e;
        }
    }

    /** The connection that failed is not trusted again ({@link CacheDatabase#writeFailed}). */
    private void reconnect() {
        synchronized (writeLock) {
            database.writeFailed();
        }
    }

    /** Someone waits for this record to be written: a flush, or close. */
    private static boolean awaited(Object op) {
        return op == STOP || op instanceof CountDownLatch;
    }
}
