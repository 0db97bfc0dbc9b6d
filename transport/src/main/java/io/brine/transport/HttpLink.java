package io.brine.transport;

import java.net.InetAddress;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;

/**
 * One HTTPS link: the frames queued for its peer until a poll acknowledges them (so a poll's answer lost on the
 * way is sent again by the next poll), the poll waiting for them, and the sequence number of the next frame its
 * peer posts (so a post sent twice is taken once). Frames are numbered from 1 in each direction. A frame is the
 * peer's only once acknowledged: one queued while no poll waits (between the answer to one poll and the next) is
 * not on its way yet. I/O thread only.
 */
final class HttpLink extends Link {
    final String token;
    private final HttpCarrier carrier;
    /** Frames sent and not yet acknowledged, the first numbered {@link #firstUnacked}. */
    final Deque<byte[]> unacked = new ArrayDeque<>();
    long firstUnacked = 1;
    long unackedBytes;
    /** The number the peer's next posted frame must have. */
    long nextIn = 1;
    /** The poll waiting for frames, or null; answered at the end of the turn a frame is queued, or at its deadline. */
    Consumer<HttpLinks.Answer> poll;
    long pollDeadlineNanos;
    /** When the peer last asked anything of this link. */
    long lastRequestNanos;
    /** Queued for a flush at the end of this turn. */
    boolean dirty;
    /**
     * Who waits for the peer to have the frames up to a number ({@link #whenDelivered}), in the order they asked,
     * so by number: one entry for each going-away notice the router sent on this link, no more.
     */
    final Deque<Awaited> awaiting = new ArrayDeque<>(1);

    /** {@code then} runs once the peer acknowledged the frames up to {@code through}, or the link closed. */
    record Awaited(long through, Runnable then) {
    }

    HttpLink(HttpCarrier carrier, long id, String token, InetAddress address, TokenBucket handshakes, long nowNanos) {
        super(id, address, handshakes, nowNanos);
        this.carrier = carrier;
        this.token = token;
        this.lastRequestNanos = nowNanos;
    }

    /** The number the next frame queued for the peer gets. */
    long nextOut() {
        return firstUnacked + unacked.size();
    }

    @Override
    boolean send(byte[] frame) {
        return carrier.send(this, frame);
    }

    @Override
    void whenDelivered(Runnable then) {
        carrier.whenDelivered(this, then);
    }

    @Override
    void close(String reason) {
        carrier.close(this, reason);
    }

    @Override
    void handshaking() {
        carrier.handshaking(this);
    }

    @Override
    void idleAgain() {
        carrier.idleAgain(this);
    }

    @Override
    String carrier() {
        return "https";
    }
}
