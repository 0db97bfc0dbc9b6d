package io.brine.transport;

import io.brine.protocol.Frame;
import io.brine.protocol.Hello;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.MalformedMessageException;
import io.brine.protocol.Message;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.Ping;
import io.brine.protocol.Pong;
import io.brine.protocol.Welcome;
import io.brine.protocol.FrameKind;
import io.brine.protocol.crypto.CryptoException;
import io.brine.protocol.crypto.NoiseXX;
import io.brine.protocol.crypto.SessionCipher;
import io.brine.protocol.crypto.StaticKeyPair;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.zeromq.ZMQ;
import zmq.Msg;

/**
 * The initiator's side of the wire, used by minions and by clients: a ZeroMQ DEALER that handshakes with the
 * master (Noise XX), checks the master's key, presents its identity, and then exchanges sealed messages. It
 * reconnects by itself, with exponential backoff and jitter, whenever the session is lost.
 *
 * <p>Messages sent while no session is up are held (up to a bound) and go out once the master accepts us.
 *
 * <p>All dealers of a process share one I/O thread and one ZeroMQ context ({@link DealerLoop}); listeners are
 * called on that thread and must hand real work elsewhere.
 */
public final class DealerEndpoint implements AutoCloseable {
    private static final Logger LOG = System.getLogger(DealerEndpoint.class.getName());
    private static final int MAX_HELD = 10_000;
    private static final long PENDING_RECHECK_MILLIS = 10_000;

    private enum State { IDLE, HANDSHAKING, AWAITING_WELCOME, PENDING, ESTABLISHED }

    private final String connectAddress;
    private final StaticKeyPair key;
    private final Hello hello;
    private final ServerKeyCheck serverKeyCheck;
    private final DealerListener listener;
    private final TransportSettings settings;
    private final FrameBuffers buffers = new FrameBuffers();
    private final Backoff backoff;
    private final ArrayDeque<Message> held = new ArrayDeque<>();
    private final Object statusLock = new Object();
    private volatile boolean running;
    private volatile KeyStatus status;
    private volatile String statusDetail = "no answer from the master yet";
    private volatile DealerLoop loop;

    private State state = State.IDLE;
    private ZMQ.Socket socket;
    private SelectionKey watchKey;
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
    /** The current connection is fresh and its greeting has not arrived yet. */
    private boolean awaitingGreeting;
    /** One handshake may start again at once on the same connection after a session; reset by each session. */
    private boolean mayHandshakeAgain;
    private volatile int socketsOpened;

    public DealerEndpoint(String connectAddress, StaticKeyPair key, Hello hello, ServerKeyCheck serverKeyCheck,
            DealerListener listener, TransportSettings settings) {
        this.connectAddress = Objects.requireNonNull(connectAddress, "connectAddress");
        this.key = Objects.requireNonNull(key, "key");
        this.hello = Objects.requireNonNull(hello, "hello");
        this.serverKeyCheck = Objects.requireNonNull(serverKeyCheck, "serverKeyCheck");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.backoff = new Backoff(settings.backoffMin(), settings.backoffMax());
    }

    private long firstHandshakeTimeout() {
        return Math.min(settings.firstHandshakeTimeout().toMillis(), settings.handshakeTimeout().toMillis());
    }

    /** Starts connecting at once, on the process's shared dealer thread. */
    public void start() {
        if (loop != null) {
            throw new IllegalStateException("dealer " + hello.id() + " already started");
        }
        running = true;
        DealerLoop l = DealerLoop.acquire();
        synchronized (this) {
            loop = l;
        }
        l.execute(() -> {
            l.attach(this);
            tick(System.currentTimeMillis(), false);
        });
    }

    /** Sends once a session is up; holds the message until then (also when sent before {@link #start}). */
    public void send(Message message) {
        DealerLoop l = loop;
        if (l == null) {
            synchronized (this) {
                if (loop == null) {
                    hold(message);
                    return;
                }
                l = loop;
            }
        }
        l.execute(() -> {
            if (!running) {
                return;
            }
            if (state == State.ESTABLISHED) {
                sendSealed(message);
            } else {
                hold(message);
            }
        });
    }

