package io.brine.transport;

import io.brine.protocol.Frame;
import io.brine.protocol.FrameKind;
import io.brine.protocol.crypto.NoiseXX;
import java.lang.System.Logger;

/**
 * The router's handshake state machine: message 1 passes the {@link HandshakeGate} and is answered by the
 * {@link HandshakeWorkers}; message 3 is checked by them too and opens a session, whose key then goes to
 * {@link KeyVerdicts}. Admission is paced: a message 1 that would wait for a worker longer than the pace (its wait
 * estimated from the queue), or find the queue full or too many handshakes under way, is answered BUSY with when to
 * send it again, so that in a restart storm on a starved machine no peer gives up on a handshake the master would
 * still compute (which would then be done twice). Refusals for rate close the connection; everything is counted.
 * I/O thread only.
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
    private final Counters counters;
    private final DropLog dropLog;
    private final int paceMillis;

    RouterHandshakes(RouterSessions sessions, HandshakeGate gate, HandshakeWorkers workers, Admission admission,
            KeyVerdicts verdicts, Counters counters, DropLog dropLog, int paceMillis) {
        this.sessions = sessions;
        this.gate = gate;
        this.workers = workers;
        this.admission = admission;
        this.verdicts = verdicts;
        this.counters = counters;
        this.dropLog = dropLog;
        this.paceMillis = paceMillis;
    }

    /**
     * Message 1 passes the gate before it costs a worker anything. A connection over its own rate keeps its
     * connection until it is plainly looping; any other refusal is for load and closes it (see {@link #refuse}).
     */
    void first(Link connection, byte[] body) {
        Counters.Drop refused = gate.check(connection, System.nanoTime());
        HandshakeQueue.Lane lane = lane(connection);
        if (refused == null) {
            long waitMillis = workers.estimatedWaitMillis(lane);
            if (lane != HandshakeQueue.Lane.OPERATOR && waitMillis > paceMillis) {
                // The address's token goes back (a paced fleet behind one address must not spend its rate on
                // waiting); the connection's own does not: it bounds the BUSY answers one connection can draw to
                // its rate (2, then 1 a second), and a dealer waits at least that second before asking again.
                admission.handshakeDeferred(connection.address);
                busy(connection, waitMillis);
            } else {
                start(connection, body, lane);
            }
            return;
        }
        if (refused == Counters.Drop.HANDSHAKES_IN_FLIGHT) {
            counters.drop(refused);
            busy(connection, Math.max(paceMillis, workers.estimatedWaitMillis(lane)));
            return;
        }
        counters.drop(refused);
        String why = "first handshake message refused (" + refused.name().toLowerCase() + ")";
        dropLog.drop(why + " from " + connection.address.getHostAddress());
        if (refused != Counters.Drop.HANDSHAKE_RATE_CONNECTION) {
            refuse(connection, why);
        } else if (++connection.rateDrops > RATE_DROPS_BEFORE_CLOSE) {
            connection.close("handshake flood");
        }
    }

    private HandshakeQueue.Lane lane(Link connection) {
        return connection.operatorLane ? HandshakeQueue.Lane.OPERATOR
                : admission.isKnown(connection.address) ? HandshakeQueue.Lane.KNOWN : HandshakeQueue.Lane.OTHERS;
    }

    /**
     * "Busy, send message 1 again in about {@code waitMillis}": the connection stays, nothing is computed, and the
     * peer is not left waiting in a queue it may give up on.
     */
    private void busy(Link connection, long waitMillis) {
        counters.handshakesPaced.increment();
        connection.idleAgain(); // nothing under way for it: evictable, as any connection with no handshake
        int retry = (int) Math.min(FrameKind.MAX_RETRY_AFTER_MILLIS, Math.max(paceMillis, waitMillis));
        connection.send(new Frame(FrameKind.BUSY, FrameKind.retryAfter(retry)).encode());
    }

    /** The peer (re)starts a handshake on this connection; message 2 is computed off this thread. */
    private void start(Link connection, byte[] body, HandshakeQueue.Lane lane) {
        counters.handshakesStarted.increment();
        Peer peer = sessions.begin(connection);
        connection.handshaking();
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
    void last(Link connection, byte[] body) {
        Peer peer = sessions.of(connection);
        if (peer == null || peer.handshake == null) {
            counters.handshakeFailures.increment();
            dropLog.drop("handshake 3 without handshake 1");
            // Said, not just dropped: the dealer waits for its welcome, for up to a minute on a working connection.
            connection.send(new Frame(FrameKind.RESET, new byte[0]).encode());
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

    private void failed(Link connection, String why) {
        sessions.drop(connection);
        counters.handshakeFailures.increment();
        dropLog.drop(why);
    }

    private void queueFull(Link connection) {
        sessions.drop(connection);
        counters.drop(Counters.Drop.HANDSHAKE_QUEUE_FULL);
        dropLog.drop("handshake queue full");
        busy(connection, workers.estimatedWaitMillis(HandshakeQueue.Lane.OTHERS));
    }

    /**
     * A handshake refused for load is answered by closing its connection, not by silence: a greeted dealer would
     * wait for its answer for the whole handshake timeout (a minute), while a closed connection is re-made by
     * the dealer's socket after its reconnect interval (200 ms, growing to 5 s) and the handshake starts again on the new one.
     * A restart storm from one address thus converges at the rate allowed; a flood pays a reconnect each time.
     */
    private void refuse(Link connection, String reason) {
        connection.close(reason);
    }
}
