package io.brine.master;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The master's event bus. Every event has a tag and data; subscribers choose tags with a glob
 * ({@code brine/job/*}{@code /ret/*}, {@code brine/minion/*}{@code /event/ready}, or {@code **} for everything:
 * {@code *} stays within one '/'-separated segment, {@code **} crosses them; see {@link TagPattern}). Delivery is synchronous on the publishing thread, so a subscriber must be
 * quick or hand off; one that throws is logged and kept.
 *
 * <p>Example: {@code try (var s = master.events().subscribe("brine/minion/*}/start", e -> ...)) {...}}.
 */
public final class EventBus {
    private static final Logger LOG = System.getLogger(EventBus.class.getName());

    /** An active subscription; close it to stop receiving events. */
    public interface Subscription extends AutoCloseable {
        @Override
        void close();
    }

    private record Subscriber(TagPattern tags, Consumer<Event> consumer) {
    }

    private final CopyOnWriteArrayList<Subscriber> subscribers = new CopyOnWriteArrayList<>();

    public Subscription subscribe(String tagGlob, Consumer<Event> consumer) {
        Subscriber s = new Subscriber(TagPattern.compile(tagGlob), consumer);
        subscribers.add(s);
        return () -> subscribers.remove(s);
    }

    public void publish(String tag, Map<String, Object> data) {
        Event event = new Event(tag, data, System.currentTimeMillis());
        for (Subscriber s : subscribers) {
            if (s.tags().matches(tag)) {
                try {
                    s.consumer().accept(event);
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "an event subscriber failed on " + tag, e);
                }
            }
        }
    }
}
