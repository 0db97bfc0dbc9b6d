package io.brine.transport;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.channels.Selector;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Hands work to a socket's I/O thread. ZeroMQ sockets are not thread-safe, so every send and every change to
 * session state runs on the thread that owns the socket; other threads enqueue here and wake the thread's
 * selector. The flag keeps a burst of submissions down to one wake-up.
 */
final class Outbox {
    private static final Logger LOG = System.getLogger(Outbox.class.getName());

    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean wakeupPending = new AtomicBoolean();
    private final Selector selector;

    Outbox(Selector selector) {
        this.selector = selector;
    }

    /** Runs {@code task} on the I/O thread, after everything submitted before it; callable from any thread. */
    void submit(Runnable task) {
        tasks.add(task);
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
