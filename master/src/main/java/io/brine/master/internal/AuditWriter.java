package io.brine.master.internal;

import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.LongAdder;

/**
 * Appends the audit log's lines in order, each with one write to its sink (a file opened for appending, or a
 * cluster's database: {@link AuditSink}). A line that
 * cannot be written (a full disk, a database away) waits in memory and is written, in order, before any later line,
 * by {@link #retry} (the master's timer, every second): while the sink fails, an action's line is kept without
 * trying the sink, so no caller waits for a disk or a database that is not there (a database's connection timeout
 * is seconds), and the timer's tries run outside the lock that writers take. With {@code audit_required} the caller
 * asked to wait: {@link #writeOrForget} and {@link #writable} try what waits at once. What waits is bounded ({@link #MAX_LINES},
 * {@link #MAX_BYTES}); past that a line is dropped, counted, and the first drop of an episode (from the first
 * failure until all that waited is written) logged. A line partly written when the disk filled keeps its rest,
 * whatever the bounds: a torn line would spoil the file for every reader.
 *
 * <p>With {@code sync}, a line counts as written once synced ({@link AuditSink#sync}), not before.
 */
final class AuditWriter {
    private static final Logger LOG = System.getLogger(AuditWriter.class.getName());
    /** Audit lines waiting in memory while the log cannot be written, at most. */
    static final int MAX_LINES = 10_000;
    /** Their bytes, at most (a publish line carries the job's arguments). */
    static final long MAX_BYTES = 16L << 20;

    private final AuditSink sink;
    private final boolean sync;
    private final int maxLines;
    private final long maxBytes;
    /** Lines not yet written, oldest first; the first may be partly written. Guarded by this. */
    private final ArrayDeque<ByteBuffer> waiting = new ArrayDeque<>();
    private long waitingBytes;
    private final LongAdder dropped = new LongAdder();
    private long droppedThisEpisode;
    private long lastFailureLog;
    private volatile String failing;
    private volatile int waitingLines;
    /** Held by the one {@link #retry} that runs at a time. */
    private final Object retrying = new Object();

    AuditWriter(AuditSink sink, boolean sync, int maxLines, long maxBytes) {
        this.sink = sink;
        this.sync = sync;
        this.maxLines = maxLines;
        this.maxBytes = maxBytes;
    }

    /** Writes {@code line} after every line waiting; true once written, false when it waits (or was dropped). */
    synchronized boolean write(ByteBuffer line, String what) {
        if (waiting.isEmpty() && failing == null && written(line)) {
            return true;
        }
        keep(line, what);
        return false;
    }

    /**
     * As {@link #write}, but a line that could not be written is forgotten (its action will not happen), unless it
     * was partly written: then its rest waits.
     */
    boolean writeOrForget(ByteBuffer line) {
        // audit_required: the caller chose to wait for the sink, so what waits is tried now, as the timer would
        synchronized (retrying) {
            synchronized (this) {
                if (drained() && written(line)) {
                    return true;
                }
                if (line.position() > 0 && line.hasRemaining()) {
                    enqueue(line);
                }
                return false;
            }
        }
    }

    /**
     * True when nothing waits (what waited is tried now: see {@link #writeOrForget}), the last write worked and
     * (with {@code sync}) the log syncs now.
     */
    boolean writable() {
        synchronized (retrying) {
            synchronized (this) {
                if (!drained() || failing != null) {
                    return false;
                }
                try {
                    if (sync) {
                        sink.sync();
                    }
                    return true;
                } catch (IOException e) {
                    failed(e);
                    return false;
                }
            }
        }
    }

    /**
     * Writes what waits, in order, or tries the sink again after a failure (the master's timer, every second). Each
     * line goes to the sink outside this writer's lock, so writers keep lines meanwhile instead of waiting: only this
     * method writes while lines wait or the sink fails, and a line leaves the queue only once written.
     */
    void retry() {
        synchronized (retrying) {
            while (true) {
                ByteBuffer head;
                synchronized (this) {
                    head = waiting.peekFirst();
                    if (head == null) {
                        if (failing != null && probe()) {
                            recovered();
                        }
                        return;
                    }
                }
                try {
                    writeAll(head);
                    if (sync) {
                        sink.sync();
                    }
                } catch (IOException e) {
                    synchronized (this) {
                        failed(e);
                    }
                    return;
                }
                synchronized (this) {
                    waiting.pollFirst();
                    waitingBytes -= head.limit();
                    waitingLines = waiting.size();
                    if (waiting.isEmpty()) {
                        recovered();
                    }
                }
            }
        }
    }

