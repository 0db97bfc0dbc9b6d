package io.brine.jobs.internal;

import java.lang.System.Logger.Level;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One subscriber's side of a {@link Flow.Publisher} the master offers (a job's returns, the event bus): it hands
 * the subscriber what its {@link Source} holds, never more than it requested, one signal at a time. Signals run
 * on {@code deliverOn}; with {@code Runnable::run}, on whichever thread made the work (a return taken, an event
 * published, a {@link #request}). Nobody waits: a subscriber that requests nothing leaves its items in its source,
 * which bounds them (a job's expected minions, an event buffer).
 *
 * <p>The serialisation is the usual work-in-progress counter: whoever raises it from zero drains; the others only
 * count, so the drainer goes round again. It starts at one, held by {@link #start}, so nothing is signalled before
 * {@code onSubscribe} has returned (Reactive Streams rules 1.3 and 1.9).
 */
public final class DemandSubscription<T> implements Flow.Subscription {
    private static final System.Logger LOG = System.getLogger(DemandSubscription.class.getName());

    /** Where the items come from. Called only by the one thread draining at a time. */
    public interface Source<T> {
        /** The next item, or null when none is ready now. */
        T poll();

        /** Whether nothing will ever come any more (asked after {@link #poll} answered null). */
        boolean exhausted();

        /** A failure to tell the subscriber ahead of anything still held, or null. */
        Throwable failure();
    }

    private final Flow.Subscriber<? super T> subscriber;
    private final Source<T> source;
    private final Executor deliverOn;
    private final Runnable onEnd;
    private final AtomicLong requested = new AtomicLong();
    private final AtomicInteger work = new AtomicInteger(1);
    private final AtomicBoolean ended = new AtomicBoolean();
    private volatile Throwable badRequest;

    /** {@code onEnd} runs once, when the subscription is cancelled or its last signal is sent. */
    public DemandSubscription(Flow.Subscriber<? super T> subscriber, Source<T> source, Executor deliverOn,
            Runnable onEnd) {
        this.subscriber = java.util.Objects.requireNonNull(subscriber, "subscriber");
        this.source = source;
        this.deliverOn = deliverOn;
        this.onEnd = onEnd;
    }

    /** Tells the subscriber of this subscription, then delivers whatever its source already holds and is asked for. */
    public void start() {
        try {
            subscriber.onSubscribe(this);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "a subscriber failed in onSubscribe; it is unsubscribed", e);
            end();
            return;
        }
        schedule();
    }

    /** The source has something new (an item, its end or a failure). */
    public void signal() {
        if (work.getAndIncrement() == 0) {
            schedule();
        }
    }

    @Override
    public void request(long n) {
        if (n <= 0) {
            badRequest = new IllegalArgumentException("request(" + n + "): demand must be positive (rule 3.9)");
        } else {
            requested.getAndUpdate(r -> r + n < 0 ? Long.MAX_VALUE : r + n);
        }
        signal();
    }

    @Override
    public void cancel() {
        end();
    }

    public boolean ended() {
        return ended.get();
    }

    private void schedule() {
        try {
            deliverOn.execute(this::drain);
        } catch (RejectedExecutionException e) {
            LOG.log(Level.WARNING, "the executor delivering to a subscriber refused; it is unsubscribed", e);
            end();
        }
    }

    private void end() {
        if (ended.compareAndSet(false, true)) {
            onEnd.run();
        }
    }

    private void drain() {
        int missed = 1;
        try {
            while (true) {
                if (ended.get() || deliver()) {
                    return;
                }
                missed = work.addAndGet(-missed);
                if (missed == 0) {
                    return;
                }
            }
        } catch (RuntimeException e) {
            // rule 2.13: a subscriber must not throw; one that does is treated as having cancelled
            LOG.log(Level.WARNING, "a subscriber threw; it is unsubscribed", e);
            end();
        }
    }

    /** One round: a failure, or as many items as requested, then the end if there is one. True once it ended. */
    private boolean deliver() {
        Throwable failure = badRequest != null ? badRequest : source.failure();
        if (failure != null) {
            end();
            subscriber.onError(failure);
            return true;
        }
        long wanted = requested.get();
        long sent = 0;
        while (sent != wanted) {
            T next = source.poll();
            if (next == null) {
                break;
            }
            subscriber.onNext(next);
            sent++;
            if (ended.get()) {
                return true;
            }
        }
        if (source.exhausted()) {
            end();
            subscriber.onComplete();
            return true;
        }
        if (sent != 0 && wanted != Long.MAX_VALUE) {
            requested.addAndGet(-sent);
        }
        return false;
    }
}
