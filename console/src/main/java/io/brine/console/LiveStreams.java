package io.brine.console;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

/**
 * The console's live views (a job followed, the event stream) as server-sent events of HTML fragments for htmx.
 * Each stream holds one of the listener's 40 threads, which the API's own streams, long polls and calls share
 * (16 + 8 + 8 at most), so they are bounded: {@link #MAX_STREAMS} at once, {@link #MAX_PER_TOKEN} per token,
 * leaving threads for pages and API requests however many browsers follow jobs. Each has its own bounded queue filled by the master's publishing thread; a
 * browser too slow to keep up is told so and its stream ends, rather than slowing the master. The viewer's token
 * is checked again every second, so a revoked token's stream ends within that second.
 */
final class LiveStreams {
    static final int MAX_STREAMS = 6;
    static final int MAX_PER_TOKEN = 3;
    static final int QUEUE = 1024;
    /** A comment line this often when idle: how soon a stream whose browser left is noticed and its slot freed. */
    private static final long KEEP_ALIVE_MILLIS = 5_000;
    private static final String END = "\u0000end";

    /**
     * One event to send: its name and its HTML (any line breaks are sent as the protocol says), rendered by the
     * stream's own thread when it is sent, never by the master's thread that published what it shows; a render
     * that answers null sends nothing (what the viewer may see is decided there too).
     */
    record Message(String event, java.util.function.Supplier<String> render, Merge merge) {
        Message(String event, String html) {
            this(event, () -> html, Merge.NONE);
        }

        Message(String event, java.util.function.Supplier<String> render) {
            this(event, render, Merge.NONE);
        }
    }

    /**
     * How messages of one event waiting together are sent as one, so a burst (a broadcast's thousand returns) is a
     * few swaps in the browser, not a thousand: rows added at the end join in order, rows added at the top join
     * newest first, a value that replaces the last keeps only the newest.
     */
    enum Merge {
        NONE, APPEND, PREPEND, LAST
    }

    /** The most messages sent as one batch. */
    static final int BATCH = 256;

    /** What a stream is fed by, open while it runs. */
    interface Source {
        /** Starts feeding {@code sink}; the returned handle stops it. */
        AutoCloseable start(Sink sink) throws IOException;

        /**
         * Asked whenever the stream's queue is drained (and when idle, four times a second): true when the stream
         * is finished (a job that ended). It may offer its last messages and answer false; it is asked again once
         * they are sent.
         */
        default boolean finished() {
            return false;
        }
    }

    /** Where a source puts messages; {@link #offer} never blocks. */
    interface Sink {
        void offer(Message m);
    }

    private final AtomicInteger open = new AtomicInteger();
    private final Map<String, AtomicInteger> perToken = new ConcurrentHashMap<>();
    private final Set<BlockingQueue<Message>> queues = ConcurrentHashMap.newKeySet();
    /** Streams refused for the caps. */
    final LongAdder refused = new LongAdder();
    /** Streams ended because their browser fell behind, */
    final LongAdder overflowed = new LongAdder();
    /** and the messages they dropped. */
    final LongAdder droppedMessages = new LongAdder();

