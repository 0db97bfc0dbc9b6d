package io.brine.transport;

import io.brine.protocol.Frame;
import io.brine.protocol.GoingAway;
import io.brine.protocol.Hello;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Message;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.Welcome;
import io.brine.protocol.crypto.SessionCipher;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The router's session table: its peers by connection and by session, what is sealed and written to each, and
 * the listener told when an accepted session begins and ends. The {@link SessionOutbound} methods are
 * thread-safe and only enqueue for the I/O thread; everything else runs on that thread.
 */
final class RouterSessions implements SessionOutbound {
    private final PeerTable peers;
    private final Carriers carriers;
    private final Outbox outbox;
    private final Counters counters;
    private final RouterListener listener;
    private final AtomicLong sessionIds = new AtomicLong();

    RouterSessions(PeerTable peers, Carriers carriers, Outbox outbox, Counters counters, RouterListener listener) {
        this.peers = peers;
        this.carriers = carriers;
        this.outbox = outbox;
        this.counters = counters;
        this.listener = listener;
    }

    // Any thread: enqueued for the I/O thread.

    @Override
    public void send(long sessionId, Message message, Runnable then) {
        outbox.submit(() -> sendThen(sessionId, message, then));
    }

    @Override
    public void sendBulk(long sessionId, Message message, Runnable then) {
        outbox.submitBulk(() -> sendThen(sessionId, message, then));
    }

    @Override
    public void close(long sessionId, KeyStatus status, String reason) {
        outbox.submit(() -> {
            Peer peer = peers.session(sessionId);
            if (peer != null) {
                sendSealed(peer, new Welcome(status, reason));
                forget(peer, reason);
            }
        });
    }

    // The I/O thread only.

    static ByteBuffer routingKey(Link connection) {
        return ByteBuffer.wrap(routingId(connection));
    }

    static byte[] routingId(Link connection) {
        return ByteBuffer.allocate(Long.BYTES).putLong(connection.id).array();
    }

    Peer of(Link connection) {
        return peers.get(routingKey(connection));
    }

    /** A new peer on {@code connection}, beginning its handshake; a session the connection had ends. */
    Peer begin(Link connection) {
        ByteBuffer key = routingKey(connection);
        Peer old = peers.remove(key);
        if (old != null && old.hasSession()) {
            forget(old, "peer started a new handshake");
        }
        Peer peer = new Peer(routingId(connection), MonotonicMillis.now());
        peer.connection = connection;
        peers.add(key, peer);
        return peer;
    }

    /** Whether {@code peer} is still the one its connection has (it may have started over or expired). */
    boolean current(Peer peer) {
        return peers.get(ByteBuffer.wrap(peer.routingId)) == peer;
    }

    /** The handshake is done: the peer has a session, not yet accepted (its key is being checked). */
    void open(Peer peer, Hello hello, byte[] remoteKey, SessionCipher cipher) {
        peer.cipher = cipher;
        peer.session = new Session(sessionIds.incrementAndGet(), hello.role(), hello.id(), remoteKey,
                peer.connection.address.getHostAddress(), peer.connection.carrier(), this);
        peers.opened(peer, MonotonicMillis.now());
        counters.sessionsOpened.increment();
    }

    /** Drops the peer of a connection whose handshake failed or was refused. */
    void drop(Link connection) {
        peers.remove(routingKey(connection));
        connection.idleAgain();
    }

    Peer session(long sessionId) {
        return peers.session(sessionId);
    }

    List<Peer> sessions() {
        return peers.sessions();
    }

    /** The sessions of peers that claimed one of {@code peerIds}. */
    List<Peer> sessionsOf(Set<String> peerIds) {
        List<Peer> out = new ArrayList<>();
        for (Peer peer : peers.sessions()) {
            if (peerIds.contains(peer.session.peerId())) {
                out.add(peer);
            }
        }
        return out;
    }

    void sendSealed(Peer peer, Message message) {
        sendRaw(peer, Frame.sealed(peer.cipher, encoded(message)));
    }

    /**
     * The last message encoded, and its bytes: a job published to a thousand minions is one message sent a
     * thousand times in a row, encoded once. Only messages of up to a few KiB are kept, so a file chunk is never
     * held here past its send. I/O thread only.
     */
    private Message lastMessage;
    private byte[] lastEncoded;

    private byte[] encoded(Message message) {
        if (message != lastMessage) {
            byte[] bytes = MessageCodec.encode(message);
            boolean small = bytes.length <= KEEP_ENCODED_BYTES;
            lastMessage = small ? message : null;
            lastEncoded = small ? bytes : null;
            return bytes;
        }
        return lastEncoded;
    }

    private static final int KEEP_ENCODED_BYTES = 16 << 10;

    /** Never blocks: a peer that does not read its output loses its connection instead (see ZmtpServer#send). */
    void sendRaw(Peer peer, byte[] encodedFrame) {
        if (!peer.connection.send(encodedFrame)) {
            counters.sendDropped.increment();
        }
    }

    /**
     * Tells every accepted peer this master is stopping; {@code delivery} hears as each has the notice (and so what
     * was sent to it before).
     */
    void sayGoingAway(String reason, GoingAwayDelivery delivery) {
        List<Link> told = new ArrayList<>();
        for (Peer peer : peers.sessions()) {
            if (peer.accepted && peer.connection != null) {
                sendSealed(peer, new GoingAway(reason));
                told.add(peer.connection);
            }
        }
        carriers.flushAll();
        told.forEach(delivery::expect);
        delivery.allTold();
    }

    /** Ends the peer's session, if it had one, telling the listener if it was accepted. */
    void forget(Peer peer, String reason) {
        peers.remove(ByteBuffer.wrap(peer.routingId));
        if (peer.connection != null) {
            peer.connection.idleAgain(); // if it stays open: a newer connection may close it now
        }
        if (peer.session != null && peer.accepted) {
            peer.accepted = false;
            listener.onClosed(peer.session, reason);
        }
    }

    /** The connection closed: its peer, if it still has that connection, is forgotten. */
    void connectionClosed(Link connection, String reason) {
        Peer peer = of(connection);
        if (peer != null && peer.connection == connection) {
            forget(peer, reason);
        }
    }

    /** Gives up on handshakes that never finished and sessions that went silent (see PeerTable#expire). */
    void expire(long drainedMillis) {
        for (Peer peer : peers.expire(drainedMillis, counters)) {
            if (peer.connection != null) {
                peer.connection.idleAgain();
            }
            if (peer.accepted) {
                listener.onClosed(peer.session, "no heartbeat");
            }
        }
    }

    void clear() {
        peers.clear();
    }

    private void sendThen(long sessionId, Message message, Runnable then) {
        try {
            Peer peer = peers.session(sessionId);
            if (peer == null || !peer.accepted) {
                counters.sendDropped.increment();
                return;
            }
            sendSealed(peer, message);
        } finally {
            then.run();
        }
    }
}
