package io.brine.transport;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.channels.Selector;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Hands work to a socket's I/O thread. Connections are not thread-safe, so every send and every change to
 * session state runs on the thread that owns the socket; other threads enqueue here and wake the thread's
 * selector. The flag keeps a burst of submissions down to one wake-up.
 *
 * <p>Bulk work (sealing a file chunk: a millisecond or more each) waits in a lane of its own, of which a few
 * run per turn after everything else: a minion asking for chunks in a loop cannot put hundreds of
 * milliseconds of sealing ahead of another peer's job or heartbeat.
 */
final class Outbox {
    private static final Logger LOG = System.getLogger(Outbox.class.getName());

    /** Bulk tasks run per turn, after the rest. */
    static final int BULK_PER_TURN = 4;

    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final Queue<Runnable> bulk = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean wakeupPending = new AtomicBoolean();
    private final Selector selector;

    Outbox(Selector selector) {
        this.selector = selector;
    }

    /** Runs {@code task} on the I/O thread, after everything submitted before it; callable from any thread. */
    void submit(Runnable task) {
        tasks.add(task);
        wake();
    }

    /** As {@link #submit}, in the bulk lane: after other work, a few a turn, in order among themselves. */
    void submitBulk(Runnable task) {
        bulk.add(task);
        wake();
    }

    private void wake() {
        if (wakeupPending.compareAndSet(false, true)) {
            selector.wakeup();
        }
    }

    /** Runs the queued tasks on the calling (I/O) thread; returns how many ran. */
    int runPending() {
        wakeupPending.set(false);
        int ran = 0;
        Runnable task;
        while ((task = tasks.poll()) != null) {
            guarded(task);
            ran++;
        }
        for (int i = 0; i < BULK_PER_TURN && (task = bulk.poll()) != null; i++) {
            guarded(task);
            ran++;
        }
        if (!bulk.isEmpty()) {
            wake(); // more next turn, once the sockets have been served
        }
        return ran;
    }

    /**
     * Runs one task so that its failure stays its own: a task that throws, or cannot start a thread (a swarm at
     * the process's thread limit), must not stop the I/O thread every session depends on.
     */
    static void guarded(Runnable work) {
        try {
            work.run();
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            LOG.log(Level.ERROR, "work on an I/O thread failed; the thread carries on", e);
        }
    }
}
