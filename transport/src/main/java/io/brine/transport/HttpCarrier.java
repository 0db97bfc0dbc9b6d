package io.brine.transport;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The router's HTTPS links ({@link HttpLink}): opened by a post, fed by posts of frames, drained by long polls.
 * What the requests ask ({@link HttpLinks} parses them on the HTTP server's threads) is done here, on the router's
 * I/O thread, so the handshake and the sessions are the same as over ZMTP. Used on the router's I/O thread only.
 */
final class HttpCarrier implements Carrier {
    /** A link nobody has asked anything of for this long is closed: its peer is gone. */
    static final long LINK_IDLE_NANOS = 60_000_000_000L;
    /** Frames one poll's answer carries at most, in bytes; the rest go with the next poll, at once. */
    static final int ANSWER_BYTES = 4 << 20;

    private final RouterLimits limits;
    private final Counters counters;
    private final DropLog dropLog;
    private final byte[] hello;
    private final LinkAdmission admitting;
    private final IdleConnections idle;
    private final LinkIds ids;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, HttpLink> byToken = new HashMap<>();
    private final List<HttpLink> dirty = new ArrayList<>();
    private Carrier.Handler handler;

    HttpCarrier(RouterLimits limits, Counters counters, DropLog dropLog, byte[] hello, LinkAdmission admitting,
            IdleConnections idle, LinkIds ids) {
        this.limits = limits;
        this.counters = counters;
        this.dropLog = dropLog;
        this.hello = hello;
        this.admitting = admitting;
        this.idle = idle;
        this.ids = ids;
    }

    void start(Carrier.Handler events) {
        this.handler = events;
    }

    /** A peer asks for a link: admitted within the caps, greeted, and told its token. */
    void open(InetAddress from, Consumer<HttpLinks.Answer> reply) {
        Admission.Refusal refusal = admitting.admit(from);
        if (refusal != null) {
            counters.drop(Counters.Drop.CONNECTION_REFUSED);
            dropLog.drop(refusal.text + ": " + from.getHostAddress() + " (https)");
            reply.accept(HttpLinks.Answer.busy(1));
            return;
        }
        byte[] secret = new byte[16];
        random.nextBytes(secret);
        String token = HexFormat.of().formatHex(secret);
        long now = System.nanoTime();
        HttpLink link = new HttpLink(this, ids.next(), token, from,
                new TokenBucket(limits.handshakesPerConnectionBurst(), 1, now), now);
        link.frameLimit = limits.unauthenticatedFrameLimit();
        link.outboundLimit = limits.unauthenticatedOutboundBytes();
        byToken.put(token, link);
        idle.idle(link);
        counters.connectionsAccepted.increment();
        send(link, hello);
        reply.accept(HttpLinks.Answer.ok(token.getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
    }

    /** Frames posted to a link, the first numbered {@code seq}: each one not taken before goes up, in order. */
    void post(String token, long seq, List<byte[]> frames, Consumer<HttpLinks.Answer> reply) {
        HttpLink link = byToken.get(token);
        if (link == null) {
            reply.accept(HttpLinks.Answer.GONE);
            return;
        }
        link.lastRequestNanos = System.nanoTime();
        if (seq > link.nextIn || seq < 1) {
            protocolError(link, "frames " + link.nextIn + " to " + (seq - 1) + " never arrived");
            reply.accept(HttpLinks.Answer.CONFLICT);
            return;
        }
        for (int i = (int) Math.min(frames.size(), link.nextIn - seq); i < frames.size() && !link.closed; i++) {
            byte[] frame = frames.get(i);
            link.nextIn++;
            if (frame.length > link.frameLimit) {
                counters.drop(Counters.Drop.FRAME_TOO_LARGE);
                if (!link.skipOversize) {
                    dropLog.drop("frame of " + frame.length + " bytes over the limit of " + link.frameLimit
                            + " from " + link.address.getHostAddress() + " (https)");
                    close(link, "frame too large");
                    break;
                }
                handler.onOversize(link, frame.length);
                continue;
            }
            handler.onMessage(link, frame);
        }
        reply.accept(link.closed ? HttpLinks.Answer.GONE : HttpLinks.Answer.TAKEN);
    }

    /**
     * A poll for the frames after {@code ack} (the peer has every frame up to it): answered at once if there are
     * any, else when one is queued or {@code waitNanos} has passed. A poll still waiting is answered, empty, first.
     */
    void poll(String token, long ack, long waitNanos, Consumer<HttpLinks.Answer> reply) {
        HttpLink link = byToken.get(token);
        if (link == null) {
            reply.accept(HttpLinks.Answer.GONE);
            return;
        }
        long now = System.nanoTime();
        link.lastRequestNanos = now;
        if (ack < link.firstUnacked - 1 || ack >= link.nextOut()) {
            protocolError(link, "acknowledged frame " + ack + " of " + (link.nextOut() - 1));
            reply.accept(HttpLinks.Answer.CONFLICT);
            return;
        }
        acknowledge(link, ack);
        if (link.poll != null) {
            link.poll.accept(HttpLinks.Answer.frames(List.of()));
        }
        link.poll = reply;
        link.pollDeadlineNanos = now + waitNanos;
        if (!link.unacked.isEmpty()) {
            answerPoll(link);
        }
    }

    /**
     * The peer closes its link, having every frame up to {@code ack} (null: it did not say, as earlier minions do
     * not). An acknowledgement out of range is ignored: the link closes all the same.
     */
    void closeByPeer(String token, Long ack, Consumer<HttpLinks.Answer> reply) {
        HttpLink link = byToken.get(token);
        if (link != null) {
            if (ack != null && ack >= link.firstUnacked - 1 && ack < link.nextOut()) {
                acknowledge(link, ack);
            }
            close(link, "the peer closed the link");
        }
        reply.accept(HttpLinks.Answer.TAKEN);
    }

    /**
     * Runs {@code then} once {@code link}'s peer has acknowledged every frame queued for it so far, or the link
     * closed: a frame queued while no poll waits is only on its way once the next poll comes for it.
     */
    void whenDelivered(HttpLink link, Runnable then) {
        if (link.closed || link.unacked.isEmpty()) {
            then.run();
            return;
        }
        link.awaiting.addLast(new HttpLink.Awaited(link.nextOut() - 1, then));
    }

    /** The peer has every frame up to {@code ack}: they are let go of, and whoever waited for them told. */
    private void acknowledge(HttpLink link, long ack) {
        while (link.firstUnacked <= ack) {
            link.unackedBytes -= link.unacked.removeFirst().length;
            link.firstUnacked++;
        }
        while (!link.awaiting.isEmpty() && link.awaiting.peekFirst().through() <= ack) {
            link.awaiting.removeFirst().then().run();
        }
    }

    /**
     * The link is closing with frames its peer never acknowledged: they are lost, and counted so; whoever waited
     * for them is told the link is gone. Returns how many.
     */
    private int abandon(HttpLink link) {
        int lost = link.unacked.size();
        counters.sendUnconfirmed.add(lost);
        link.unacked.clear();
        link.unackedBytes = 0;
        while (!link.awaiting.isEmpty()) {
            link.awaiting.removeFirst().then().run();
        }
        return lost;
    }

    boolean send(HttpLink link, byte[] frame) {
        if (link.closed) {
            return false;
        }
        if (link.unackedBytes + frame.length > link.outboundLimit) {
            counters.drop(Counters.Drop.SLOW_READER);
            close(link, "peer does not read its output");
            return false;
        }
        link.unacked.addLast(frame);
        link.unackedBytes += frame.length;
        if (link.poll != null && !link.dirty) {
            link.dirty = true;
            dirty.add(link);
        }
        return true;
    }

    void close(HttpLink link, String reason) {
        if (link.closed) {
            return;
        }
        link.closed = true;
        byToken.remove(link.token);
        idle.remove(link);
        admitting.closed(link.address);
        if (link.poll != null) {
            link.poll.accept(HttpLinks.Answer.GONE);
            link.poll = null;
        }
        int lost = abandon(link);
        if (lost > 0) {
            dropLog.drop(lost + " frames to " + link.address.getHostAddress() + " (https) never acknowledged: "
                    + reason);
        }
        handler.onClosed(link, reason);
    }

    void handshaking(HttpLink link) {
        idle.remove(link);
    }

    void idleAgain(HttpLink link) {
        if (!link.closed) {
            idle.idle(link);
        }
    }

    /** Answers the polls of the links that had frames queued this turn: one answer carries them all. */
    @Override
    public void flushAll() {
        for (HttpLink link : dirty) {
            link.dirty = false;
            if (!link.closed && link.poll != null && !link.unacked.isEmpty()) {
                answerPoll(link);
            }
        }
        dirty.clear();
    }

    private void answerPoll(HttpLink link) {
        List<byte[]> out = new ArrayList<>();
        long bytes = 0;
        for (byte[] frame : link.unacked) {
            if (!out.isEmpty() && bytes + frame.length > ANSWER_BYTES) {
                break;
            }
            out.add(frame);
            bytes += frame.length;
        }
        Consumer<HttpLinks.Answer> poll = link.poll;
        link.poll = null;
        poll.accept(HttpLinks.Answer.frames(out));
    }

    @Override
    public void sweep(long nowNanos, Predicate<Link> abandoned) {
        List<HttpLink> stale = new ArrayList<>();
        for (HttpLink link : byToken.values()) {
            if (link.poll != null && nowNanos - link.pollDeadlineNanos >= 0) {
                Consumer<HttpLinks.Answer> poll = link.poll;
                link.poll = null;
                poll.accept(HttpLinks.Answer.frames(List.of()));
            }
            if (link.poll == null && nowNanos - link.lastRequestNanos > LINK_IDLE_NANOS || abandoned.test(link)) {
                stale.add(link);
            }
        }
        for (HttpLink link : stale) {
            counters.drop(Counters.Drop.IDLE_CONNECTION);
            close(link, "no request or no handshake in time");
        }
    }

    @Override
    public int links() {
        return byToken.size();
    }

    @Override
    public void close() {
        int lost = 0;
        for (HttpLink link : new ArrayList<>(byToken.values())) {
            if (link.poll != null) {
                link.poll.accept(HttpLinks.Answer.GONE);
                link.poll = null;
            }
            link.closed = true;
            lost += abandon(link);
        }
        byToken.clear();
        if (lost > 0) {
            dropLog.drop(lost + " frames queued on https links never acknowledged: the router is stopping");
        }
    }

    private void protocolError(HttpLink link, String why) {
        counters.drop(Counters.Drop.PROTOCOL_ERROR);
        dropLog.drop(why + " on an https link from " + link.address.getHostAddress());
        close(link, why);
    }

    /** Splits a body of frames, each after its length as four bytes (big-endian); null if the body lies. */
    static List<byte[]> frames(byte[] body, int maxFrames) {
        ByteBuffer in = ByteBuffer.wrap(body);
        List<byte[]> out = new ArrayList<>();
        while (in.hasRemaining()) {
            if (in.remaining() < 4 || out.size() >= maxFrames) {
                return null;
            }
            int length = in.getInt();
            if (length < 0 || length > in.remaining()) {
                return null;
            }
            byte[] frame = new byte[length];
            in.get(frame);
            out.add(frame);
        }
        return out;
    }

    /** Frames as a body: each after its length as four bytes (big-endian). */
    static byte[] body(List<byte[]> frames) {
        int size = 0;
        for (byte[] f : frames) {
            size += 4 + f.length;
        }
        ByteBuffer out = ByteBuffer.allocate(size);
        for (byte[] f : frames) {
            out.putInt(f.length).put(f);
        }
        return out.array();
    }
}
