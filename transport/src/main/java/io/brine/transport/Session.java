package io.brine.transport;

import io.brine.protocol.KeyStatus;
import io.brine.protocol.Message;
import io.brine.protocol.Role;
import java.util.Objects;

/**
 * An authenticated peer of the router, and the way to answer it: who it proved to be (the static key from the
 * handshake) and what it claimed (role and id, accepted only because the key matched). Identity for routing
 * replies is the session, never an id read from a message. {@code remoteAddress} is where its connection came
 * from, for limits and audit lines, never for identity.
 *
 * <p>The router hands its listener sessions; a service that answers or pushes to a peer keeps its session and
 * sends through it, and needs nothing of the router itself. Sending is thread-safe and never blocks; what is sent
 * after the session ended is dropped (counted by the router). Sessions are equal only to themselves.
 *
 * <pre>{@code
 * public void onMessage(Session session, Message message) {
 *     session.send(new Pong(1));
 * }
 * }</pre>
 */
public final class Session {
    private final long id;
    private final Role role;
    private final String peerId;
    private final byte[] remoteKey;
    private final String remoteAddress;
    private final String transport;
    private final SessionOutbound outbound;

    Session(long id, Role role, String peerId, byte[] remoteKey, String remoteAddress, String transport,
            SessionOutbound outbound) {
        this.id = id;
        this.role = Objects.requireNonNull(role, "role");
        this.peerId = Objects.requireNonNull(peerId, "peerId");
        this.remoteKey = remoteKey.clone();
        this.remoteAddress = Objects.requireNonNull(remoteAddress, "remoteAddress");
        this.transport = Objects.requireNonNull(transport, "transport");
        this.outbound = outbound;
    }

    /** A session that belongs to no router, whose sends go nowhere (tests of tables of sessions). */
    public Session(long id, Role role, String peerId, byte[] remoteKey) {
        this(id, role, peerId, remoteKey, "unknown", "zmq", SessionOutbound.NONE);
    }

    public long id() {
        return id;
    }

    public Role role() {
        return role;
    }

    public String peerId() {
        return peerId;
    }

    /** The static public key the peer proved it holds (a copy). */
    public byte[] remoteKey() {
        return remoteKey.clone();
    }

    public String remoteAddress() {
        return remoteAddress;
    }

    /** What carries the session's frames: {@code zmq} (ZMTP over TCP) or {@code https}. */
    public String transport() {
        return transport;
    }

    /** Seals {@code message} for this session and sends it; dropped if the session has ended. */
    public void send(Message message) {
        outbound.send(id, message, () -> { });
    }

    /**
     * As {@link #send(Message)}; {@code then} runs on the router's I/O thread once the message is sealed into the
     * connection's bounded output (or dropped), so a caller can count what it still holds for the peer.
     */
    public void send(Message message, Runnable then) {
        outbound.send(id, message, then);
    }

    /**
     * As {@link #send(Message, Runnable)} for a large message (a file chunk): sealed after other peers' messages,
     * a few per turn, so bulk data cannot delay anyone's jobs or heartbeats.
     */
    public void sendBulk(Message message, Runnable then) {
        outbound.sendBulk(id, message, then);
    }

    /** Ends the session, telling the peer why with {@code status} (its key was deleted, rejected or denied). */
    public void close(KeyStatus status, String reason) {
        outbound.close(id, status, reason);
    }

    @Override
    public String toString() {
        return role.name().toLowerCase() + " " + peerId + " (session " + id + ")";
    }
}
