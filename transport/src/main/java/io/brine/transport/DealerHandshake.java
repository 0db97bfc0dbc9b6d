package io.brine.transport;

import io.brine.protocol.Frame;
import io.brine.protocol.FrameKind;
import io.brine.protocol.Hello;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Message;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.Ping;
import io.brine.protocol.Role;
import io.brine.protocol.Welcome;
import io.brine.protocol.crypto.CryptoException;
import io.brine.protocol.crypto.NoiseXX;
import io.brine.protocol.crypto.SessionCipher;
import io.brine.protocol.crypto.StaticKeyPair;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;

/**
 * A dealer's handshake state machine: connect, Noise XX as initiator, the master's key check, its welcome, and
 * from then on the heartbeat; every failure tears down and tries again after a backoff. Runs on the dealers'
 * loop thread only.
 */
final class DealerHandshake {
    private static final Logger LOG = System.getLogger(DealerHandshake.class.getName());
    private static final long PENDING_RECHECK_MILLIS = 10_000;

    private enum State { IDLE, HANDSHAKING, AWAITING_WELCOME, PENDING, ESTABLISHED }

    /** Who this dealer is and whom it talks to. */
    record Identity(String connectAddress, StaticKeyPair key, Hello hello, ServerKeyCheck serverKeyCheck) {
    }

    private final Identity identity;
    private final TransportSettings settings;
    private final DealerSocket socket;
    private final DealerListener listener;
    private final HeldMessages held;
    private final MasterAnswer answer;
    private final Backoff backoff;

    private State state = State.IDLE;
    private NoiseXX handshake;
    private SessionCipher cipher;
    private long nextAttemptAt;
    private long stateSince;
    private long lastHeard;
    private long lastPing;
    private long pingSequence;
    /**
     * The master's router has greeted the current connection (its hello RESET arrived): the connection works, so a
     * slow answer means a busy master, not a lost greeting.
     */
    private boolean greeted;
    /**
     * Connections in a row that the master accepted and never greeted: each waits twice as long as the one before
     * (from the first handshake timeout up to the handshake timeout), since a master too busy to greet is only
     * made busier by connections that give up and start over. A connection that never got through (nothing
     * listening, a partition dropping packets) does not count: trying again soon costs the master nothing, and
     * finds it as soon as it is back.
     */
    private int ungreeted;
    /** The current connection is fresh and its greeting has not arrived yet. */
    private boolean awaitingGreeting;
    /** One handshake may start again at once on the same connection after a session; reset by each session. */
    private boolean mayHandshakeAgain;
    /** The listener was told the session's connection was lost; reset by each session. */
    private boolean saidLost;
    private volatile int socketsOpened;

    DealerHandshake(Identity identity, TransportSettings settings, DealerSocket socket, DealerListener listener,
            HeldMessages held, MasterAnswer answer) {
        this.identity = identity;
        this.settings = settings;
        this.socket = socket;
        this.listener = listener;
        this.held = held;
        this.answer = answer;
        this.backoff = new Backoff(settings.backoffMin(), settings.backoffMax());
    }