    private void hold(Message message) {
        if (held.size() >= MAX_HELD) {
            held.removeFirst();
            LOG.log(Level.WARNING, "no session for a long time: dropped the oldest held message");
        }
        held.addLast(message);
    }

    /**
     * Hands back a received file chunk's data once it has been used (written, hashed) and nothing refers to it
     * any more, so that its buffer can receive the next chunk. Optional: data not handed back is garbage.
     */
    public void recycle(ByteBuffer fileChunkData) {
        buffers.recycle(fileChunkData);
    }

    /** The master's last answer about our key, or null if it has not answered since start. */
    public KeyStatus status() {
        return status;
    }

    public String statusDetail() {
        return statusDetail;
    }

    /** Connections this endpoint has opened since it started: one for each start over after a failure. */
    public int socketsOpened() {
        return socketsOpened;
    }

    /** Waits until the master has answered the handshake at least once; returns its answer or null on timeout. */
    public KeyStatus awaitStatus(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (statusLock) {
            while (status == null) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return null;
                }
                statusLock.wait(Math.max(1, left / 1_000_000));
            }
            return status;
        }
    }

    @Override
    public void close() {
        if (!running) {
            return;
        }
        running = false;
        CountDownLatch stopped = new CountDownLatch(1);
        loop.execute(() -> {
            loop.detach(this);
            dropSocket();
            stopped.countDown();
        });
        if (!loop.inLoop()) {
            try {
                stopped.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        DealerLoop.release(loop);
    }

    // Everything below runs on the loop thread.

    /** The socket may have something to read; returns how many frames it had. */
    int onReadable() {
        return receiveAll();
    }

    /** Timers; with {@code sweep}, also reads the socket in case a wake-up was missed. */
    void tick(long now, boolean sweep) {
        if (state == State.IDLE && now >= nextAttemptAt) {
            connect(now);
        } else if (sweep) {
            receiveAll();
        }
        timers(now);
        buffers.trimIfIdle(now);
    }

    /** Closes the socket without a word to the master: the endpoint is closing. */
    void dropSocket() {
        if (socket != null) {
            loop.destroy(socket, watchKey);
            socket = null;
            watchKey = null;
        }
    }

    private void connect(long now) {
        socket = loop.newSocket();
        socket.setLinger(0);
        socket.setMaxMsgSize(settings.maxFrameSize() + 64L);
        socket.setMsgAllocator(buffers);
        socket.setSndHWM(settings.highWaterMark());
        socket.setRcvHWM(settings.highWaterMark());
        socket.setReconnectIVL(200);
        socket.setReconnectIVLMax(5000);
        socket.setHandshakeIvl(RouterEndpoint.ZMTP_HANDSHAKE_MILLIS);
        try {
            socket.connect(connectAddress);
        } catch (RuntimeException e) {
            // A name that does not resolve (a VM booted before its DNS): one line per attempt, on the backoff's
            // schedule, never a stack trace per try.
            dropSocket();
            long delay = backoff.nextDelayMillis();
            nextAttemptAt = now + delay;
            String why = e.getCause() instanceof java.net.UnknownHostException ? "its name does not resolve"
                    : String.valueOf(e.getMessage()).replaceAll("\\s+", " ");
            LOG.log(Level.WARNING, "cannot connect to the master at " + connectAddress + ": " + why
                    + "; trying again in " + delay + " ms");
            return;
        }
        watchKey = loop.watch(socket, this);
        greeted = false;
        awaitingGreeting = true;
        socketsOpened++;
        beginHandshake(now);
    }

    private void beginHandshake(long now) {
        handshake = NoiseXX.initiator(key, RouterEndpoint.PROLOGUE);
        enter(State.HANDSHAKING, now);
        sendFrame(new Frame(FrameKind.HANDSHAKE_1, handshake.writeMessage(new byte[0])));
    }

    private int receiveAll() {
        int frames = 0;
        while (socket != null) {
            Msg msg = socket.recvMsg(ZMQ.DONTWAIT);
            if (msg == null) {
                break;
            }
            frames++;
            // Our allocator gives heap buffers at offset 0 (a large frame's array is longer than the frame); any
            // other message, such as a direct one had the socket another allocator, is copied out.
            ByteBuffer frame = msg.buf();
            boolean ours = frame.hasArray() && frame.arrayOffset() == 0 && frame.position() == 0;
            try {
                if (ours) {
                    receive(frame.array(), frame.remaining());
                } else {
                    byte[] copy = msg.data();
                    receive(copy, copy.length);
                }
            } catch (MalformedMessageException e) {
                LOG.log(Level.WARNING, "dropped a malformed frame from the master: " + e.getMessage());
            }
        }
        return frames;
    }

    /** The frame in raw[0, length): raw is a pooled buffer when the frame is large (see {@link FrameBuffers}). */
    private void receive(byte[] raw, int length) throws MalformedMessageException {
        long now = System.currentTimeMillis();
        FrameKind kind = Frame.kindOf(raw, length, settings.maxFrameSize());
        switch (kind) {
            case HANDSHAKE_2 -> onHandshake2(Frame.decode(raw.length == length ? raw : Arrays.copyOf(raw, length),
                    settings.maxFrameSize()).body(), now);
            case SEALED -> onSealed(raw, length, now);
            case RESET -> onReset(length > Frame.HEADER, now);
            default -> LOG.log(Level.WARNING, "dropped a " + kind + " frame: never sent by a master");
        }
    }

    /**
     * The master's router greets every new connection with a RESET that has a body, and answers a frame it cannot
     * place (a sealed frame without a session, a last handshake message without a first) with an empty one.
     *
     * <p>A greeting other than the one a fresh connection expects means JeroMQ re-made the connection (the
     * master restarted, or the connection broke): the master knows nothing of it, so whatever handshake or session
     * we had is gone, and the handshake starts again at once on it. Reconnections are paced by JeroMQ, so this
     * needs no backoff. Closing the working connection and connecting anew after a backoff, as before, cost every
     * minion of a restarted master two connections and a backoff; and a handshake begun on a connection that was
     * then re-made waited for an answer that could not come.
     *
     * <p>An empty RESET while handshaking answers frames sent before the handshake began: nothing to do. With a
     * session, or awaiting the welcome, the master has lost us: the handshake starts again at once the first
     * time, and after a backoff on a new connection if that fails too. (A master before greetings had bodies
     * greets with an empty RESET: handled as before.)
     */
    private void onReset(boolean greeting, long now) {
        greeted = true;
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

    private void onHandshake2(byte[] body, long now) {
        if (state != State.HANDSHAKING) {
            return;
        }
        try {
            handshake.readMessage(body);
        } catch (CryptoException e) {
            teardown("handshake with the master failed: " + e.getMessage(), now);
            return;
        }
        String refusal = serverKeyCheck.refusal(handshake.remoteStaticKey());
        if (refusal != null) {
            LOG.log(Level.ERROR, "refusing the master at " + connectAddress + ": " + refusal);
            teardown("master key refused", now);
            return;
        }
        byte[] message3 = handshake.writeMessage(MessageCodec.encode(hello));
        cipher = handshake.split();
        handshake = null;
        sendFrame(new Frame(FrameKind.HANDSHAKE_3, message3));
        enter(State.AWAITING_WELCOME, now);
    }

    /**
     * A sealed frame, opened where it was received: a file chunk is neither copied nor allocated again. Its
     * buffer goes back to the pool at once unless the message still refers to it (a chunk's data, handed back
     * through {@link #recycle} once written); the pool ignores a small frame's buffer, which is not one of its.
     */
    private void onSealed(byte[] raw, int length, long now) {
        if (cipher == null) {
            return;
        }
        ByteBuffer frame = ByteBuffer.wrap(raw, 0, length);
        Message message;
        try {
            message = MessageCodec.decode(Frame.open(cipher, raw, length));
        } catch (CryptoException | MalformedMessageException e) {
            LOG.log(Level.WARNING, "dropped a sealed frame from the master: " + e.getMessage());
            buffers.recycle(frame);
            return;
        }
        if (!MessageCodec.refersToInput(message)) {
            buffers.recycle(frame);
        }
        lastHeard = now;
        if (message instanceof Welcome welcome) {
            onWelcome(welcome, now);
        } else if (message instanceof Ping ping) {
            sendSealed(new Pong(ping.sequence()));
        } else if (message instanceof Pong) {
            // lastHeard is all a pong is for
        } else if (message instanceof io.brine.protocol.GoingAway away) {
            // Connect again soon, each peer after its own jittered wait, so a fleet does not return in lockstep.
            backoff.reset();
            teardown("the master is going away (" + away.reason() + ")", now);
        } else if (state == State.ESTABLISHED) {
            listener.onMessage(message);
        }
    }

    private void onWelcome(Welcome welcome, long now) {
        publishStatus(welcome.status(), welcome.detail());
        listener.onStatus(welcome.status(), welcome.detail());
        switch (welcome.status()) {
            case ACCEPTED -> {
                enter(State.ESTABLISHED, now);
                mayHandshakeAgain = true;
                backoff.reset();
                while (!held.isEmpty() && state == State.ESTABLISHED) {
                    sendSealed(held.removeFirst());
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

    private void timers(long now) {
        switch (state) {
            case HANDSHAKING, AWAITING_WELCOME -> {
                // A greeted connection is waited on for as long as the settings allow: its handshake is in the
                // master's queue, and starting over would put a second one behind it (see onReset). One never
                // greeted is JeroMQ's lost greeting (or no master): waiting longer never brings it, so each attempt
                // gets the first timeout and a new connection, the backoff between attempts growing instead. (The
                // timeout itself used to double: two lost greetings in a row, about one first contact in 60 here,
                // then took 7 s instead of 5.)
                long limit = greeted ? settings.handshakeTimeout().toMillis() : firstHandshakeTimeout();
                if (now - stateSince > limit) {
                    teardown("no handshake answer from " + connectAddress, now);
                }
            }
            case PENDING, ESTABLISHED -> {
                if (state == State.PENDING && now - stateSince > PENDING_RECHECK_MILLIS) {
                    // The master pushes acceptance at once; asking again now and then covers a push that was
                    // lost (a master restart in between, a dropped frame).
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
            default -> {
            }
        }
    }

    private void sendSealed(Message message) {
        send(FrameKind.SEALED, Frame.sealed(cipher, MessageCodec.encode(message)));
    }

    private void sendFrame(Frame frame) {
        send(frame.kind(), frame.encode());
    }

    private void send(FrameKind kind, byte[] encoded) {
        if (!socket.send(encoded, ZMQ.DONTWAIT)) {
            LOG.log(Level.DEBUG, "dropped a " + kind + " frame: the queue to the master is full");
        }
        loop.sent(this);
    }

    private void enter(State next, long now) {
        state = next;
        stateSince = now;
        lastHeard = now;
        lastPing = now;
    }

    private void teardown(String reason, long now) {
        dropSocket();
        boolean wasUp = state == State.ESTABLISHED;
        handshake = null;
        cipher = null;
        state = State.IDLE;
        long delay = backoff.nextDelayMillis();
        nextAttemptAt = now + delay;
        // A minion that cannot reach its master says so on every backoff step (nothing listening, a wrong port); a
        // client's own error message covers it for the CLI.
        Level level = wasUp || hello.role() == io.brine.protocol.Role.MINION ? Level.WARNING : Level.DEBUG;
        LOG.log(level, (wasUp ? "" : "no session with the master at " + connectAddress + ": ") + reason
                + "; reconnecting in " + delay + " ms");
        listener.onDisconnected(reason);
    }

    private void publishStatus(KeyStatus s, String detail) {
        synchronized (statusLock) {
            statusDetail = detail;
            status = s;
            statusLock.notifyAll();
        }
    }
}
