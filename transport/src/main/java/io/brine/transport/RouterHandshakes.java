package io.brine.transport;

import io.brine.protocol.Frame;
import io.brine.protocol.FrameKind;
import io.brine.protocol.crypto.NoiseXX;
import java.lang.System.Logger;

/**
 * The router's handshake state machine: message 1 passes the {@link HandshakeGate} and is answered by the
 * {@link HandshakeWorkers}; message 3 is checked by them too and opens a session, whose key then goes to
 * {@link KeyVerdicts}. Refusals for load close the connection; everything is counted. I/O thread only.
 */
final class RouterHandshakes {
    /**
     * First handshake messages over its rate after which a connection is closed: it is looping, not retrying. High
     * on purpose: dropping one costs a token check, while a closed flooder reconnects, and every new connection
     * spends tokens of its address that legit peers behind the same address need (with 64, a looping client
     * reconnected some 300 times a second and starved its address's rate).
     */
    private static final int RATE_DROPS_BEFORE_CLOSE = 10_000;

    private final RouterSessions sessions;
    private final HandshakeGate gate;
    private final HandshakeWorkers workers;
    private final Admission admission;
    private final KeyVerdicts verdicts;
    private final ZmtpServer server;
    private final Counters counters;
    private final DropLog dropLog;

    RouterHandshakes(RouterSessions sessions, HandshakeGate gate, HandshakeWorkers workers, Admission admission,
            KeyVerdicts verdicts, ZmtpServer server, Counters counters, DropLog dropLog) {
        this.sessions = sessions;
        this.gate = gate;
        this.workers = workers;
        this.admission = admission;
        this.verdicts = verdicts;
        this.server = server;
        this.counters = counters;
        this.dropLog = dropLog;
    }

    /**
     * Message 1 passes the gate before it costs a worker anything. A connection over its own rate keeps its
     * connection until it is plainly looping; any other refusal is for load and closes it (see {@link #refuse}).
     */
    void first(ZmtpConnection connection, byte[] body) {
        Counters.Drop refused = gate.check(connection, System.nanoTime());
        if (refused == null) {
            start(connection, body);
            return;
        }
        counters.drop(refused);
        String why = "first handshake message refused (" + refused.name().toLowerCase() + ")";
        dropLog.drop(why + " from " + connection.address.getHostAddress());
        if (refused != Counters.Drop.HANDSHAKE_RATE_CONNECTION) {
            refuse(connection, why);
        } else if (++connection.rateDrops > RATE_DROPS_BEFORE_CLOSE) {
            server.close(connection, "handshake flood");
        }
    }

    /** The peer (re)starts a handshake on this connection; message 2 is computed off this thread. */
    private void start(ZmtpConnection connection, byte[] body) {
        counters.handshakesStarted.increment();
        Peer peer = sessions.begin(connection);
        server.handshaking(connection);
        HandshakeQueue.Lane lane = connection.operatorLane ? HandshakeQueue.Lane.OPERATOR
                : admission.isKnown(connection.address) ? HandshakeQueue.Lane.KNOWN : HandshakeQueue.Lane.OTHERS;
        boolean queued = workers.answer(body, lane, answer -> {
            if (!sessions.current(peer)) {
                return; // started over or expired while the answer was computed
            }
            if (answer.failure() != null) {
                failed(connection, answer.failure());
                return;
            }
            peer.handshake = answer.handshake();
            sessions.sendRaw(peer, new Frame(FrameKind.HANDSHAKE_2, answer.message2()).encode());
        });
        if (!queued) {
            queueFull(connection);
        }
    }

    /** Message 3: proves the peer's static key and carries its hello; checked off this thread. */
    void last(ZmtpConnection connection, byte[] body) {
        Peer peer = sessions.of(connection);
        if (peer == null || peer.handshake == null) {
            counters.handshakeFailures.increment();
            dropLog.drop("handshake 3 without handshake 1");
            // Said, not just dropped: the dealer waits for its welcome, for up to a minute on a working connection.
            server.send(connection, new Frame(FrameKind.RESET, new byte[0]).encode());
            return;
        }
        NoiseXX handshake = peer.handshake;
        peer.handshake = null; // a second message 3 is refused
        HandshakeQueue.Lane lane = connection.operatorLane ? HandshakeQueue.Lane.OPERATOR : HandshakeQueue.Lane.KNOWN;
        boolean queued = workers.finish(handshake, body, lane, finish -> {
            if (!sessions.current(peer)) {
                return;
            }
            if (finish.failure() != null) {
                failed(connection, finish.failure());
                return;
            }
            sessions.open(peer, finish.hello(), finish.remoteKey(), finish.cipher());
            verdicts.check(peer, finish.hello());
        });
        if (!queued) {
            queueFull(connection);
        }
    }

    private void failed(ZmtpConnection connection, String why) {
        sessions.drop(connection);
        counters.handshakeFailures.increment();
        dropLog.drop(why);
    }

    private void queueFull(ZmtpConnection connection) {
        sessions.drop(connection);
        counters.drop(Counters.Drop.HANDSHAKE_QUEUE_FULL);
        dropLog.drop("handshake queue full");
        refuse(connection, "handshake queue full");
    }

    /**
     * A handshake refused for load is answered by closing its connection, not by silence: a greeted dealer would
     * wait for its answer for the whole handshake timeout (a minute), while a closed connection is re-made by
     * the dealer's socket after its reconnect interval (200 ms, growing to 5 s) and the handshake starts again on the new one.
     * A restart storm from one address thus converges at the rate allowed; a flood pays a reconnect each time.
     */
    private void refuse(ZmtpConnection connection, String reason) {
        server.close(connection, reason);
    }
}
