package io.brine.transport;

import java.net.InetAddress;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Consumer;

/**
 * One HTTPS link: the frames queued for its peer until a poll acknowledges them (so a poll's answer lost on the
 * way is sent again by the next poll), the poll waiting for them, and the sequence number of the next frame its
 * peer posts (so a post sent twice is taken once). Frames are numbered from 1 in each direction. I/O thread only.
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
