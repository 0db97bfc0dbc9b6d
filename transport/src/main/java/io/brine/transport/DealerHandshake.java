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
 * A dealer's handshake state machine: resolve the master's name (off the I/O thread, on every attempt), connect,
 * Noise XX as initiator, the master's key check, its welcome, and from then on the heartbeat. Every failure, a lost
 * connection among them, tears down and tries again after the one backoff ({@link Backoff}). Its timers are
 * deadlines it tells the loop ({@link DealerLoop#wakeBy}), so an idle dealer's thread sleeps until the next one.
 * Runs on the dealers' loop thread only.
 */
final class DealerHandshake {
    private static final Logger LOG = System.getLogger(DealerHandshake.class.getName());
    private static final long PENDING_RECHECK_MILLIS = 10_000;

    private enum State { IDLE, RESOLVING, HANDSHAKING, AWAITING_WELCOME, PENDING, ESTABLISHED, STOPPED }

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
    private final DealerLoop loop;
    private final Resolver resolver;

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
    /** Counts connection attempts, so that a lookup answering an attempt given up on is ignored. */
    private int attempt;
    /**
     * Connections in a row that the master accepted and never greeted: each waits twice as long as the one before
     * (from the first handshake timeout up to the handshake timeout), since a master too busy to greet is only
     * made busier by connections that give up and start over. A connection that never got through (nothing
     * listening, a partition dropping packets) does not count: trying again soon costs the master nothing, and
     * finds it as soon as it is back.
     */
    private int ungreeted;
    /** One handshake may start again at once on the same connection after a session; reset by each session. */
    private boolean mayHandshakeAgain;

    DealerHandshake(Identity identity, TransportSettings settings, DealerSocket socket, DealerListener listener,
            HeldMessages held, MasterAnswer answer, DealerLoop loop, Resolver resolver) {
        this.identity = identity;
        this.loop = loop;
        this.resolver = resolver;
        this.settings = settings;
        this.socket = socket;
        this.listener = listener;
        this.held = held;
        this.answer = answer;
        this.backoff = new Backoff(settings.backoffMin(), settings.backoffMax());
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

    /** Timers: the next connection attempt, handshake deadlines, heartbeats; then the next deadline is set. */
    void tick(long now) {
        if (state == State.IDLE && now >= nextAttemptAt) {
            resolve();
        }
        timers(now);
        rearm();
    }

    /** Ends for good: the endpoint is closing. */
    void stop() {
        state = State.STOPPED;
        socket.close();
    }

    /**
     * When {@link #tick} has work next: the connection attempt, the handshake's deadline, the next ping or silence
     * check; {@code Long.MAX_VALUE} while a lookup is under way (its answer wakes the loop) or once stopped.
     */
    long deadline() {
        return switch (state) {
            case IDLE -> nextAttemptAt;
            case RESOLVING, STOPPED -> Long.MAX_VALUE;
            case HANDSHAKING, AWAITING_WELCOME -> stateSince + handshakeLimit() + 1;
            case PENDING -> Math.min(stateSince + PENDING_RECHECK_MILLIS + 1, heartbeatDeadline());
            case ESTABLISHED -> heartbeatDeadline();
        };
    }

    private long heartbeatDeadline() {
        long interval = settings.heartbeat().toMillis();
        return Math.min(lastPing + interval, lastHeard + 3 * interval + 1);
    }

    private void rearm() {
        loop.wakeBy(deadline());
    }

    /** Looks the master's name up again for every attempt: it may point elsewhere now. */
    private void resolve() {
        state = State.RESOLVING;
        int mine = ++attempt;
        resolver.resolve(identity.connectAddress(), found -> loop.execute(() -> {
            if (state == State.RESOLVING && attempt == mine) {
                connect(found, MonotonicMillis.now());
            }
        }));
    }

    private void connect(Resolver.Resolution found, long now) {
        if (found.address() == null) {
            // A name that does not resolve (a VM booted before its DNS): one line per attempt, on the backoff's
            // schedule, never a stack trace per try.
            state = State.IDLE;
            long delay = backoff.nextDelayMillis();
            nextAttemptAt = now + delay;
            LOG.log(Level.WARNING, "cannot connect to the master at " + identity.connectAddress() + ": "
                    + found.failure() + "; trying again in " + delay + " ms");
            rearm();
            return;
        }
        greeted = false;
        try {
            socket.open(found.address());
        } catch (java.io.IOException e) {
            teardown("cannot connect: " + e.getMessage(), now);
            return;
        }
        beginHandshake(now);
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
     * The master's router greets every new connection with a RESET that has a body, and answers a frame it cannot
     * place (a sealed frame without a session, a last handshake message without a first) with an empty one.
     *
     * <p>The greeting only says that the master took the connection (see {@link #greeted}): the socket reports a
     * lost connection itself, and every connection is made here, so a greeting can no longer mean that a
     * connection was re-made behind our back (as it did while JeroMQ's DEALER, and then the socket, reconnected by
     * themselves; the inference that read it so is gone with them).
     *
     * <p>An empty RESET while handshaking answers frames sent before the handshake began: nothing to do. With a
     * session, or awaiting the welcome, the master has lost us: the handshake starts again at once on the same
     * connection the first time, and after a backoff on a new connection if that fails too. (A master before
     * greetings had bodies greets with an empty RESET: handled as before.)
     */
    void onReset(boolean greeting, long now) {
        greeted = true;
        ungreeted = 0;
        if (greeting || state == State.HANDSHAKING) {
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
                if (now - stateSince > handshakeLimit()) {
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

    private long handshakeLimit() {
        return greeted ? settings.handshakeTimeout().toMillis() : ungreetedTimeout();
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
        stateSince = now;
        lastHeard = now;
        lastPing = now;
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
        long delay = backoff.nextDelayMillis();
        nextAttemptAt = now + delay;
        // A minion that cannot reach its master says so on every backoff step (nothing listening, a wrong port); a
        // client's own error message covers it for the CLI.
        Level level = wasUp || identity.hello().role() == Role.MINION ? Level.WARNING : Level.DEBUG;
        LOG.log(level, (wasUp ? "" : "no session with the master at " + identity.connectAddress() + ": ") + reason
                + "; reconnecting in " + delay + " ms");
        rearm();
        listener.onDisconnected(reason);
    }
}
