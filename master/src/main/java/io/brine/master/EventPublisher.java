package io.brine.master;

import io.brine.jobs.Event;
import io.brine.jobs.Subscription;
import io.brine.jobs.internal.DemandSubscription;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.LongAdder;

/**
 * The event bus's events whose tags match one pattern, as a {@link Flow.Publisher}: each subscriber gets every later
 * matching event in the order the bus published them, as far as it requests. What it has not requested yet waits
 * in a buffer of its own, bounded ({@value #DEFAULT_BUFFER} events unless chosen), because the bus never waits for a
 * subscriber: when it is full, the {@link Overflow} policy decides, and {@link #dropped()} counts what was lost.
 *
 * <pre>{@code
 * master.events().publisher("brine/minion/vm-42/event/ready").subscribe(subscriber);  // fails when it lags
 * master.events().publisher("brine/job/**", workers, 256, EventPublisher.Overflow.DROP_OLDEST)  // or forgets
 *         .subscribe(progress);
 * }</pre>
 */
public final class EventPublisher implements Flow.Publisher<Event> {
    /** The buffer each subscriber gets unless the publisher was asked for another: what an SSE stream holds too. */
    public static final int DEFAULT_BUFFER = 1024;

    /** What happens when an event comes for a subscriber whose buffer is full. */
    public enum Overflow {
        /**
         * The subscriber is told {@code onError(}{@link OverflowException}{@code )} and unsubscribed, its buffered
         * events counted as dropped: it learns it missed events and can subscribe again (and read the job cache
         * for what it missed). As the HTTP API's event stream ends a client that reads too slowly. The default.
         */
        FAIL,
        /** The oldest buffered event is dropped (counted) to make room; the subscriber goes on with the newer ones. */
        DROP_OLDEST
    }

    /** A subscriber fell {@code capacity} events behind and was unsubscribed ({@link Overflow#FAIL}). */
    public static final class OverflowException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        OverflowException(String pattern, int capacity) {
            super("a subscriber to '" + pattern + "' left " + capacity + " events unrequested; it was unsubscribed");
        }
    }

    private final EventBus bus;
    private final String tagGlob;
    private final Executor deliverOn;
    private final int capacity;
    private final Overflow overflow;
    private final LongAdder dropped = new LongAdder();

    EventPublisher(EventBus bus, String tagGlob, Executor deliverOn, int capacity, Overflow overflow) {
        TagPattern.compile(tagGlob); // a bad pattern fails here, not at the first subscribe
        if (capacity < 1) {
            throw new IllegalArgumentException("an event buffer holds at least one event: " + capacity);
        }
        this.bus = bus;
        this.tagGlob = tagGlob;
        this.deliverOn = Objects.requireNonNull(deliverOn, "deliverOn");
        this.capacity = capacity;
        this.overflow = Objects.requireNonNull(overflow, "overflow");
    }

    /**
     * Subscribes {@code subscriber} to every matching event the bus publishes from now on: it is on the bus before
     * {@code onSubscribe} is called, so an event published after this returns reaches it. The subscription ends
     * when the subscriber cancels, or overflows under {@link Overflow#FAIL}; the stream of events never completes.
     */
    @Override
    public void subscribe(Flow.Subscriber<? super Event> subscriber) {
        Buffer buffer = new Buffer();
        DemandSubscription<Event> s = new DemandSubscription<>(subscriber, buffer, deliverOn, buffer::close);
        buffer.open(s);
        s.start();
    }

    /**
     * Events this publisher's subscribers lost to a full buffer: dropped to make room ({@link Overflow#DROP_OLDEST}),
     * or left in the buffer of a subscriber failed for lagging ({@link Overflow#FAIL}), with the one that overflowed.
     */
    public long dropped() {
        return dropped.sum();
    }

    /** One subscriber's buffer, filled on the publishing threads, emptied by its subscription. */
    private final class Buffer implements DemandSubscription.Source<Event> {
        private final ArrayDeque<Event> events = new ArrayDeque<>();
        private OverflowException failure;
        private volatile Subscription onBus;

        void open(DemandSubscription<Event> subscription) {
            onBus = bus.subscribe(tagGlob, e -> {
                if (offer(e)) {
                    subscription.signal();
                }
            });
        }

        /** False when nothing changed for the subscriber (it failed already). */
        private synchronized boolean offer(Event e) {
            if (failure != null) {
                return false;
            }
            if (events.size() < capacity) {
                events.add(e);
            } else if (overflow == Overflow.DROP_OLDEST) {
                events.poll();
                events.add(e);
                dropped.increment();
            } else {
                dropped.add(events.size() + 1L);
                events.clear();
                failure = new OverflowException(tagGlob, capacity);
            }
            return true;
        }

        @Override
        public synchronized Event poll() {
            return events.poll();
        }

        @Override
        public boolean exhausted() {
            return false;
        }

        @Override
        public synchronized Throwable failure() {
            return failure;
        }

        void close() {
            Subscription s = onBus;
            if (s != null) {
                s.close();
            }
            synchronized (this) {
                events.clear();
            }
        }
    }
}
