package io.brine.api;

import io.brine.master.Event;
import io.brine.master.EventBus;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * {@code GET /events?tag=PATTERN} as Server-Sent Events: one {@code data: {"tag", "data", "time"}} per event.
 * The bus delivers on the publishing thread, so each stream has its own bounded queue: a client too slow to
 * keep up is told so and disconnected rather than slowing the master. A comment line is sent when idle, so a
 * client that went away is noticed and unsubscribed. The stream's token is checked again every second, so a
 * token revoked or expired while it streams ends the stream within that second.
 */
final class EventStreams {
    /** How many streams may be open at once; each holds one of the server's threads. */
    static final int MAX_STREAMS = 16;
    private static final int QUEUE_SIZE = 1024;
    private static final Object END = new Object();
    private static final long RECHECK_MILLIS = 1000;

    private final EventBus bus;
    private final Duration keepAlive;
    private final Semaphore slots = new Semaphore(MAX_STREAMS);
    private final Set<BlockingQueue<Object>> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    EventStreams(EventBus bus, Duration keepAlive) {
        this.bus = bus;
        this.keepAlive = keepAlive;
    }

    void stream(ApiExchange exchange, String tagPattern, BooleanSupplier stillAuthorised)
            throws IOException, InterruptedException {
        if (tagPattern.length() > 256) {
            throw ApiException.badRequest("tag pattern longer than 256 characters");
        }
        if (!slots.tryAcquire()) {
            throw new ApiException(503, "too many event streams open; at most " + MAX_STREAMS);
        }
        BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUE_SIZE);
        AtomicBoolean overflowed = new AtomicBoolean();
        open.add(queue);
        try (EventBus.Subscription s = subscribe(tagPattern, queue, overflowed)) {
            exchange.setHeader("Cache-Control", "no-store");
            try (OutputStream out = exchange.startStream(200, "text/event-stream; charset=utf-8")) {
                // Subscribed before the headers go out: a client that has them will see every later event.
                write(out, ": subscribed to " + tagPattern.replaceAll("[\\r\\n]", " ") + "\n\n");
                pump(queue, overflowed, out, stillAuthorised);
            }
        } finally {
            open.remove(queue);
            slots.release();
        }
    }

    private EventBus.Subscription subscribe(String tagPattern, BlockingQueue<Object> queue, AtomicBoolean overflowed) {
        try {
            return bus.subscribe(tagPattern, e -> {
                if (!queue.offer(e)) {
                    overflowed.set(true);
                }
            });
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("invalid tag pattern: " + e.getMessage());
        }
    }

    private void pump(BlockingQueue<Object> queue, AtomicBoolean overflowed, OutputStream out,
            BooleanSupplier stillAuthorised) throws IOException, InterruptedException {
        long lastCheck = System.nanoTime();
        long lastWrite = System.nanoTime();
        while (!closed) {
            Object next = queue.poll(Math.min(keepAlive.toMillis(), RECHECK_MILLIS), TimeUnit.MILLISECONDS);
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
                write(out, "event: error\ndata: {\"error\": \"events were dropped: the client read too slowly\"}\n\n");
                return;
            }
            if (next == END) {
                return;
            }
            write(out, next == null ? ": keep-alive\n\n" : "data: " + json((Event) next) + "\n\n");
        }
    }

    /** Ends every open stream, as the server stops. */
    void closeAll() {
        closed = true;
        open.forEach(q -> q.offer(END));
    }

    int openStreams() {
        return open.size();
    }

    private static String json(Event e) throws IOException {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("tag", e.tag());
        doc.put("data", e.data());
        doc.put("time", e.timeMillis());
        return ApiExchange.JSON.writeValueAsString(doc);
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
