package io.brine.transport;

/**
 * What one peer, one source address and all of them together may make the master's router spend before it
 * refuses: connections, frame sizes by the peer's state, memory held in frames still arriving, queued output,
 * and the rate of first handshake messages. Every refusal is counted in {@link Counters}.
 *
 * @param maxConnections            connections open at once; more are closed as they are accepted
 * @param maxConnectionsPerAddress  connections open at once from one source address
 * @param unauthenticatedFrameLimit largest frame before a session exists (Noise messages 1 and 3 with the hello
 *                                  are a few hundred bytes)
 * @param pendingFrameLimit         largest frame from a session whose key is not accepted: it may only ping
 * @param frameBudgetBytes          memory all connections together may hold in frames still arriving
 * @param unauthenticatedOutboundBytes output queued for a connection without an accepted session
 * @param acceptedOutboundBytes     output queued for an accepted session before the peer counts as not reading
 * @param handshakesPerConnectionBurst first handshake messages one connection may send at once (then 1 a second); a dealer
 *                                  needs one per connection, and one more if the master loses its session
 * @param handshakesPerAddressBurst first handshake messages one source address may send at once
 * @param handshakesPerAddressPerSecond the rate they refill at
 * @param maxHandshakesQueued       handshakes waiting for a worker, per class (known addresses, others)
 * @param maxHandshakesPerAddress   handshakes begun and not finished from one source address
 * @param pendingFramesPerSecond    frames per second a pending session may send (pings come every few seconds)
 * @param handshakePaceMillis       the longest a first handshake message should wait for a worker: one whose wait,
 *                                  estimated from the queue, would be longer is answered "busy, retry after" that
 *                                  wait instead (BUSY) and the peer sends it again then, on the same connection
 */
public record RouterLimits(int maxConnections, int maxConnectionsPerAddress, int unauthenticatedFrameLimit,
        int pendingFrameLimit, long frameBudgetBytes, long unauthenticatedOutboundBytes, long acceptedOutboundBytes,
        int handshakesPerConnectionBurst, int handshakesPerAddressBurst, int handshakesPerAddressPerSecond,
        int maxHandshakesQueued, int pendingFramesPerSecond, int maxHandshakesPerAddress, int handshakePaceMillis) {

    public static final RouterLimits DEFAULTS = new RouterLimits(65_536, 16_384, 4096, 256, 512L << 20, 64 << 10,
            64L << 20, 2, 2000, 500, 20_000, 20, 4096, 1000);

    public RouterLimits {
        positive("maxConnections", maxConnections);
        positive("maxConnectionsPerAddress", maxConnectionsPerAddress);
        if (unauthenticatedFrameLimit < 512 || pendingFrameLimit < 128) {
            throw new IllegalArgumentException("frame limits too small for a handshake or a ping: "
                    + unauthenticatedFrameLimit + ", " + pendingFrameLimit);
        }
        positive("frameBudgetBytes", frameBudgetBytes);
        positive("unauthenticatedOutboundBytes", unauthenticatedOutboundBytes);
        positive("acceptedOutboundBytes", acceptedOutboundBytes);
        positive("handshakesPerConnectionBurst", handshakesPerConnectionBurst);
        positive("handshakesPerAddressBurst", handshakesPerAddressBurst);
        positive("handshakesPerAddressPerSecond", handshakesPerAddressPerSecond);
        positive("maxHandshakesQueued", maxHandshakesQueued);
        positive("pendingFramesPerSecond", pendingFramesPerSecond);
        positive("maxHandshakesPerAddress", maxHandshakesPerAddress);
        positive("handshakePaceMillis", handshakePaceMillis);
    }

    public RouterLimits withConnections(int max, int perAddress) {
        return new RouterLimits(max, perAddress, unauthenticatedFrameLimit, pendingFrameLimit, frameBudgetBytes,
                unauthenticatedOutboundBytes, acceptedOutboundBytes, handshakesPerConnectionBurst,
                handshakesPerAddressBurst, handshakesPerAddressPerSecond, maxHandshakesQueued, pendingFramesPerSecond,
                maxHandshakesPerAddress, handshakePaceMillis);
    }

    public RouterLimits withHandshakesPerAddress(int burst, int perSecond) {
        return new RouterLimits(maxConnections, maxConnectionsPerAddress, unauthenticatedFrameLimit,
                pendingFrameLimit, frameBudgetBytes, unauthenticatedOutboundBytes, acceptedOutboundBytes,
                handshakesPerConnectionBurst, burst, perSecond, maxHandshakesQueued, pendingFramesPerSecond,
                maxHandshakesPerAddress, handshakePaceMillis);
    }

    public RouterLimits withMaxHandshakesPerAddress(int max) {
        return new RouterLimits(maxConnections, maxConnectionsPerAddress, unauthenticatedFrameLimit,
                pendingFrameLimit, frameBudgetBytes, unauthenticatedOutboundBytes, acceptedOutboundBytes,
                handshakesPerConnectionBurst, handshakesPerAddressBurst, handshakesPerAddressPerSecond,
                maxHandshakesQueued, pendingFramesPerSecond, max, handshakePaceMillis);
    }

    /** First handshake messages that would wait longer than {@code millis} for a worker are answered BUSY. */
    public RouterLimits withHandshakePace(int millis) {
        return new RouterLimits(maxConnections, maxConnectionsPerAddress, unauthenticatedFrameLimit,
                pendingFrameLimit, frameBudgetBytes, unauthenticatedOutboundBytes, acceptedOutboundBytes,
                handshakesPerConnectionBurst, handshakesPerAddressBurst, handshakesPerAddressPerSecond,
                maxHandshakesQueued, pendingFramesPerSecond, maxHandshakesPerAddress, millis);
    }

    private static void positive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive: " + value);
        }
    }
}
