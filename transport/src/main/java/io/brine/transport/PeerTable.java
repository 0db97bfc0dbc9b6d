package io.brine.transport;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The router's peers, by connection and by session id, and the rule for giving up on them:
 * a handshake that never finished, a session that went silent. Used on the router's I/O thread only.
 */
final class PeerTable {
    private final Map<ByteBuffer, Peer> byConnection = new HashMap<>();
    private final Map<Long, Peer> bySession = new HashMap<>();
    /** Handshakes in progress by source address: what one address may hold of the master's handshake slots. */
    private final Map<InetAddress, Integer> handshakesByAddress = new HashMap<>();
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

    /** Adds a peer whose handshake has begun. */
    void add(ByteBuffer routingKey, Peer peer) {
        Peer old = byConnection.put(routingKey, peer);
        if (old != null) {
            ended(old);
        }
        handshakeCount(peer, +1);
    }

    /** The peer's handshake is done: from now on it is judged by what it sends, not by when it began. */
    void opened(Peer peer, long now) {
        peer.lastSeenMillis = now;
        bySession.put(peer.session.id(), peer);
        handshakeCount(peer, -1);
    }

    /** Removes the peer of a connection, with its session if it had one; returns it, or null. */
    Peer remove(ByteBuffer routingKey) {
        Peer peer = byConnection.remove(routingKey);
        if (peer != null) {
            ended(peer);
        }
        return peer;
    }

    int handshakesInFlight() {
        return byConnection.size() - bySession.size();
    }

    /** Handshakes begun and not yet finished from {@code address}. */
    int handshakesInFlight(InetAddress address) {
        return handshakesByAddress.getOrDefault(address, 0);
    }

    private void ended(Peer peer) {
        if (peer.session != null) {
            bySession.remove(peer.session.id(), peer);
        } else {
            handshakeCount(peer, -1);
        }
    }

    private void handshakeCount(Peer peer, int delta) {
        if (peer.connection != null) {
            handshakesByAddress.merge(peer.connection.address, delta, (a, b) -> a + b == 0 ? null : a + b);
        }
    }

    List<Peer> sessions() {
        return new ArrayList<>(bySession.values());
    }

    void clear() {
        byConnection.clear();
        bySession.clear();
        handshakesByAddress.clear();
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
                handshakeCount(peer, -1);
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
