package io.brine.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.brine.jobs.Event;
import io.brine.jobs.Subscription;
import io.brine.master.EventBus;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The recent events, each with the id its Server-Sent Event carries, kept so that a client that lost its stream
 * resumes with {@code Last-Event-ID} and misses nothing. The window is bounded by count and by the size of the
 * events' JSON, oldest out first (counted). Ids are {@code RUN-SEQ}: {@code RUN} is when this API started, so an id
 * from before a restart is recognised as such rather than read as a position in this run.
 *
 * <pre>{@code
 * EventWindow window = new EventWindow(master.events(), 4096, 16 << 20, System.currentTimeMillis());
 * EventWindow.Attached a = window.attach(e -> e.tag().startsWith("brine/job/"), lastEventId, queue::offer);
 * }</pre>
 */
final class EventWindow implements AutoCloseable {
    /**
     * One event as streams send it: its id and its JSON {@code {"tag", "data", "time"}}; {@code subject} is the
     * event with only what decides who may see it (its tag, and a job event's {@code user}).
     */
    record Entry(long seq, String tag, String json, Event subject) {
    }

    /**
     * What a stream attached with {@code Last-Event-ID} is sent before live events: the kept events after that id
     * matching its pattern; with {@code reset}, events after it fell out of the window (or the id is not one of this
     * run), and {@code backlog} is everything still kept.
     */
    record Attached(List<Entry> backlog, boolean reset, String oldestId, AutoCloseable detach) {
    }

    private final int maxEvents;
    private final long maxChars;
    private final String run;
    private final ArrayDeque<Entry> kept = new ArrayDeque<>();
    private final List<Consumer<Entry>> sinks = new ArrayList<>();
    private final Subscription subscription;
    private final LongAdder evicted = new LongAdder();
    private long chars;
    private long nextSeq = 1;

    EventWindow(EventBus bus, int maxEvents, long maxChars, long runMillis) {
        this.maxEvents = maxEvents;
        this.maxChars = maxChars;
        this.run = Long.toString(runMillis);
        this.subscription = bus.subscribe("**", this::add);
    }

    String id(Entry e) {
        return run + "-" + e.seq();
    }

    private synchronized void add(Event event) {
        Object user = event.data().get("user");
        Entry e = new Entry(nextSeq++, event.tag(), json(event), new Event(event.tag(),
                user == null ? Map.of() : Map.of("user", user), event.timeMillis()));
        kept.addLast(e);
        chars += e.json().length();
        while (kept.size() > maxEvents || (chars > maxChars && kept.size() > 1)) {
            chars -= kept.removeFirst().json().length();
            evicted.increment();
        }
        sinks.forEach(s -> s.accept(e));
    }

    /**
     * Hands every later event {@code wanted} accepts to {@code sink} (on the publishing thread: it must only queue),
     * and, atomically with that, returns what a client that last saw {@code lastEventId} (null: none) missed.
     */
    synchronized Attached attach(Predicate<Entry> wanted, String lastEventId, Consumer<Entry> sink) {
        Consumer<Entry> filtered = e -> {
            if (wanted.test(e)) {
                sink.accept(e);
            }
        };
        sinks.add(filtered);
        AutoCloseable detach = () -> detach(filtered);
        if (lastEventId == null) {
            return new Attached(List.of(), false, oldestId(), detach);
        }
        long last = seqOf(lastEventId);
        long oldest = kept.isEmpty() ? nextSeq : kept.peekFirst().seq();
        boolean reset = last < 0 || last >= nextSeq || last + 1 < oldest;
        List<Entry> backlog = new ArrayList<>();
        for (Entry e : kept) {
            if ((reset || e.seq() > last) && wanted.test(e)) {
                backlog.add(e);
            }
        }
        return new Attached(List.copyOf(backlog), reset, oldestId(), detach);
    }

    private synchronized void detach(Consumer<Entry> sink) {
        sinks.remove(sink);
    }

    /** Events that fell out of the window since the start. */
    long evicted() {
        return evicted.sum();
    }

    private String oldestId() {
        return kept.isEmpty() ? null : id(kept.peekFirst());
    }

    /** The sequence number of an id of this run; -1 for another run's or a malformed one. */
    private long seqOf(String id) {
        int dash = id.indexOf('-');
        if (dash < 0 || !id.substring(0, dash).equals(run)) {
            return -1;
        }
        try {
            return Long.parseLong(id.substring(dash + 1).trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    @Override
    public void close() {
        subscription.close();
    }

    /**
     * One event as SSE carries it; {@code time} is ISO-8601 UTC, exactly as {@code brine events --out json} prints it
     * ({@link Instant#toString()}).
     */
    static String json(Event e) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("tag", e.tag());
        doc.put("data", e.data());
        doc.put("time", Instant.ofEpochMilli(e.timeMillis()).toString());
        try {
            return ApiExchange.JSON.writeValueAsString(doc);
        } catch (JsonProcessingException ex) {
            // data a publisher put on the bus that JSON cannot carry: the event still counts, without its data
            return "{\"tag\":" + quote(e.tag()) + ",\"data\":{},\"time\":" + quote(doc.get("time").toString()) + "}";
        }
    }

    private static String quote(String s) {
        try {
            return ApiExchange.JSON.writeValueAsString(s);
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
