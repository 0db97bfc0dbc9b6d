package io.brine.transport;

import io.brine.protocol.FrameKind;
import io.brine.protocol.MalformedMessageException;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A dealer's link to a master over HTTPS ({@link HttpLinks} is the master's end): a post opens it, one long poll at
 * a time brings the master's frames (acknowledging those it has, so an answer lost on the way comes again), and
 * one post at a time takes ours (numbered, so one sent twice is taken once). A failed request is tried again a few
 * times before the link counts as lost; then the dealer's handshake starts over on a new link, after its backoff,
 * as it does for a lost TCP connection. State is kept on the dealers' loop thread; the HTTP client's threads only
 * hand their answers to it.
 */
final class HttpsDealerLink implements DealerLink {
    private static final Logger LOG = System.getLogger(HttpsDealerLink.class.getName());
    /** How long a poll asks the master to wait for frames; the session's heartbeat brings some every few seconds. */
    static final int POLL_WAIT_SECONDS = 20;
    /** Failed requests in a row before the link counts as lost. */
    private static final int TRIES = 3;
    private static final long RETRY_MILLIS = 500;
    /** Frames one post carries at most. */
    private static final int POST_FRAMES = 256;

    private final DealerLoop loop;
    private final HttpsOptions options;
    private final DealerCounters counters;
    private final DropLog dropLog = new DropLog(LOG);
    private final DealerSocket.Lost lost;
    private final int maxFrames;
    private final long maxBytes;
    private final long postBytes;
    private DealerSocket.FrameSink sink;

    /** Counts links, so that an answer to a request of a link given up on is ignored. */
    private int generation;
    private String base;
    private String token;
    /** Frames queued to post; the first is numbered {@link #posted} + 1. */
    private final Deque<byte[]> out = new ArrayDeque<>();
    private long outBytes;
    private long posted;
    /** Frames received from the master: the acknowledgement of the next poll. */
    private long received;
    private boolean posting;
    private boolean open;
    private volatile int connections;

    HttpsDealerLink(DealerLoop loop, HttpsOptions options, TransportSettings settings, DealerCounters counters,
            DealerSocket.Lost lost) {
        this.loop = loop;
        this.options = options;
        this.counters = counters;
        this.lost = lost;
        this.maxFrames = settings.highWaterMark();
        this.maxBytes = Math.max(64L << 20, 4L * settings.maxFrameSize());
        this.postBytes = settings.maxFrameSize();
    }

    /** Where received frames go; set before the link is first opened. */
    void sink(DealerSocket.FrameSink frames) {
        this.sink = frames;
    }

