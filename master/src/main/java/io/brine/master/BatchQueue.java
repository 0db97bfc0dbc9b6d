package io.brine.master;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Items written to the cluster's database a batch at a time, on one task of {@code work} at a time: what queues
 * while a batch is written goes in the next one. One transaction for many rows instead of one each: a commit costs
 * a WAL flush (milliseconds), so the replies of a routed broadcast to 1,000 minions, written one by one, took about
 * a second. Bounded: past {@code maxQueued} an item is refused (the caller says what that costs) and counted.
 *
 * <pre>{@code
 * BatchQueue<Long> deletes = new BatchQueue<>(work, 100_000, 1_000, ids -> delete(ids));
 * deletes.offer(42L);
 * }</pre>
 */
final class BatchQueue<T> {
    /** Writes one batch; a failure is the writer's to log, and the batch is not tried again. */
    @FunctionalInterface
    interface Writer<T> {
        void write(List<T> batch);
    }

    private final Executor work;
    private final int maxQueued;
    private final int perBatch;
    private final Writer<T> writer;
    private final ConcurrentLinkedQueue<T> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicBoolean draining = new AtomicBoolean();
    private final AtomicLong refused = new AtomicLong();

    BatchQueue(Executor work, int maxQueued, int perBatch, Writer<T> writer) {
        this.work = work;
        this.maxQueued = maxQueued;
        this.perBatch = perBatch;
        this.writer = writer;
    }

    /** Queues {@code item} for the next batch; false (counted) if {@code maxQueued} already wait. */
    boolean offer(T item) {
        if (queued.incrementAndGet() > maxQueued) {
            queued.decrementAndGet();
            refused.incrementAndGet();
            return false;
        }
        queue.add(item);
        drainSoon();
        return true;
    }

    private void drainSoon() {
        if (draining.compareAndSet(false, true)) {
            work.execute(this::drain);
        }
    }

    private void drain() {
        try {
            List<T> batch = new ArrayList<>();
            T next;
            while (batch.size() < perBatch && (next = queue.poll()) != null) {
                batch.add(next);
            }
            queued.addAndGet(-batch.size());
            if (!batch.isEmpty()) {
                writer.write(batch);
            }
        } finally {
            draining.set(false);
        }
        if (!queue.isEmpty()) {
            drainSoon();
        }
    }

    /** Items refused because {@code maxQueued} waited, since the start. */
    long refused() {
        return refused.get();
    }

    int queued() {
        return queued.get();
    }
}
