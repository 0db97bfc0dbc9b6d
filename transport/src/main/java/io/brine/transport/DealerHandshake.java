package io.brine.transport;

import io.brine.protocol.Frame;
import io.brine.protocol.FrameKind;
import io.brine.protocol.Hello;
import io.brine.protocol.Message;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.Ping;
import io.brine.protocol.Role;
import io.brine.protocol.Welcome;
import io.brine.protocol.crypto.CryptoException;
import io.brine.protocol.crypto.NoiseXX;
import io.brine.protocol.crypto.SessionCipher;
import io.brine.protocol.crypto.StaticKeyPair;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * A dealer's handshake state machine: resolve the master's name (off the I/O thread, on every attempt), connect,
 * Noise XX as initiator, the master's key check, its welcome, and from then on the heartbeat. Every failure, a lost
 * connection among them, tears down and tries again after the one backoff ({@link Backoff}). Its timers are
 * deadlines it tells the loop ({@link DealerLoop#wakeBy}), so an idle dealer's thread sleeps until the next one.
 * Runs on the dealers' loop thread only.
 */
final class DealerHandshake {
    private static final Logger LOG = System.getLogger(DealerHandshake.class.getName());
    private static final long PENDING_RECHECK_MILLIS = 10_000;

    /** BUSY: the master asked us to send message 1 again later (its handshake queue is deep); no timeout runs. */
    private enum State { IDLE, RESOLVING, HANDSHAKING, BUSY, AWAITING_WELCOME, PENDING, ESTABLISHED, STOPPED }

    /** Who this dealer is and whom it talks to. */
    /** Who connects, and to which masters: more than one for Salt's {@code master_type: failover}, in order. */
    record Identity(List<String> connectAddresses, StaticKeyPair key, Hello hello, ServerKeyCheck serverKeyCheck) {
        Identity {
            connectAddresses = List.copyOf(connectAddresses);
        }
    }

    private final Identity identity;
    private final DealerLink socket;
    private final DealerListener listener;
    private final HeldMessages held;
    private final MasterAnswer answer;
    private final DealerLoop loop;
    private final DealerAttempts attempts;
    private final long patientLimitMillis;

    private State state = State.IDLE;
    private NoiseXX handshake;
    private SessionCipher cipher;
    private long stateSince;
    private final Heartbeat heartbeat;
    /** One handshake may start again at once on the same connection after a session; reset by each session. */
    private boolean mayHandshakeAgain;
    /** The least a dealer waits after a BUSY: the router gives a connection one first message a second. */
    static final long MIN_BUSY_WAIT_MILLIS = 1_000;
    /** In BUSY: when message 1 goes again. */
    private long retryAt;
    private volatile long busyAnswers;

    DealerHandshake(Identity identity, TransportSettings settings, DealerLink socket, DealerListener listener,
            HeldMessages held, MasterAnswer answer, DealerLoop loop, Resolver resolver) {
        this.identity = identity;
        this.loop = loop;
        this.attempts = new DealerAttempts(identity.connectAddresses(), settings, resolver, loop);
        this.heartbeat = new Heartbeat(settings.heartbeat().toMillis());
        this.patientLimitMillis = settings.handshakeTimeout().toMillis();
        this.socket = socket;
        this.listener = listener;
        this.held = held;
        this.answer = answer;
    }

    boolean established() {
        return state == State.ESTABLISHED;
    }

    /** The session's cipher once message 3 is written; null before. */
    SessionCipher cipher() {
        return cipher;
    }

    /** The master was heard from (any sealed frame that opened). */
    void heard(long now) {
        heartbeat.heard(now);
    }

    /** Sends now with a session, else holds until the master accepts us. */
    void send(Message message) {
        if (state == State.ESTABLISHED) {
            sendSealed(message);
        } else {
            held.hold(message);
        }
    }

    void sendSealed(Message message) {
        socket.send(FrameKind.SEALED, Frame.sealed(cipher, MessageCodec.encode(message)));
    }

    /** Timers: the next attempt, handshake deadlines, heartbeats; then the next deadline is set. */
    void tick(long now) {
        if (state == State.IDLE && attempts.due(now)) {
            resolve();
        }
        timers(now);
        rearm();
    }

    /** Ends for good: the endpoint is closing. */
    void stop() {
        state = State.STOPPED;
        attempts.cancel();
        socket.close();
    }

    /**
     * When {@link #tick} has work next: the connection attempt, the handshake's deadline, the next ping or silence
     * check; {@code Long.MAX_VALUE} while a lookup is under way (its answer wakes the loop) or once stopped.
     */
    long deadline() {
        return switch (state) {
            case IDLE -> attempts.nextAttemptAt();
            case RESOLVING, STOPPED -> Long.MAX_VALUE;
            case HANDSHAKING, AWAITING_WELCOME -> stateSince + handshakeLimit() + 1;
            case BUSY -> retryAt;
            case PENDING -> Math.min(stateSince + PENDING_RECHECK_MILLIS + 1, heartbeat.deadline());
            case ESTABLISHED -> heartbeat.deadline();
        };
    }

    private void rearm() {
        loop.wakeBy(deadline());
    }

    private long handshakeLimit() {
        return socket.patientHandshake() ? patientLimitMillis : attempts.handshakeLimit();
    }

    /** Looks the master's name up again for every attempt: it may point elsewhere now. */
    private void resolve() {
        state = State.RESOLVING;
        attempts.resolve(address -> connect(address, MonotonicMillis.now()), () -> {
            state = State.IDLE;
            rearm();
        });
    }

    private void connect(InetSocketAddress address, long now) {
        attempts.connecting();
        try {
            socket.open(attempts.endpoint(), address);
            beginHandshake(now);
        } catch (IOException e) {
            teardown("cannot connect: " + e.getMessage(), now);
        }
    }

    /** The connection failed or broke ({@link DealerSocket.Lost}): whatever session it carried is gone. */
    void onLost(String reason) {
        if (state != State.STOPPED && state != State.IDLE && state != State.RESOLVING) {
            teardown(reason, MonotonicMillis.now());
        }
    }

    private void beginHandshake(long now) {
        handshake = NoiseXX.initiator(identity.key(), RouterEndpoint.PROLOGUE);
        enter(State.HANDSHAKING, now);
        sendFrame(new Frame(FrameKind.HANDSHAKE_1, handshake.writeMessage(new byte[0])));
    }

    /**
     * The master's router greets every new connection with a RESET that has a body ({@link DealerAttempts#greeted});
     * every connection is made here and a lost one reported, so a greeting never means one was re-made behind our
     * back. An empty RESET answers a frame the master cannot place: while handshaking, one sent before the
     * handshake began (nothing to do); with a session, or awaiting the welcome, the master has lost us: the
     * handshake starts again at once on the same connection the first time, after a backoff on a new one if that
     * fails too.
     */
    void onReset(boolean greeting, long now) {
        attempts.greeted();
        if (greeting || state == State.HANDSHAKING || state == State.BUSY) {
            return;
        }
        String reason = "the master has no session for us (it restarted, or dropped us)";
        if (mayHandshakeAgain) {
            mayHandshakeAgain = false;
            handshakeAgain(reason, now);
        } else {
            teardown(reason, now);
        }
    }

    private void handshakeAgain(String reason, long now) {
        boolean hadSession = state == State.ESTABLISHED || state == State.PENDING;
        cipher = null;
        if (hadSession) {
            LOG.log(state == State.ESTABLISHED ? Level.WARNING : Level.DEBUG, reason + "; handshaking again");
            listener.onDisconnected(reason);
        }
        beginHandshake(now);
    }

    /**
     * The master will not start our handshake now (load): message 1 goes again on this connection after about
     * {@code retryMillis} (a quarter either way, so that a paced fleet does not come back at once), and meanwhile
     * nothing times out. The connection works: it counts as greeted.
     */
    void onBusy(int retryMillis, long now) {
        attempts.greeted();
        if (state != State.HANDSHAKING) {
            return; // only message 1 is answered so
        }
        handshake = null;
        // never sooner than the router refills a connection's first-message rate (1 a second)
        long wait = Math.max(MIN_BUSY_WAIT_MILLIS, retryMillis);
        retryAt = now + wait * 3L / 4 + java.util.concurrent.ThreadLocalRandom.current().nextLong(wait / 2 + 1);
        retryAt = Math.max(retryAt, now + MIN_BUSY_WAIT_MILLIS);
        busyAnswers++;
        enter(State.BUSY, now);
    }

    /** BUSY answers this dealer had from its masters (each deferred a handshake, none dropped it). */
    long busyAnswers() {
        return busyAnswers;
    }

    void onHandshake2(byte[] body, long now) {
        if (state != State.HANDSHAKING) {
            return;
        }
        try {
            handshake.readMessage(body);
        } catch (CryptoException e) {
            teardown("handshake with the master failed: " + e.getMessage(), now);
            return;
        }
        String refusal = identity.serverKeyCheck().refusal(handshake.remoteStaticKey());
        if (refusal != null) {
            LOG.log(Level.ERROR, "refusing the master at " + attempts.endpoint() + ": " + refusal);
            teardown("master key refused", now);
            return;
        }
        byte[] message3 = handshake.writeMessage(MessageCodec.encode(identity.hello()));
        cipher = handshake.split();
        handshake = null;
        sendFrame(new Frame(FrameKind.HANDSHAKE_3, message3));
        enter(State.AWAITING_WELCOME, now);
    }

    void onWelcome(Welcome welcome, long now) {
        answer.publish(welcome.status(), welcome.detail());
        listener.onStatus(welcome.status(), welcome.detail());
        switch (welcome.status()) {
            case ACCEPTED -> {
                enter(State.ESTABLISHED, now);
                mayHandshakeAgain = true;
                attempts.reset();
                while (!held.isEmpty() && state == State.ESTABLISHED) {
                    sendSealed(held.next());
                }
            }
            case PENDING -> {
                enter(State.PENDING, now);
                mayHandshakeAgain = true;
            }
            default -> {
                LOG.log(Level.ERROR, "the master refused our key (" + welcome.status().name().toLowerCase() + "): "
                        + welcome.detail());
                teardown("key " + welcome.status().name().toLowerCase(), now);
            }
        }
    }

    /** Connect again soon, each peer after its own jittered wait, so a fleet does not return in lockstep. */
    void onGoingAway(String reason, long now) {
        attempts.reset();
        teardown("the master is going away (" + reason + ")", now);
    }

    private void timers(long now) {
        switch (state) {
            case HANDSHAKING, AWAITING_WELCOME -> {
                // A greeted connection is waited on long (its handshake is in the master's queue); one never
                // greeted, for less and less long (see DealerAttempts.handshakeLimit).
                if (now - stateSince > handshakeLimit()) {
                    attempts.gaveUp(socket.connected());
                    teardown("no handshake answer from " + attempts.endpoint(), now);
                }
            }
            case PENDING, ESTABLISHED -> heartbeat(now);
            case BUSY -> {
                if (now >= retryAt) {
                    beginHandshake(now);
                }
            }
            default -> { }
        }
    }

    private void heartbeat(long now) {
        if (state == State.PENDING && now - stateSince > PENDING_RECHECK_MILLIS) {
            // Acceptance is pushed at once; asking again now and then covers a push that was lost.
            attempts.reset();
            teardown("still pending; asking the master again", now);
            return;
        }
        Heartbeat.Due due = heartbeat.due(now);
        if (due == Heartbeat.Due.SILENT) {
            teardown("the master went silent", now);
        } else if (due == Heartbeat.Due.PING) {
            sendSealed(new Ping(heartbeat.nextSequence()));
        }
    }

    private void sendFrame(Frame frame) {
        socket.send(frame.kind(), frame.encode());
    }

    private void enter(State next, long now) {
        state = next;
        stateSince = now;
        heartbeat.restart(now);
        rearm();
    }

    private void teardown(String reason, long now) {
        if (state == State.STOPPED) {
            return;
        }
        socket.close();
        boolean wasUp = state == State.ESTABLISHED;
        handshake = null;
        cipher = null;
        state = State.IDLE;
        long delay = attempts.failed(now);
        // A minion says so on every backoff step; a client's own error message covers it for the CLI.
        Level level = wasUp || identity.hello().role() == Role.MINION ? Level.WARNING : Level.DEBUG;
        LOG.log(level, (wasUp ? "" : "no session with the master at " + attempts.endpoint() + ": ") + reason
                + "; reconnecting in " + delay + " ms");
        rearm();
        listener.onDisconnected(reason);
    }
}
