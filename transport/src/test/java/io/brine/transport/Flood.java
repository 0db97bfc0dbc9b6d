package io.brine.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** Hostile clients on a few threads, each repeating its attack until a deadline: bounded in time and threads. */
final class Flood implements AutoCloseable {
    /** One attack; may throw when the master closes the connection, which ends that attempt only. */
    interface Attack {
        void run(int thread) throws Exception;
    }

    final AtomicLong attempts = new AtomicLong();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stopped;

    static Flood start(int threadCount, long millis, Attack attack) {
        Flood flood = new Flood();
        long end = System.nanoTime() + millis * 1_000_000;
        for (int t = 0; t < threadCount; t++) {
            int thread = t;
            Thread th = new Thread(() -> {
                while (!flood.stopped && System.nanoTime() < end) {
                    flood.attempts.incrementAndGet();
                    try {
                        attack.run(thread);
                    } catch (Exception e) {
                        // closed by the master: the next attempt starts over
                    }
                }
            }, "flood-" + t);
            th.setDaemon(true);
            flood.threads.add(th);
            th.start();
        }
        return flood;
    }

    /** Waits for the attack's deadline (or stops it) and for every thread to end. */
    @Override
    public void close() throws InterruptedException {
        for (Thread t : threads) {
            t.join(30_000);
        }
        stopped = true;
    }

    void stop() throws InterruptedException {
        stopped = true;
        close();
    }
}
