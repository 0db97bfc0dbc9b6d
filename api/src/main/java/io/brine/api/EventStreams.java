package io.brine.api;

import io.brine.jobs.Event;
import io.brine.master.EventBus;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * {@code GET /events?tag=PATTERN} as Server-Sent Events: one {@code id: RUN-SEQ} and {@code data: {"tag", "data",
 * "time"}} per event. A client that reconnects with {@code Last-Event-ID} is first sent what it missed from the
 * {@link EventWindow}, or {@code event: reset} when some of that fell out of the window. Each stream has its own
 * bounded queue, filled on the publishing thread: a client too slow to keep up is told so and disconnected rather
 * than slowing the master. A comment line is sent when idle, so a client that went away is noticed and
 * unsubscribed. The stream's token is checked again every second, so a token revoked or expired while it streams
 * ends the stream within that second.
 */
final class EventStreams {
    /** How many streams may be open at once; each holds one of the server's threads. */
    static final int MAX_STREAMS = 16;
    /** How many of them one token may hold. */
    static final int MAX_STREAMS_PER_TOKEN = 4;
    /** Events kept for {@code Last-Event-ID}: at most this many, */
    static final int WINDOW_EVENTS = 4096;
    /** and at most this much JSON (characters) together. */
    static final long WINDOW_CHARS = 16L * 1024 * 1024;
    private static final int QUEUE_SIZE = 1024;
    private static final EventWindow.Entry END = new EventWindow.Entry(-1, "", "", null);
    private static final long RECHECK_MILLIS = 1000;

    private final EventWindow window;
    private final Duration keepAlive;
    private final TokenSlots slots = new TokenSlots("event streams", MAX_STREAMS, MAX_STREAMS_PER_TOKEN);
    private final Set<BlockingQueue<EventWindow.Entry>> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    EventStreams(EventWindow window, Duration keepAlive) {
        this.window = window;
        this.keepAlive = keepAlive;
    }

    /**
     * Streams the events matching {@code tagPattern} that {@code visible} lets the token see (its own jobs' events,
     * the minions its grants cover: see {@link io.brine.master.MasterClient#mayWatch}), in the window's backlog as
     * live.
     */
    void stream(ApiExchange exchange, String tokenName, String tagPattern,
            Predicate<Event> visible, BooleanSupplier stillAuthorised)
            throws IOException, InterruptedException {
        if (tagPattern.length() > 256) {
            throw ApiException.badRequest("tag pattern longer than 256 characters");
        }
        Predicate<String> tags = matcher(tagPattern);
        String lastEventId = exchange.header("Last-Event-ID").filter(id -> id.length() <= 64).orElse(null);
        try (TokenSlots.Slot slot = slots.acquire(tokenName)) {
            BlockingQueue<EventWindow.Entry> queue = new ArrayBlockingQueue<>(QUEUE_SIZE);
            AtomicBoolean overflowed = new AtomicBoolean();
            open.add(queue);
            java.util.function.Predicate<EventWindow.Entry> wanted = e -> tags.test(e.tag())
                    && visible.test(e.subject());
            EventWindow.Attached attached = window.attach(wanted, lastEventId, e -> {
                if (!queue.offer(e)) {
                    overflowed.set(true);
                }
            });
            try {
                exchange.setHeader("Cache-Control", "no-store");
                try (OutputStream out = exchange.startStream(200, "text/event-stream; charset=utf-8")) {
                    // Attached before the headers go out: a client that has them will see every later event.
                    write(out, ": subscribed to " + tagPattern.replaceAll("[\\r\\n]", " ") + "\n\n");
                    replay(out, attached, lastEventId);
                    pump(queue, overflowed, out, stillAuthorised);
                }
            } finally {
                close(attached.detach());
                open.remove(queue);
            }
        }
    }

    private void replay(OutputStream out, EventWindow.Attached attached, String lastEventId) throws IOException {
        if (attached.reset()) {
            Map<String, Object> doc = new java.util.LinkedHashMap<>();
            doc.put("error", "events after Last-Event-ID are no longer all kept; the events still kept follow");
            doc.put("detail", detail(lastEventId, attached.oldestId()));
            write(out, "event: reset\ndata: " + ApiExchange.JSON.writeValueAsString(doc) + "\n\n");
        }
        for (EventWindow.Entry e : attached.backlog()) {
            write(out, event(e));
        }
    }

    private static Map<String, Object> detail(String lastEventId, String oldestId) {
        Map<String, Object> d = new java.util.LinkedHashMap<>();
        d.put("last_event_id", lastEventId);
        d.put("oldest_kept_id", oldestId);
        return d;
    }

    private void pump(BlockingQueue<EventWindow.Entry> queue, AtomicBoolean overflowed, OutputStream out,
            BooleanSupplier stillAuthorised) throws IOException, InterruptedException {
        long lastCheck = System.nanoTime();
        long lastWrite = System.nanoTime();
        while (!closed) {
            EventWindow.Entry next = queue.poll(Math.min(keepAlive.toMillis(), RECHECK_MILLIS), TimeUnit.MILLISECONDS);
            if (System.nanoTime() - lastCheck >= RECHECK_MILLIS * 1_000_000) {
                lastCheck = System.nanoTime();
                if (!stillAuthorised.getAsBoolean()) {
                    write(out, "event: error\ndata: {\"error\": \"the token was revoked or has expired\"}\n\n");
                    return;
                }
            }
            if (next == null && System.nanoTime() - lastWrite < keepAlive.toNanos()) {
                continue; // woke only to check the token
            }
            lastWrite = System.nanoTime();
            if (overflowed.get()) {
                write(out, "event: error\ndata: {\"error\": \"events were dropped: the client read too slowly; "
                        + "reconnect with Last-Event-ID\"}\n\n");
                return;
            }
            if (next == END) {
                return;
            }
            write(out, next == null ? ": keep-alive\n\n" : event(next));
        }
    }

    private String event(EventWindow.Entry e) {
        return "id: " + window.id(e) + "\ndata: " + e.json() + "\n\n";
    }

    /** Ends every open stream, as the server stops. */
    void closeAll() {
        closed = true;
        open.forEach(q -> q.offer(END));
        window.close();
    }

    int openStreams() {
        return open.size();
    }

    long evicted() {
        return window.evicted();
    }

    long refused() {
        return slots.refused.sum();
    }

    private static Predicate<String> matcher(String tagPattern) {
        try {
            return EventBus.matcher(tagPattern);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("invalid tag pattern: " + e.getMessage());
        }
    }

    private static void close(AutoCloseable detach) {
        try {
            detach.close();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
