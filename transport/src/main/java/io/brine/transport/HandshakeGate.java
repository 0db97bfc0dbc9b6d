package io.brine.transport;

/**
 * Decides whether a first handshake message may cost a worker anything: the connection's own rate, the handshakes
 * in flight (in all, and from the connection's address) and the address's rate, checked in that order so that a
 * refused message spends no token of its address. Used on the router's I/O thread only.
 */
final class HandshakeGate {
    /** Handshakes begun and not finished, from all addresses together. */
    static final int MAX_HANDSHAKES_IN_FLIGHT = 20_000;

    private final RouterLimits limits;
    private final Admission admission;
    private final PeerTable peers;

    HandshakeGate(RouterLimits limits, Admission admission, PeerTable peers) {
        this.limits = limits;
        this.admission = admission;
        this.peers = peers;
    }

    /** Null if the handshake may start now; otherwise why not. */
    Counters.Drop check(Link connection, long nowNanos) {
        if (!connection.handshakes.tryTake(nowNanos)) {
            return Counters.Drop.HANDSHAKE_RATE_CONNECTION;
        }
        if (peers.handshakesInFlight() >= MAX_HANDSHAKES_IN_FLIGHT
                || peers.handshakesInFlight(connection.address) >= limits.maxHandshakesPerAddress()) {
            return Counters.Drop.HANDSHAKES_IN_FLIGHT;
        }
        if (!admission.handshakeAllowed(connection.address, nowNanos)) {
            return Counters.Drop.HANDSHAKE_RATE_ADDRESS;
        }
        return null;
    }
}
