package io.brine.transport;

import java.net.InetAddress;

/**
 * One connection of a {@link Carrier}, as the router's session logic sees it, whatever carries its frames: a ZMTP
 * connection over TCP ({@link ZmtpConnection}), or an HTTPS link of long-polls and posts. The handshake, the
 * session keys, admission and every limit a peer's state allows are the router's, and the same for every carrier;
 * a carrier only moves whole frames, in order, within {@link #outboundLimit}. Used on the router's I/O thread only.
 */
abstract class Link {
    /** Unique among the router's links of every carrier: a session's routing id is made of it. */
    final long id;
    final InetAddress address;
    final long openedNanos;
    /** First handshake messages this link may send, refilled slowly (see {@link HandshakeGate}). */
    final TokenBucket handshakes;
    /** The largest frame its peer may send in the state it is in (no session, pending, accepted). */
    int frameLimit;
    /**
     * Whether a frame over {@link #frameLimit} is read past and reported rather than ending the link: for an
     * accepted peer, whose oversized return must be answered with the limit, not with a reconnect it would repeat.
     */
    boolean skipOversize;
    /** Bytes of output that may wait for its peer to read them; past it the link is closed, not buffered for. */
    long outboundLimit;
    boolean closed;
    /**
     * The peer asked for the operator's lane and connects from this host: its handshakes go before the fleet's
     * (see {@link HandshakeQueue}).
     */
    boolean operatorLane;
    /** First handshake messages dropped for this link's rate. */
    int rateDrops;

    Link(long id, InetAddress address, TokenBucket handshakes, long openedNanos) {
        this.id = id;
        this.address = address;
        this.handshakes = handshakes;
        this.openedNanos = openedNanos;
    }

    /** Queues a whole frame for the peer; false (and the link closed, counted) if the peer is not reading. */
    abstract boolean send(byte[] frame);

    /** Closes the link; its carrier tells the router ({@link Carrier.Handler#onClosed}) once. */
    abstract void close(String reason);

    /** A handshake began on it: it is no longer idle, and no new link closes it to make room. */
    abstract void handshaking();

    /** Its peer was dropped while the link stays open: it is idle again, the newest. */
    abstract void idleAgain();

    /**
     * Runs {@code then} on the I/O thread once the peer has every frame queued for it so far, or the link closed.
     * Here at once: a ZMTP connection's frames, once written at the end of the turn, are the kernel's to deliver,
     * and it does so even if the router closes the connection next. A carrier whose peer must fetch its frames
     * (HTTPS) waits for the peer to say it has them.
     */
    void whenDelivered(Runnable then) {
        then.run();
    }

    /** The name of its carrier, as operators read it ({@code zmq}, {@code https}). */
    abstract String carrier();
}
