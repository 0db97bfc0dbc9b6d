package io.brine.transport;

import io.brine.protocol.crypto.NoiseXX;
import io.brine.protocol.crypto.SessionCipher;

/** What the router knows of one ZMTP connection: a handshake in progress, or a session (accepted or pending). */
final class Peer {
    final byte[] routingId;
    final long createdMillis;
    NoiseXX handshake;
    SessionCipher cipher;
    Session session;
    boolean accepted;
    long lastSeenMillis;
    /** The connection it speaks on; null only in tests of the table alone. */
    Link connection;
    /** Paces what a session whose key is not accepted may send (pings); made when such a session opens. */
    TokenBucket pendingRate;

    Peer(byte[] routingId, long now) {
        this.routingId = routingId;
        this.createdMillis = now;
        this.lastSeenMillis = now;
    }

    boolean hasSession() {
        return session != null;
    }
}