    @Override
    public void open(String endpoint, InetSocketAddress address) throws IOException {
        close();
        int mine = ++generation;
        base = (endpoint.endsWith("/") ? endpoint.substring(0, endpoint.length() - 1) : endpoint) + HttpLinks.PATH;
        open = true;
        URI uri;
        try {
            uri = URI.create(base + "/open");
        } catch (IllegalArgumentException e) {
            open = false;
            throw new IOException("not a URL: " + endpoint);
        }
        request(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), mine, 0, (status, body) -> {
                    if (status != 200 || body.length != 32) {
                        linkLost("cannot connect: the master answered HTTP " + status);
                        return;
                    }
                    token = new String(body, StandardCharsets.US_ASCII);
                    connections++;
                    poll(mine, 0);
                    post(mine, 0);
                }, "cannot connect");
    }

    @Override
    public void close() {
        generation++;
        if (token != null) {
            // with what it has: the master counts only what this link never got, and a master that is stopping
            // waits for its going-away notice to be acknowledged
            String gone = base + "/" + token + "?ack=" + received;
            // told, not waited for: the master closes a silent link by itself a minute later
            HttpRequest delete = HttpRequest.newBuilder(URI.create(gone)).timeout(Duration.ofSeconds(5)).DELETE()
                    .build();
            options.requests().execute(() -> {
                try {
                    options.client().send(delete, HttpResponse.BodyHandlers.discarding());
                } catch (IOException | RuntimeException e) {
                    // the master closes the link by itself
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        token = null;
        open = false;
        out.clear();
        outBytes = 0;
        posted = 0;
        received = 0;
        posting = false;
    }

    @Override
    public void send(FrameKind kind, byte[] frame) {
        if (!open) {
            return;
        }
        if (out.size() >= maxFrames || outBytes + frame.length > maxBytes) {
            counters.drop(DealerCounters.Drop.QUEUE_FULL);
            dropLog.drop("a " + kind + " frame to the master at " + base + ": the queue to it is full");
            return;
        }
        out.addLast(frame);
        outBytes += frame.length;
        if (token != null && !posting) {
            post(generation, 0);
        }
    }

    @Override
    public boolean connected() {
        return token != null;
    }

    @Override
    public int connections() {
        return connections;
    }

    @Override
    public boolean patientHandshake() {
        return true;
    }

    private void post(int mine, int failures) {
        if (mine != generation || token == null || out.isEmpty()) {
            posting = false;
            return;
        }
        posting = true;
        List<byte[]> batch = new ArrayList<>();
        long bytes = 0;
        for (byte[] f : out) {
            if (!batch.isEmpty() && (batch.size() >= POST_FRAMES || bytes + f.length > postBytes)) {
                break;
            }
            batch.add(f);
            bytes += f.length;
        }
        long seq = posted + 1;
        URI uri = URI.create(base + "/" + token + "/frames?seq=" + seq);
        request(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(HttpCarrier.body(batch))).build(), mine, failures,
                (status, body) -> {
                    if (status == 503) {
                        later(() -> post(mine, failures), RETRY_MILLIS);
                        return;
                    }
                    if (status != 204) {
                        linkLost("the master closed the link (HTTP " + status + ")");
                        return;
                    }
                    for (int i = 0; i < batch.size(); i++) {
                        outBytes -= out.removeFirst().length;
                    }
                    posted += batch.size();
                    post(mine, 0);
                }, "a post to the master failed", () -> post(mine, failures + 1));
    }

    private void poll(int mine, int failures) {
        if (mine != generation || token == null) {
            return;
        }
        URI uri = URI.create(base + "/" + token + "/frames?ack=" + received + "&wait=" + POLL_WAIT_SECONDS);
        request(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(POLL_WAIT_SECONDS + 15)).GET().build(), mine,
                failures, (status, body) -> {
                    if (status != 200) {
                        linkLost("the master closed the link (HTTP " + status + ")");
                        return;
                    }
                    List<byte[]> frames = HttpCarrier.frames(body, Integer.MAX_VALUE);
                    if (frames == null) {
                        counters.drop(DealerCounters.Drop.PROTOCOL_ERROR);
                        linkLost("the master's answer is not a list of frames");
                        return;
                    }
                    for (byte[] frame : frames) {
                        received++;
                        deliver(frame);
                        if (mine != generation) {
                            return; // the sink closed this link (a reset, a master going away)
                        }
                    }
                    poll(mine, 0);
                }, "a poll of the master failed", () -> poll(mine, failures + 1));
    }

    private void deliver(byte[] frame) {
        try {
            sink.receive(frame, frame.length);
        } catch (MalformedMessageException e) {
            counters.drop(DealerCounters.Drop.MALFORMED_FRAME);
            dropLog.drop("a malformed frame from the master: " + e.getMessage());
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "handling a message from the master failed; the link carries on", e);
        }
    }

    @FunctionalInterface
    private interface Answered {
        void answered(int status, byte[] body);
    }

    private void request(HttpRequest request, int mine, int failures, Answered then, String what) {
        request(request, mine, failures, then, what, null);
    }

    /**
     * Sends {@code request}; its answer is handled on the loop thread, unless the link was given up on. A request
     * that fails is tried again ({@code again}) up to {@link #TRIES} times, then the link is lost.
     */
    private void request(HttpRequest request, int mine, int failures, Answered then, String what, Runnable again) {
        // Sent blocking on a thread of the options' pool, not with sendAsync: the JDK's client hands an async
        // send's answer to the common pool, which on a 1- or 2-core guest starts a thread for every task (22,000
        // threads in one bench run of 1,000 HTTPS minions). A link has at most a poll and a post out at once.
        options.requests().execute(() -> {
            HttpResponse<byte[]> response = null;
            Throwable failure = null;
            try {
                response = options.client().send(request, HttpResponse.BodyHandlers.ofByteArray());
            } catch (IOException | RuntimeException e) {
                failure = e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = e;
            }
            HttpResponse<byte[]> answer = response;
            Throwable failed = failure;
            loop.execute(() -> {
                if (mine != generation) {
                    return;
                }
                if (failed == null) {
                    then.answered(answer.statusCode(), answer.body());
                } else if (again != null && failures + 1 < TRIES) {
                    later(again, RETRY_MILLIS);
                } else {
                    linkLost(what + ": " + rootMessage(failed));
                }
            });
        });
    }

    private void later(Runnable task, long millis) {
        int mine = generation;
        options.later(() -> loop.execute(() -> {
            if (mine == generation) {
                task.run();
            }
        }), millis);
    }

    private void linkLost(String reason) {
        close();
        LOG.log(Level.DEBUG, "link to the master at " + base + " ended (" + reason + ")");
        lost.lost(reason);
    }

    private static String rootMessage(Throwable t) {
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
