package io.brine.transport;

import io.brine.protocol.FrameKind;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * A dealer's connection to a master, whatever carries its frames: ZMTP over TCP ({@link DealerSocket}) or HTTPS
 * ({@link HttpsDealerLink}). The handshake, the session keys, heartbeats, backoff and failover are the dealer's
 * ({@link DealerHandshake}), the same for every carrier; a link moves whole frames, in order, and says when it is
 * lost. Opened, written and closed on the dealers' loop thread only; what it receives it hands to its sink on that
 * thread too.
 */
interface DealerLink {
    /**
     * Connects to {@code endpoint} (its address looked up as {@code address}; unresolved for a carrier whose
     * connection resolves the name itself, or a proxy does), closing any connection first; throws, holding
     * nothing, if it cannot begin.
     */
    void open(String endpoint, InetSocketAddress address) throws IOException;

    /** Closes the connection without a word to the master; what is queued may go out first, never waited for. */
    void close();

    /** Queues a frame; never blocks (past the link's bounds the frame is dropped and counted). */
    void send(FrameKind kind, byte[] frame);

    /** The master's host accepted the connection, whatever the master has said on it. */
    boolean connected();

    /** Connections made since the link was made (read from any thread). */
    int connections();

    /**
     * Whether a handshake on this link is waited on for the whole handshake timeout from the start, not first for
     * the short first-handshake timeout that finds a ZMTP connection the master never greeted: an HTTPS link exists
     * only once the master made it (its greeting queued), and its requests carry timeouts of their own.
     */
    default boolean patientHandshake() {
        return false;
    }
}
