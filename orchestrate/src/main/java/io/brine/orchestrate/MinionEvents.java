package io.brine.orchestrate;

import io.brine.jobs.Event;
import io.brine.master.internal.Orchestrator;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Predicate;

/**
 * The minions' events an orchestration has seen since it started, for {@code salt.wait_for_event}: an event sent
 * before the step that waits for it began (while an earlier step ran) still releases it, as in Salt, whose
 * orchestrations listen from their start. Bounded: the oldest are dropped beyond {@link #MAX_KEPT}.
 */
final class MinionEvents implements AutoCloseable {
    static final int MAX_KEPT = 10_000;

    private record Seen(long seq, Event event) {
    }

    private final Deque<Seen> seen = new ArrayDeque<>();
    private long arrivals;
    private AutoCloseable subscription;

    private MinionEvents() {
    }

    static MinionEvents listen(Orchestrator.Host host) {
        MinionEvents events = new MinionEvents();
        events.subscription = host.subscribe("brine/minion/**", events::arrived);
        return events;
    }

    private synchronized void arrived(Event e) {
        if (seen.size() == MAX_KEPT) {
            seen.removeFirst();
        }
        seen.addLast(new Seen(arrivals++, e));
        notifyAll();
    }

    /**
     * Waits until {@code wanted} has been seen of each id in {@code ids} (as {@code idOf} reads an event's id), or
     * {@code deadlineNanos} ({@link System#nanoTime}) passes; the ids not seen.
     */
    synchronized List<String> await(Predicate<Event> wanted, java.util.function.Function<Event, String> idOf,
            List<String> ids, long deadlineNanos) throws InterruptedException {
        List<String> left = new ArrayList<>(ids);
        long next = 0; // each event is looked at once
        while (true) {
            for (Seen s : seen) {
                if (s.seq() >= next && wanted.test(s.event())) {
                    left.remove(idOf.apply(s.event()));
                }
            }
            next = arrivals;
            long wait = deadlineNanos - System.nanoTime();
            if (left.isEmpty() || wait <= 0) {
                return left;
            }
            java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(this, wait);
        }
    }

    @Override
    public void close() {
        try {
            subscription.close();
        } catch (Exception e) {
            // an in-memory subscription: nothing to report
        }
    }
}
