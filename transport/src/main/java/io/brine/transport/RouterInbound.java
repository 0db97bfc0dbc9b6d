package io.brine.transport;

import io.brine.protocol.Frame;
import io.brine.protocol.FrameKind;
import io.brine.protocol.MalformedMessageException;
import io.brine.protocol.Message;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.OverBoundsException;
import io.brine.protocol.Ping;
import io.brine.protocol.Pong;
import io.brine.protocol.crypto.CryptoException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The router's inbound chain, in fixed steps, each with an early exit that counts its reason in {@link Counters}
 * and logs it (at most a line a second, {@link DropLog}):
 * <ol>
 * <li>frame check: the header is a frame a master takes ({@code MALFORMED_FRAME});
 * <li>session lookup: a sealed frame's connection has a session, and a session whose key is not (yet) accepted is
 *     within its rate ({@code NO_SESSION}, {@code PENDING_PEER});
 * <li>open: the frame opens with the session's keys and its nonce is the next one ({@code DECRYPT_FAILED});
 * <li>decode: it holds a message ({@code UNDECODABLE}) whose values are within their bounds ({@code OVER_BOUNDS});
 * <li>admission: heartbeats are answered here; anything else needs an accepted key ({@code NOT_ACCEPTED});
 * <li>then the listener, whose first link is role authorisation ({@code ROLE_NOT_ALLOWED}) and then dispatch.
 * </ol>
 * Handshake frames leave the chain at the frame check, for {@link RouterHandshakes}. I/O thread only.
 */
final class RouterInbound implements Carrier.Handler {
    private static final byte[] EMPTY_RESET = new Frame(FrameKind.RESET, new byte[0]).encode();

    private final int maxFrameSize;
    private final RouterSessions sessions;
    private final RouterHandshakes handshakes;
    private final RouterListener listener;
    private final Counters counters;
    private final DropLog dropLog;

    RouterInbound(int maxFrameSize, RouterSessions sessions, RouterHandshakes handshakes, RouterListener listener,
            Counters counters, DropLog dropLog) {
        this.maxFrameSize = maxFrameSize;
        this.sessions = sessions;
        this.handshakes = handshakes;
        this.listener = listener;
        this.counters = counters;
        this.dropLog = dropLog;
    }

    @Override
    public void onClosed(Link connection, String reason) {
        sessions.connectionClosed(connection, reason);
    }

    /**
     * An accepted minion's frame too large to read: it is told (the listener sends its limits) and goes on. A client
     * that sends one loses its connection, as before: it has no spool to cut and resend from.
     */
    @Override
    public void onOversize(Link connection, long size) {
        Peer peer = sessions.of(connection);
        if (peer == null || !peer.accepted) {
            return;
        }
        if (peer.session.role() == io.brine.protocol.Role.MINION) {
            listener.onFrameRefused(peer.session, size);
        } else {
            connection.close("frame too large");
        }
    }

    @Override
    public void onMessage(Link connection, byte[] raw) {
        FrameKind kind = frameCheck(raw);
        if (kind == FrameKind.HANDSHAKE_1) {
            handshakes.first(connection, body(raw));
        } else if (kind == FrameKind.HANDSHAKE_3) {
            handshakes.last(connection, body(raw));
        } else if (kind == FrameKind.SEALED) {
            sealed(connection, raw);
        }
    }

    /** A sealed frame, opened where it was received: no copy of a pushed file chunk just to drop the header. */
    private void sealed(Link connection, byte[] raw) {
        Peer peer = sessionLookup(connection);
        if (peer == null) {
            return;
        }
        ByteBuffer plaintext = open(peer, raw);
        if (plaintext == null) {
            return;
        }
        Message message = decode(peer, plaintext);
        if (message == null) {
            return;
        }
        peer.lastSeenMillis = MonotonicMillis.now();
        if (admitted(peer, message)) {
            listener.onMessage(peer.session, message, raw.length);
        }
    }

    /** Step 1: the frame's kind, or null (dropped) if it is no frame or one never sent to a master. */
    private FrameKind frameCheck(byte[] raw) {
        FrameKind kind;
        try {
            kind = Frame.kindOf(raw, maxFrameSize);
        } catch (MalformedMessageException e) {
            drop(Counters.Drop.MALFORMED_FRAME, e.getMessage());
            return null;
        }
        if (kind != FrameKind.HANDSHAKE_1 && kind != FrameKind.HANDSHAKE_3 && kind != FrameKind.SEALED) {
            drop(Counters.Drop.MALFORMED_FRAME, "frame kind " + kind + " is never sent to a master");
            return null;
        }
        return kind;
    }

    /**
     * Step 2: the connection's session, or null. Without one the peer is told (an empty RESET) so it handshakes
     * again. A pending peer's frames are tiny (its frame limit), so opening one costs microseconds; its rate bounds
     * how many: it may only ping while it waits for an operator.
     */
    private Peer sessionLookup(Link connection) {
        Peer peer = sessions.of(connection);
        if (peer == null || peer.cipher == null) {
            drop(Counters.Drop.NO_SESSION, "sealed frame without a session from "
                    + connection.address.getHostAddress());
            connection.send(EMPTY_RESET);
            return null;
        }
        if (!peer.accepted && !peer.pendingRate.tryTake(System.nanoTime())) {
            drop(Counters.Drop.PENDING_PEER, "frames over a pending session's rate from " + peer.session);
            return null;
        }
        return peer;
    }

    /** Step 3: the plaintext, or null if the frame does not open (forged, replayed, out of order). */
    private ByteBuffer open(Peer peer, byte[] raw) {
        try {
            return Frame.open(peer.cipher, raw);
        } catch (CryptoException e) {
            drop(Counters.Drop.DECRYPT_FAILED, "from " + peer.session + ": " + e.getMessage());
            return null;
        }
    }

    /** Step 4: the message, or null if the plaintext holds none. */
    private Message decode(Peer peer, ByteBuffer plaintext) {
        try {
            return MessageCodec.decode(plaintext);
        } catch (OverBoundsException e) {
            drop(Counters.Drop.OVER_BOUNDS, "from " + peer.session + ": " + e.getMessage());
            return null;
        } catch (MalformedMessageException e) {
            drop(Counters.Drop.UNDECODABLE, "from " + peer.session + ": " + e.getMessage());
            return null;
        }
    }

    /** Step 5: heartbeats are the transport's own; anything else goes up only from an accepted session. */
    private boolean admitted(Peer peer, Message message) {
        if (message instanceof Ping ping) {
            sessions.sendSealed(peer, new Pong(ping.sequence()));
            return false;
        }
        if (message instanceof Pong) {
            return false; // a reply to nothing we asked: harmless
        }
        if (!peer.accepted) {
            drop(Counters.Drop.NOT_ACCEPTED, "message from " + peer.session + " whose key is not accepted");
            return false;
        }
        return true;
    }

    private void drop(Counters.Drop reason, String why) {
        counters.drop(reason);
        dropLog.drop(why);
    }

    private static byte[] body(byte[] raw) {
        return Arrays.copyOfRange(raw, Frame.HEADER, raw.length);
    }
}