    /** Streams {@code source} to the browser until it ends, the browser leaves, or the token stops signing in. */
    void stream(Exchange exchange, Viewer viewer, Source source, BooleanSupplier stillSignedIn)
            throws IOException, InterruptedException {
        AtomicInteger mine = perToken.computeIfAbsent(viewer.tokenName(), k -> new AtomicInteger());
        if (open.incrementAndGet() > MAX_STREAMS | mine.incrementAndGet() > MAX_PER_TOKEN) {
            release(viewer, mine);
            refused.increment();
            exchange.setHeader("Retry-After", "5");
            throw new ConsoleException(429, "Too many live views are open; close some and reload.");
        }
        BlockingQueue<Message> queue = new ArrayBlockingQueue<>(QUEUE);
        queues.add(queue);
        AtomicBoolean overflow = new AtomicBoolean();
        try (OutputStream out = exchange.startEvents();
                AutoCloseable feeding = source.start(m -> {
                    if (!queue.offer(m)) {
                        overflow.set(true);
                        droppedMessages.increment();
                    }
                })) {
            out.write(": live\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            pump(out, queue, source, stillSignedIn, overflow);
        } catch (IOException | InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        } finally {
            queues.remove(queue);
            release(viewer, mine);
        }
    }

    private void release(Viewer viewer, AtomicInteger mine) {
        open.decrementAndGet();
        if (mine.decrementAndGet() <= 0) {
            perToken.remove(viewer.tokenName(), mine); // a token's count goes with its last stream
        }
    }

    /**
     * Sends what arrives, a burst as one message per event, until the source is finished, the console closes or the
     * browser goes. The token is checked once a second however busy the stream is: a revoked token's stream ends
     * within that second even while events pour in.
     */
    private void pump(OutputStream out, BlockingQueue<Message> queue, Source source, BooleanSupplier stillSignedIn,
            AtomicBoolean overflow) throws IOException, InterruptedException {
        long lastWrite = System.nanoTime();
        long lastCheck = System.nanoTime();
        while (true) {
            long now = System.nanoTime();
            if (now - lastCheck > 1_000_000_000L) {
                lastCheck = now;
                if (!stillSignedIn.getAsBoolean()) {
                    write(out, new Message("signed-out", "<p class=\"error\">Signed out: the token was revoked or "
                            + "expired.</p>"));
                    return;
                }
            }
            if (overflow.get()) {
                overflowed.increment();
                write(out, new Message("overflow", "<p class=\"error\">Too much arrived too fast for this page; "
                        + "reload it to see everything.</p>"));
                return;
            }
            Message m = queue.poll(250, TimeUnit.MILLISECONDS);
            if (m != null) {
                List<Message> batch = new ArrayList<>();
                batch.add(m);
                queue.drainTo(batch, BATCH - 1);
                boolean ending = batch.removeIf(b -> b.event().equals(END));
                for (Message merged : merged(batch)) {
                    if (write(out, merged)) {
                        lastWrite = System.nanoTime();
                    }
                }
                if (ending) {
                    return;
                }
                if (!queue.isEmpty()) {
                    continue;
                }
            }
            // drained: a job that just ended is told at once, not at the next second
            if (queue.isEmpty() && source.finished()) {
                return;
            }
            if (System.nanoTime() - lastWrite > KEEP_ALIVE_MILLIS * 1_000_000L) {
                out.write(": keep-alive\n\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
                lastWrite = System.nanoTime();
            }
        }
    }

    /** {@code batch} with the messages of one event joined as their {@link Merge} says, in first-seen order. */
    static List<Message> merged(List<Message> batch) {
        Map<String, List<Message>> byEvent = new LinkedHashMap<>();
        List<Message> out = new ArrayList<>();
        for (Message m : batch) {
            if (m.merge() == Merge.NONE) {
                out.add(m);
            } else {
                List<Message> same = byEvent.computeIfAbsent(m.event(), k -> new ArrayList<>());
                if (same.isEmpty()) {
                    out.add(m); // its place in the order; replaced below by the joined message
                }
                same.add(m);
            }
        }
        List<Message> result = new ArrayList<>(out.size());
        for (Message m : out) {
            List<Message> same = m.merge() == Merge.NONE ? null : byEvent.get(m.event());
            if (same == null || same.size() == 1) {
                result.add(m);
                continue;
            }
            Message last = same.get(same.size() - 1);
            result.add(switch (m.merge()) {
                case LAST -> last;
                case PREPEND -> {
                    List<Message> newestFirst = new ArrayList<>(same);
                    java.util.Collections.reverse(newestFirst);
                    yield new Message(m.event(), () -> join(newestFirst), Merge.PREPEND);
                }
                default -> new Message(m.event(), () -> join(same), Merge.APPEND);
            });
        }
        return result;
    }

    private static String join(List<Message> messages) {
        StringBuilder html = new StringBuilder();
        for (Message m : messages) {
            String one = m.render().get();
            if (one != null) {
                html.append(one);
            }
        }
        return html.isEmpty() ? null : html.toString();
    }

    /** Writes {@code m} as one SSE event; false when it rendered to nothing (the viewer may not see it). */
    private static boolean write(OutputStream out, Message m) throws IOException {
        String html = m.render().get();
        if (html == null) {
            return false;
        }
        StringBuilder frame = new StringBuilder("event: ").append(m.event()).append('\n');
        for (String line : html.split("\r\n|\r|\n", -1)) {
            frame.append("data: ").append(line).append('\n');
        }
        out.write(frame.append('\n').toString().getBytes(StandardCharsets.UTF_8));
        out.flush();
        return true;
    }

    int openStreams() {
        return open.get();
    }

    /** Ends every stream (the console is closing). */
    void closeAll() {
        for (BlockingQueue<Message> q : queues) {
            q.clear();
            q.offer(new Message(END, ""));
        }
    }
}
