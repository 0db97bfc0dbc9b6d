package io.brine.master;

import io.brine.jobs.Event;
import io.brine.jobs.Subscription;
import java.lang.System.Logger.Level;
import java.lang.System.Logger;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * The master's event bus. Every event has a tag and data; subscribers choose tags with a glob
 * ({@code brine/job/*}{@code /ret/*}, {@code brine/minion/*}{@code /event/ready}, or {@code **} for everything:
 * {@code *} stays within one '/'-separated segment, {@code **} crosses them; see {@link TagPattern}). Delivery is synchronous on the publishing thread, so a subscriber must be
 * quick or hand off; one that throws is logged and kept.
 *
 * <pre>{@code
 * try (Subscription s = master.events().subscribe("brine/minion/vm-42/event/ready", ready::add)) {
 *     ...   // boot the guest, then wait for its event
 * }
 * master.events().publish("heat/stack/web/created", Map.of("stack", "web"));
 * }</pre>
 *
 * <p>{@link #publisher} offers the same events as a {@link java.util.concurrent.Flow.Publisher}, bounded per
 * subscriber (a callback subscriber is not: it runs on the publishing thread, so it bounds itself).
 */
public final class EventBus {
    private static final Logger LOG = System.getLogger(EventBus.class.getName());

    /** {@code relayed}: also hears events another master of the cluster published first. */
    private record Subscriber(TagPattern tags, Consumer<Event> consumer, boolean relayed) {
    }

    private final CopyOnWriteArrayList<Subscriber> subscribers = new CopyOnWriteArrayList<>();

    /**
     * Delivers every later event whose tag matches {@code tagGlob} to {@code consumer}, on the publishing thread,
     * until the subscription is closed.
     *
     * @throws IllegalArgumentException if {@code tagGlob} is not a valid tag pattern
     */
    public Subscription subscribe(String tagGlob, Consumer<Event> consumer) {
        return subscribe(tagGlob, consumer, true);
    }

    /**
     * As {@link #subscribe}, hearing only the events published by this master, not those another master of its
     * cluster published and relayed here ({@link #publishRelayed}): for what must happen once in the cluster, such
     * as the reactor, which the master that published the event runs.
     */
    Subscription subscribeOwn(String tagGlob, Consumer<Event> consumer) {
        return subscribe(tagGlob, consumer, false);
    }

    private Subscription subscribe(String tagGlob, Consumer<Event> consumer, boolean relayed) {
        Subscriber s = new Subscriber(TagPattern.compile(tagGlob), consumer, relayed);
        subscribers.add(s);
        return () -> subscribers.remove(s);
    }

    /**
     * The events whose tags match {@code tagGlob} as a {@link java.util.concurrent.Flow.Publisher}, each subscriber
     * with a buffer of {@value EventPublisher#DEFAULT_BUFFER} events and {@link EventPublisher.Overflow#FAIL} when it
     * lags that far. Signals come on the publishing thread, or on the subscriber's own when it requests: keep
     * {@code onNext} quick, or choose an executor with {@link #publisher(String, Executor, int,
     * EventPublisher.Overflow)}.
     *
     * <pre>{@code
     * master.events().publisher("brine/job/**").subscribe(subscriber);
     * }</pre>
     *
     * @throws IllegalArgumentException if {@code tagGlob} is not a valid tag pattern
     */
    public EventPublisher publisher(String tagGlob) {
        return publisher(tagGlob, Runnable::run, EventPublisher.DEFAULT_BUFFER, EventPublisher.Overflow.FAIL);
    }

    /**
     * As {@link #publisher(String)}, sending each subscriber's signals on {@code deliverOn} (one at a time per
     * subscriber), with a buffer of {@code buffer} events per subscriber and {@code overflow} deciding what a full
     * one does.
     *
     * @throws IllegalArgumentException if {@code tagGlob} is not a valid tag pattern or {@code buffer} below 1
     */
    public EventPublisher publisher(String tagGlob, Executor deliverOn, int buffer, EventPublisher.Overflow overflow) {
        return new EventPublisher(this, tagGlob, deliverOn, buffer, overflow);
    }

    /**
     * The test {@link #subscribe} applies to tags: for a subscriber that filters events it already has (such as
     * the HTTP API's resume window).
     *
     * @throws IllegalArgumentException if {@code tagGlob} is not a valid tag pattern
     */
    public static java.util.function.Predicate<String> matcher(String tagGlob) {
        return TagPattern.compile(tagGlob)::matches;
    }

    /** Subscriptions open now ({@code brine_event_bus_subscribers}). */
    int subscribers() {
        return subscribers.size();
    }

    /**
     * Publishes an event now, to every subscriber whose pattern matches {@code tag}, before this returns; the
     * master's own events use {@code brine/...} tags, an embedding application's may use any other.
     */
    public void publish(String tag, Map<String, Object> data) {
        deliver(new Event(tag, data, System.currentTimeMillis()), false);
    }

    /** An event another master of the cluster published: to every subscriber but those of {@link #subscribeOwn}. */
    void publishRelayed(Event event) {
        deliver(event, true);
    }

    private void deliver(Event event, boolean relayed) {
        String tag = event.tag();
        for (Subscriber s : subscribers) {
            if (s.tags().matches(tag) && (s.relayed() || !relayed)) {
                try {
                    s.consumer().accept(event);
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "an event subscriber failed on " + tag, e);
                }
            }
        }
    }
}
