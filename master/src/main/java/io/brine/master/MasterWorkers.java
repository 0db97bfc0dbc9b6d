package io.brine.master;

import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The master's worker threads, with two lanes. The work callers wait on (their requests, the returns and file
 * requests of running jobs) goes ahead of the bookkeeping a reconnecting fleet brings (each session's start event
 * and queued deliveries, grains reports, reactions to events): after a master restart, 1,000 minions queued some 300
 * such tasks at once, and an operator's ping waited behind all of them. Not for ever: a task of the
 * {@link #background()} lane is taken once {@link #HEAD_START} later tasks of the first lane have gone ahead of it,
 * so a steady stream of returns delays the fleet's bookkeeping but never stops it.
 *
 * <pre>{@code
 * MasterWorkers workers = new MasterWorkers(4, threads);
 * workers.execute(() -> clients.handle(session, request));        // ahead
 * workers.background().execute(() -> grains.store(id, report));  // after, unless it has waited long enough
 * }</pre>
 */
final class MasterWorkers implements Executor {
    /** How many tasks of the first lane may go ahead of one of the background lane. */
    static final long HEAD_START = 1_000;

    /** A task and its place: the order it came in, pushed back by {@link #HEAD_START} in the background lane. */
    private record Ranked(long rank, Runnable task) implements Runnable {
        @Override
        public void run() {
            task.run();
        }
    }

    private final AtomicLong arrivals = new AtomicLong();
    private final ThreadPoolExecutor pool;
    private final Executor background = task -> submit(task, HEAD_START);

    MasterWorkers(int threads, ThreadFactory factory) {
        this.pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
                new PriorityBlockingQueue<>(64, Comparator.comparingLong(r -> ((Ranked) r).rank())), factory);
    }

    /** Runs {@code task} ahead of the background lane's. */
    @Override
    public void execute(Runnable task) {
        submit(task, 0);
    }

    /** The lane of the work nobody waits on. */
    Executor background() {
        return background;
    }

    private void submit(Runnable task, long pushedBack) {
        pool.execute(new Ranked(arrivals.getAndIncrement() + pushedBack, task));
    }

    /** Tasks waiting for a worker, both lanes. */
    int waiting() {
        return pool.getQueue().size();
    }

    List<Runnable> shutdownNow() {
        return pool.shutdownNow();
    }

    boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return pool.awaitTermination(timeout, unit);
    }
}