    int socketsOpened() {
        return socketsOpened;
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
        lastHeard = now;
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

    /** Timers: the next connection attempt, handshake deadlines, heartbeats. */
    void tick(long now) {
        if (state == State.IDLE && now >= nextAttemptAt) {
            connect(now);
        }
        timers(now);
    }

    boolean idle() {
        return state == State.IDLE;
    }

    private void connect(long now) {
        try {
            socket.open(identity.connectAddress());
        } catch (RuntimeException e) {
            // A name that does not resolve (a VM booted before its DNS): one line per attempt, on the backoff's
            // schedule, never a stack trace per try.
            long delay = backoff.nextDelayMillis();
            nextAttemptAt = now + delay;
            String why = e.getCause() instanceof java.net.UnknownHostException ? "its name does not resolve"
                    : String.valueOf(e.getMessage()).replaceAll("\\s+", " ");
            LOG.log(Level.WARNING, "cannot connect to the master at " + identity.connectAddress() + ": " + why
                    + "; trying again in " + delay + " ms");
            return;
        }
        greeted = false;
        awaitingGreeting = true;
        socketsOpened++;
        beginHandshake(now);
    }

    private void beginHandshake(long now) {
        handshake = NoiseXX.initiator(identity.key(), RouterEndpoint.PROLOGUE);
        enter(State.HANDSHAKING, now);
        sendFrame(new Frame(FrameKind.HANDSHAKE_1, handshake.writeMessage(new byte[0])));
    }

    /**
     * The master's router greets every new connection with a RESET that has a body, and answers a frame it cannot
     * place (a sealed frame without a session, a last handshake message without a first) with an empty one.
     *
     * <p>A greeting other than the one a fresh connection expects means the socket re-made the connection (the
     * master restarted, or the connection broke): the master knows nothing of it, so whatever handshake or session
     * we had is gone, and the handshake starts again at once on it. Reconnections are paced by the socket, so this
     * needs no backoff. Closing the working connection and connecting anew after a backoff, as before, cost every
     * minion of a restarted master two connections and a backoff; and a handshake begun on a connection that was
     * then re-made waited for an answer that could not come.
     *
     * <p>An empty RESET while handshaking answers frames sent before the handshake began: nothing to do. With a
     * session, or awaiting the welcome, the master has lost us: the handshake starts again at once the first
     * time, and after a backoff on a new connection if that fails too. (A master before greetings had bodies
     * greets with an empty RESET: handled as before.)
     */
    void onReset(boolean greeting, long now) {
        greeted = true;
        ungreeted = 0;
        if (greeting && awaitingGreeting) {
            awaitingGreeting = false;
            return; // our fresh connection's own greeting: the first handshake message follows it
        }
        String reason = "the master has no session for us (it restarted, or dropped us)";
        if (greeting) {
            handshakeAgain(reason, now);
        } else if (state == State.HANDSHAKING) {
            return;
        } else if (mayHandshakeAgain) {
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
            LOG.log(Level.ERROR, "refusing the master at " + identity.connectAddress() + ": " + refusal);
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
                backoff.reset();
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
        backoff.reset();
        teardown("the master is going away (" + reason + ")", now);
    }

    private void timers(long now) {
        switch (state) {
            case HANDSHAKING, AWAITING_WELCOME -> {
                // A greeted connection is waited on for as long as the settings allow: its handshake is in the
                // master's queue, and starting over would put a second one behind it (see onReset). One never
                // greeted leads nowhere yet (no master there, or one too busy to greet): it gets the first timeout,
                // doubled for each connection before it that the master accepted and did not greet (see
                // ungreeted), so that a fleet converging on an overloaded master backs off instead of piling up
                // connections.
                long limit = greeted ? settings.handshakeTimeout().toMillis() : ungreetedTimeout();
                if (now - stateSince > limit) {
                    if (!greeted && socket.connected()) {
                        ungreeted++;
                    }
                    teardown("no handshake answer from " + identity.connectAddress(), now);
                }
            }
            case PENDING, ESTABLISHED -> heartbeat(now);
            default -> {
            }
        }
    }

    private void heartbeat(long now) {
        if (state == State.ESTABLISHED && !saidLost && socket.lostSinceOpen()) {
            // The socket connects again by itself and the handshake starts over when a master greets it (onReset);
            // the listener hears now that the session is gone, not when a master is back or the heartbeat expires:
            // a client waiting on an answer that cannot come decides what to do meanwhile.
            saidLost = true;
            listener.onDisconnected("the connection to the master was lost; connecting again");
        }
        if (state == State.PENDING && now - stateSince > PENDING_RECHECK_MILLIS) {
            // The master pushes acceptance at once; asking again now and then covers a push that was lost (a
            // master restart in between, a dropped frame).
            backoff.reset();
            teardown("still pending; asking the master again", now);
            return;
        }
        long interval = settings.heartbeat().toMillis();
        if (now - lastHeard > 3 * interval) {
            teardown("the master went silent", now);
        } else if (now - lastPing >= interval) {
            lastPing = now;
            sendSealed(new Ping(++pingSequence));
        }
    }

    private long ungreetedTimeout() {
        long first = settings.firstHandshakeTimeout().toMillis();
        return Math.min(first << Math.min(ungreeted, 10), settings.handshakeTimeout().toMillis());
    }

    private void sendFrame(Frame frame) {
        socket.send(frame.kind(), frame.encode());
    }

    private void enter(State next, long now) {
        state = next;
        saidLost = false;
        stateSince = now;
        lastHeard = now;
        lastPing = now;
    }

    private void teardown(String reason, long now) {
        socket.close();
        boolean wasUp = state == State.ESTABLISHED;
        handshake = null;
        cipher = null;
        state = State.IDLE;
        long delay = backoff.nextDelayMillis();
        nextAttemptAt = now + delay;
        // A minion that cannot reach its master says so on every backoff step (nothing listening, a wrong port); a
        // client's own error message covers it for the CLI.
        Level level = wasUp || identity.hello().role() == Role.MINION ? Level.WARNING : Level.DEBUG;
        LOG.log(level, (wasUp ? "" : "no session with the master at " + identity.connectAddress() + ": ") + reason
                + "; reconnecting in " + delay + " ms");
        listener.onDisconnected(reason);
    }
}