    /** With nothing waiting after a failure: whether the sink works again (a sync; a database sink's is a no-op). */
    private boolean probe() {
        try {
            sink.sync();
            return true;
        } catch (IOException e) {
            failed(e);
            return false;
        }
    }

    /** Writes every waiting line, in order; true when none is left. */
    private boolean drained() {
        if (waiting.isEmpty()) {
            return true;
        }
        try {
            while (!waiting.isEmpty()) {
                ByteBuffer head = waiting.peekFirst();
                writeAll(head);
                waiting.pollFirst();
                waitingBytes -= head.limit();
                waitingLines = waiting.size();
            }
            if (sync) {
                sink.sync();
            }
        } catch (IOException e) {
            failed(e);
            return false;
        }
        recovered();
        return true;
    }

    private boolean written(ByteBuffer line) {
        try {
            writeAll(line);
            if (sync) {
                sink.sync();
            }
        } catch (IOException e) {
            failed(e);
            return false;
        }
        recovered();
        return true;
    }

    private void writeAll(ByteBuffer line) throws IOException {
        sink.write(line);
    }

    private void keep(ByteBuffer line, String what) {
        boolean torn = line.position() > 0;
        if (!torn && (waiting.size() >= maxLines || waitingBytes + line.limit() > maxBytes)) {
            dropped.increment();
            if (droppedThisEpisode++ == 0) {
                LOG.log(Level.ERROR, "the audit log " + sink.describe() + " cannot be written (" + failing + ") and "
                        + waiting.size() + " entries (" + waitingBytes / 1024 + " KiB) already wait in memory, the "
                        + "most it keeps: entries are dropped, and counted (audit_entries_dropped), until it can be "
                        + "written again; the first dropped: " + what);
            }
            return;
        }
        enqueue(line);
    }

    private void enqueue(ByteBuffer line) {
        waiting.addLast(line);
        waitingBytes += line.limit();
        waitingLines = waiting.size();
    }

    /** Logged when the log first fails, then once a minute at most: a full disk must not also fill the log. */
    private void failed(IOException e) {
        boolean first = failing == null;
        failing = String.valueOf(e.getMessage() == null ? e : e.getMessage());
        long now = System.currentTimeMillis();
        if (first || now - lastFailureLog >= 60_000) {
            lastFailureLog = now;
            LOG.log(Level.ERROR, "cannot append to the audit log " + sink.describe() + ": " + failing + "; " + waiting.size()
                    + " entries wait in memory and are written, in order, once it can be (at most " + maxLines
                    + " entries, " + maxBytes / (1024 * 1024) + " MiB)");
        }
    }

    private void recovered() {
        if (failing != null) {
            LOG.log(Level.WARNING, "the audit log " + sink.describe() + " is written again; what waited is there"
                    + (droppedThisEpisode > 0 ? "; " + droppedThisEpisode + " entries were dropped meanwhile" : ""));
            failing = null;
            droppedThisEpisode = 0;
            lastFailureLog = 0;
        }
    }

    /** Why the log cannot be written now, or null when it can. */
    String failing() {
        return failing;
    }

    /** Lines waiting in memory. */
    int waiting() {
        return waitingLines;
    }

    /** Lines dropped because too many waited, since the start. */
    long dropped() {
        return dropped.sum();
    }

    /** A last try; what still waits is lost, and logged. */
    void close() {
        synchronized (retrying) { // not while the timer's retry writes a line: it would be written twice
            synchronized (this) {
                if (!drained()) {
                    LOG.log(Level.ERROR, waiting.size() + " audit entries could not be written to "
                            + sink.describe() + " before closing and are lost: " + failing);
                }
                sink.close();
            }
        }
    }
}
