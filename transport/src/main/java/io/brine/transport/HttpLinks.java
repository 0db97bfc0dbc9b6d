package io.brine.transport;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The master's end of the HTTPS transport, for the HTTP server that carries it: each request under {@link #PATH}
 * is handed here with its body, and answered once through {@code reply}, from whatever thread (a poll, when frames
 * are queued or its wait has passed). TLS is the server's; the frames inside are the same sealed frames as over
 * ZMTP, so keys, the handshake, acceptance and replay protection are the router's, whatever the carrier.
 *
 * <pre>
 * POST   /brine/link/v1/open                           -> 200, the link's token (32 hex digits)
 * POST   /brine/link/v1/TOKEN/frames?seq=S             -> 204; the body's frames, the first numbered S
 * GET    /brine/link/v1/TOKEN/frames?ack=N&amp;wait=SECONDS -> 200, the frames after N (none if the wait passed)
 * DELETE /brine/link/v1/TOKEN?ack=N                    -> 204; the peer has every frame up to N (optional)
 * </pre>
 * A body holds frames, each after its length as four bytes (big-endian). 404: no such link (it closed; open
 * another). 409: the link broke its sequence and is closed. 503 with Retry-After: over the router's caps.
 * See docs/transports.md.
 */
public final class HttpLinks {
    public static final String PATH = "/brine/link/v1";
    /** The longest a poll waits for frames; a peer asking longer is held this long. */
    public static final int MAX_WAIT_SECONDS = 25;
    /** Frames one post may carry. */
    static final int MAX_FRAMES_PER_POST = 4096;

    /** How one request is answered: its status, its body (frames, or a token) and, for 503, when to retry. */
    public record Answer(int status, byte[] body, int retryAfterSeconds) {
        static final Answer TAKEN = new Answer(204, new byte[0], 0);
        static final Answer GONE = new Answer(404, new byte[0], 0);
        static final Answer CONFLICT = new Answer(409, new byte[0], 0);
        static final Answer BAD = new Answer(400, new byte[0], 0);

        static Answer ok(byte[] body) {
            return new Answer(200, body, 0);
        }

        static Answer frames(List<byte[]> frames) {
            return ok(HttpCarrier.body(frames));
        }

        static Answer busy(int seconds) {
            return new Answer(503, new byte[0], seconds);
        }
    }

    private final Outbox outbox;
    private final HttpCarrier carrier;
    private final long maxBody;
    /** Bytes of posted frames handed to the I/O thread and not yet taken there: bounded by {@link #maxQueued}. */
    private final AtomicLong queued = new AtomicLong();
    private final long maxQueued;
    private final Counters counters;

    HttpLinks(Outbox outbox, HttpCarrier carrier, long maxBody, long maxQueued, Counters counters) {
        this.outbox = outbox;
        this.carrier = carrier;
        this.maxBody = maxBody;
        this.maxQueued = maxQueued;
        this.counters = counters;
    }

    /** The largest body a request may carry: the HTTP server refuses longer ones (413) before reading them. */
    public long maxBodyBytes() {
        return maxBody;
    }

    /**
     * One request: {@code path} without its query, {@code query} the raw query string or null; {@code reply} is
     * called exactly once.
     */
    public void handle(String method, String path, String query, InetAddress from, byte[] body,
            Consumer<Answer> reply) {
        if (!path.startsWith(PATH + "/")) {
            counters.drop(Counters.Drop.PROTOCOL_ERROR);
            reply.accept(Answer.GONE);
            return;
        }
        String[] parts = path.substring(PATH.length() + 1).split("/", -1);
        Map<String, Long> params = params(query);
        if (parts.length == 1 && parts[0].equals("open") && method.equals("POST")) {
            outbox.submit(() -> carrier.open(from, reply));
        } else if (parts.length == 2 && parts[1].equals("frames") && method.equals("POST") && validToken(parts[0])
                && params.get("seq") != null) {
            post(parts[0], params.get("seq"), body, reply);
        } else if (parts.length == 2 && parts[1].equals("frames") && method.equals("GET") && validToken(parts[0])
                && params.get("ack") != null) {
            long wait = Math.max(0, Math.min(MAX_WAIT_SECONDS, params.getOrDefault("wait", 0L)));
            outbox.submit(() -> carrier.poll(parts[0], params.get("ack"), wait * 1_000_000_000L, reply));
        } else if (parts.length == 1 && method.equals("DELETE") && validToken(parts[0])) {
            outbox.submit(() -> carrier.closeByPeer(parts[0], params.get("ack"), reply));
        } else {
            counters.drop(Counters.Drop.PROTOCOL_ERROR); // no request of the link protocol
            reply.accept(Answer.BAD);
        }
    }

    private void post(String token, long seq, byte[] body, Consumer<Answer> reply) {
        List<byte[]> frames = body.length > maxBody ? null : HttpCarrier.frames(body, MAX_FRAMES_PER_POST);
        if (frames == null) {
            counters.drop(Counters.Drop.PROTOCOL_ERROR);
            reply.accept(Answer.BAD);
            return;
        }
        long size = body.length;
        if (queued.addAndGet(size) > maxQueued) {
            queued.addAndGet(-size);
            counters.drop(Counters.Drop.FRAME_BUDGET);
            reply.accept(Answer.busy(1)); // the peer posts the same frames again: nothing is lost
            return;
        }
        outbox.submit(() -> {
            queued.addAndGet(-size);
            carrier.post(token, seq, frames, reply);
        });
    }

    private static boolean validToken(String token) {
        if (token.length() != 32) {
            return false;
        }
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return true;
    }

    /** The query's numeric parameters; others, and numbers that do not parse, are left out. */
    private static Map<String, Long> params(String query) {
        Map<String, Long> out = new java.util.HashMap<>();
        if (query == null || query.length() > 256) {
            return out;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                try {
                    out.put(pair.substring(0, eq), Long.parseLong(pair.substring(eq + 1)));
                } catch (NumberFormatException e) {
                    // left out: the request is refused for what it lacks
                }
            }
        }
        return out;
    }
}
