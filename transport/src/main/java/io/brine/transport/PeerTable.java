package io.brine.transport;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The router's peers, by connection (ZeroMQ routing id) and by session id, and the rule for giving up on them:
 * a handshake that never finished, a session that went silent. Used on the router's I/O thread only.
 */
final class PeerTable {
    private final Map<ByteBuffer, Peer> byConnection = new HashMap<>();
    private final Map<Long, Peer> bySession = new HashMap<>();
    private final long handshakeTimeoutMillis;
    private final long silenceMillis;

    PeerTable(TransportSettings settings) {
        this.handshakeTimeoutMillis = settings.handshakeTimeout().toMillis();
        this.silenceMillis = 3 * settings.heartbeat().toMillis();
    }

    Peer get(ByteBuffer routingKey) {
        return byConnection.get(routingKey);
    }

    Peer session(long sessionId) {
        return bySession.get(sessionId);
    }

    void add(ByteBuffer routingKey, Peer peer) {
        byConnection.put(routingKey, peer);
    }

    /** The peer's handshake is done: from now on it is judged by what it sends, not by when it began. */
    void opened(Peer peer, long now) {
        peer.lastSeenMillis = now;
        bySession.put(peer.session.id(), peer);
    }

    /** Removes the peer of a connection, with its session if it had one; returns it, or null. */
    Peer remove(ByteBuffer routingKey) {
        Peer peer = byConnection.remove(routingKey);
        if (peer != null && peer.session != null) {
            bySession.remove(peer.session.id(), peer);
        }
        return peer;
    }

    int handshakesInFlight() {
        return byConnection.size() - bySession.size();
    }

    List<Peer> sessions() {
        return new ArrayList<>(bySession.values());
    }

    void clear() {
        byConnection.clear();
        bySession.clear();
    }

    /**
     * Removes handshakes that never finished and sessions that went silent; returns the sessions removed.
     * {@code drainedMillis} is when the router last found its socket empty: whatever a peer sent before then has
     * been read, so silence is measured up to that moment, not to now. A router busy for seconds with a batch
     * (a restart storm) has not heard its peers in that time, and that is not their silence.
     */
    List<Peer> expire(long drainedMillis, Counters counters) {
        long handshakeDeadline = drainedMillis - handshakeTimeoutMillis;
        long silenceDeadline = drainedMillis - silenceMillis;
        List<Peer> silent = new ArrayList<>();
        for (Iterator<Peer> it = byConnection.values().iterator(); it.hasNext();) {
            Peer peer = it.next();
            if (!peer.hasSession() && peer.createdMillis < handshakeDeadline) {
                it.remove();
                counters.handshakesExpired.increment();
            } else if (peer.hasSession() && peer.lastSeenMillis < silenceDeadline) {
                it.remove();
                bySession.remove(peer.session.id());
                counters.sessionsExpired.increment();
                silent.add(peer);
            }
        }
        return silent;
    }
}
