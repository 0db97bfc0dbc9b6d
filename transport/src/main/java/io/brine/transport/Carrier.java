package io.brine.transport;

/**
 * What moves a router's frames: listens, admits links ({@link Link}), hands up each whole frame a link's peer
 * sent, in order, and writes what the router queues, bounded per link. Each carrier is driven by the router's one
 * I/O thread, so the router's session logic (the Noise handshake, the session keys, admission, limits, the
 * inbound chain) is the same for every carrier and nowhere else. See docs/transports.md for what a carrier must
 * guarantee.
 */
interface Carrier extends AutoCloseable {
    /** What a carrier hands up, on the router's I/O thread. */
    interface Handler {
        /** A whole frame from {@code link}'s peer, in the order sent. */
        void onMessage(Link link, byte[] frame);

        /** A frame of {@code size} bytes, over an accepted peer's limit, was read past and dropped (counted). */
        void onOversize(Link link, long size);

        /** The link ended; told once. */
        void onClosed(Link link, String reason);
    }

    /** Writes what the turn queued. */
    void flushAll();

    /**
     * Closes links stuck before they could carry a frame, and open ones {@code abandoned} says are idle (no
     * handshake in time).
     */
    void sweep(long nowNanos, java.util.function.Predicate<Link> abandoned);

    /** Links open now. */
    int links();

    /** Closes every link and stops listening. */
    @Override
    void close();
}
