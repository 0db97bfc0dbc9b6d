package io.brine.master;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Lets a batched job out a few minions at a time: at most {@code size} are running, and each return (or a
 * minion that never answers within the job's timeout) frees a slot for the next one, {@code waitMillis}
 * later. Salt's {@code -b 10} / {@code -b 25%}; the size comes from {@link Batch#size}.
 */
final class BatchRelease {
    private final int size;
    private final long waitMillis;
    private final long slotTimeoutMillis;
    private final Deque<String> waiting;
    private final Set<String> running = new HashSet<>();
    private final Consumer<String> send;
    private final ScheduledExecutorService timer;

    BatchRelease(List<String> minions, int size, long waitMillis, long slotTimeoutMillis, Consumer<String> send,
            ScheduledExecutorService timer) {
        this.size = Math.max(1, size);
        this.waitMillis = waitMillis;
        this.slotTimeoutMillis = slotTimeoutMillis;
        this.waiting = new ArrayDeque<>(minions);
        this.send = send;
        this.timer = timer;
    }

    /** How long a caller may have to wait for the whole batched job. */
    static long totalWaitMillis(int minions, int size, long timeoutMillis, long waitMillis) {
        long rounds = (minions + Math.max(1, size) - 1) / Math.max(1, size);
        return Math.max(1, rounds) * (timeoutMillis + waitMillis);
    }

    void start() {
        fill();
    }

    void returned(String id) {
        boolean freed;
        synchronized (this) {
            freed = running.remove(id);
        }
        if (freed) {
            if (waitMillis > 0) {
                timer.schedule(this::fill, waitMillis, TimeUnit.MILLISECONDS);
            } else {
                fill();
            }
        }
    }

    private void fill() {
        while (true) {
            String next;
            synchronized (this) {
                if (running.size() >= size || waiting.isEmpty()) {
                    return;
                }
                next = waiting.removeFirst();
                running.add(next);
            }
            send.accept(next);
            timer.schedule(() -> returned(next), slotTimeoutMillis, TimeUnit.MILLISECONDS);
        }
    }
}
