package io.brine.transport;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Why frames were dropped, counted so an operator can tell an attack or a bug from normal churn; and how many
 * handshakes and sessions came and went, so a restart storm can be told from a fleet reconnecting once.
 */
public final class Counters {
    /** Why the router refused a connection, closed one, or dropped what a peer sent before it cost anything. */
    public enum Drop {
        /** Over the connection caps (all, or per source address), with no idle connection to close instead. */
        CONNECTION_REFUSED,
        /**
         * An idle connection (no handshake begun) closed, the oldest of its source address, so that a new one from
         * that address could be accepted over {@link RouterLimits#maxConnectionsPerAddress()}.
         */
        IDLE_EVICTED_FROM_ADDRESS,
        /**
         * An idle connection closed, the oldest of all, so that a new one could be accepted over
         * {@link RouterLimits#maxConnections()} or while the process was out of descriptors.
         */
        IDLE_EVICTED,
        /** A bad ZMTP greeting, command or frame header: random bytes, another protocol. */
        PROTOCOL_ERROR,
        /** A frame header declaring more than the peer's state allows. */
        FRAME_TOO_LARGE,
        /** The memory for frames still arriving, across all connections, was spent. */
        FRAME_BUDGET,
        /** A multi-part message: Brine's messages are one frame each. */
        MULTIPART,
        /** A peer that did not read its output. */
        SLOW_READER,
        /** A connection that never completed its ZMTP or Noise handshake in time. */
        IDLE_CONNECTION,
        /** First handshake messages over one connection's rate. */
        HANDSHAKE_RATE_CONNECTION,
        /** First handshake messages over one source address's rate. */
        HANDSHAKE_RATE_ADDRESS,
        /** Too many handshakes begun and not finished, in all or from one source address. */
        HANDSHAKES_IN_FLIGHT,
        /** The handshake workers' queue for that class of peer was full. */
        HANDSHAKE_QUEUE_FULL,
        /** Handling a peer's input failed inside the router (a bug): that connection was closed, nothing else. */
        INTERNAL_ERROR,
        /** Frames over a pending (not accepted) session's rate, or of a kind it may not send. */
        PENDING_PEER,
        /** Inbound chain, frame check: a header that is no frame, or a kind never sent to a master. */
        MALFORMED_FRAME,
        /** Inbound chain, session lookup: a sealed frame on a connection without a session. */
        NO_SESSION,
        /** Inbound chain, open: a sealed frame that does not open with the session's keys (forged, replayed). */
        DECRYPT_FAILED,
        /** Inbound chain, decode: a frame that opened but holds no message this version knows. */
        UNDECODABLE,
        /**
         * Inbound chain, decode: a message holding a value beyond its type's bounds ({@code ValueBounds}: bytes,
         * values, depth), refused as soon as it passed them: a grains report of a million entries.
         */
        OVER_BOUNDS,
        /** Inbound chain, admission: a message other than a heartbeat from a session whose key is not accepted. */
        NOT_ACCEPTED,
        /** Inbound chain, role authorisation: a message the session's role may not send (a minion's request). */
        ROLE_NOT_ALLOWED
    }

    private final Map<Drop, LongAdder> drops = new EnumMap<>(Drop.class);
    /** Connections accepted and greeted (those refused at once are drops, not counted here). */
    final LongAdder connectionsAccepted = new LongAdder();
    final LongAdder handshakesStarted = new LongAdder();
    final LongAdder sessionsOpened = new LongAdder();
    final LongAdder handshakesExpired = new LongAdder();
    final LongAdder sessionsExpired = new LongAdder();
    final LongAdder handshakeFailures = new LongAdder();
    /** First handshake messages answered BUSY (see {@link RouterHandshakes}): not dropped, deferred. */
    final LongAdder handshakesPaced = new LongAdder();
    /** Keys the authenticator refused (rejected or denied). */
    final LongAdder keysRefused = new LongAdder();
    final LongAdder sendDropped = new LongAdder();
    /**
     * Frames queued for a peer whose link closed before the peer acknowledged them: HTTPS links, whose peers say
     * what they have. Sent, perhaps, never known to have arrived.
     */
    final LongAdder sendUnconfirmed = new LongAdder();

    public Counters() {
        for (Drop d : Drop.values()) {
            drops.put(d, new LongAdder());
        }
    }

    /** Counts one drop for {@code reason}; for the links of the inbound chain outside the transport too. */
    public void drop(Drop reason) {
        drops.get(reason).increment();
    }

    /** How often the router dropped something for {@code reason}. */
    public long dropped(Drop reason) {
        return drops.get(reason).sum();
    }

    /** Connections accepted and greeted since the start: more than one a peer is peers starting over. */
    public long connectionsAccepted() {
        return connectionsAccepted.sum();
    }

    /** First handshake messages received: one per connection a peer (re)started a handshake on. */
    public long handshakesStarted() {
        return handshakesStarted.sum();
    }

    /** Handshakes completed, whatever the key's status turned out to be. */
    public long sessionsOpened() {
        return sessionsOpened.sum();
    }

    /** Handshakes given up because the peer never finished them. */
    public long handshakesExpired() {
        return handshakesExpired.sum();
    }

    /** Sessions ended because the peer went silent (no heartbeat for three periods). */
    public long sessionsExpired() {
        return sessionsExpired.sum();
    }

    /** Frames that were no frame, or opened to no message (the frame check and decode steps). */
    public long malformed() {
        return dropped(Drop.MALFORMED_FRAME) + dropped(Drop.UNDECODABLE);
    }

    /** First handshake messages answered "busy, retry after N" instead of queued behind a deep queue. */
    public long handshakesPaced() {
        return handshakesPaced.sum();
    }

    public long handshakeFailures() {
        return handshakeFailures.sum();
    }

    public long decryptFailures() {
        return dropped(Drop.DECRYPT_FAILED);
    }

    public long noSession() {
        return dropped(Drop.NO_SESSION);
    }

    /** Keys refused, and messages from sessions whose key is not accepted. */
    public long refused() {
        return keysRefused.sum() + dropped(Drop.NOT_ACCEPTED);
    }

    public long sendDropped() {
        return sendDropped.sum();
    }

    /**
     * Frames an HTTPS link closed with that its peer never acknowledged: lost, unless the answer that carried them
     * arrived after all (a peer that closes its link says what it has; an earlier minion does not).
     */
    public long sendUnconfirmed() {
        return sendUnconfirmed.sum();
    }

    @Override
    public String toString() {
        return "malformed=" + malformed() + " handshakeFailures=" + handshakeFailures() + " decryptFailures="
                + decryptFailures() + " noSession=" + noSession() + " refused=" + refused() + " sendDropped="
                + sendDropped() + " sendUnconfirmed=" + sendUnconfirmed() + " handshakesStarted=" + handshakesStarted()
                + " sessionsOpened=" + sessionsOpened() + " handshakesExpired=" + handshakesExpired()
                + " sessionsExpired=" + sessionsExpired() + dropsText();
    }

    private String dropsText() {
        StringBuilder out = new StringBuilder();
        drops.forEach((reason, n) -> {
            if (n.sum() > 0) {
                out.append(' ').append(reason.name().toLowerCase()).append('=').append(n.sum());
            }
        });
        return out.toString();
    }
}
