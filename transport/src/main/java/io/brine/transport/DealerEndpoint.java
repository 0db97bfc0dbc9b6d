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
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Objects;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;
import org.zeromq.ZMQException;

/**
 * The initiator's side of the wire, used by minions and by clients: a ZeroMQ DEALER that handshakes with the
 * master (Noise XX), checks the master's key, presents its identity, and then exchanges sealed messages. It
 * reconnects by itself, with exponential backoff and jitter, whenever the session is lost.
 *
 * <p>Messages sent while no session is up are held (up to a bound) and go out once the master accepts us.
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
    private final Outbox outbox = new Outbox();
    private final Backoff backoff;
    private final ArrayDeque<Message> held = new ArrayDeque<>();
    private final Object statusLock = new Object();
    private volatile boolean running;
    private volatile KeyStatus status;
    private volatile String statusDetail = "no answer from the master yet";
    private Thread thread;

    private State state = State.IDLE;
    private ZContext context;
    private ZMQ.Poller poller;
    private ZMQ.Socket socket;
    private NoiseXX handshake;
    private SessionCipher cipher;
    private long nextAttemptAt;
    private long stateSince;
    private long lastHeard;
    private long lastPing;
    private long pingSequence;
    /** Grows from 2 s to the configured ceiling while handshakes keep failing, so a slow master is not hammered. */
    private long handshakeTimeoutMillis;

    public DealerEndpoint(String connectAddress, StaticKeyPair key, Hello hello, ServerKeyCheck serverKeyCheck,
            DealerListener listener, TransportSettings settings) {
        this.connectAddress = Objects.requireNonNull(connectAddress, "connectAddress");
        this.key = Objects.requireNonNull(key, "key");
        this.hello = Objects.requireNonNull(hello, "hello");
        this.serverKeyCheck = Objects.requireNonNull(serverKeyCheck, "serverKeyCheck");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.backoff = new Backoff(settings.backoffMin(), settings.backoffMax());
        this.handshakeTimeoutMillis = firstHandshakeTimeout();
    }

    private long firstHandshakeTimeout() {
        return Math.min(2000, settings.handshakeTimeout().toMillis());
    }

    public void start() {
        running = true;
        thread = new Thread(this::run, "brine-dealer-" + hello.id());
        thread.setDaemon(true);
        thread.start();
    }

    /** Sends once a session is up; holds the message until then. */
    public void send(Message message) {
        outbox.submit(() -> {
            if (state == State.ESTABLISHED) {
                sendSealed(message);
            } else {
                if (held.size() >= MAX_HELD) {
                    held.removeFirst();
                    LOG.log(Level.WARNING, "no session for a long time: dropped the oldest held message");
                }
                held.addLast(message);
            }
        });
    }

    /** The master's last answer about our key, or null if it has not answered since start. */
    public KeyStatus status() {
        return status;
    }

    public String statusDetail() {
        return statusDetail;
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
        running = false;
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        outbox.close();
    }

    private void run() {
        try (ZContext context = new ZContext(1)) {
            ZMQ.Poller poller = context.createPoller(2);
            poller.register(outbox.wakeupChannel(), ZMQ.Poller.POLLIN);
            while (running && !Thread.currentThread().isInterrupted()) {
                long now = System.currentTimeMillis();
                if (state == State.IDLE && now >= nextAttemptAt) {
                    connect(context, poller, now);
                }
                try {
                    poller.poll(socket == null ? Math.max(1, Math.min(200, nextAttemptAt - now)) : 200);
                } catch (RuntimeException e) {
                    if (!running) {
                        break;
                    }
                    throw e;
                }
                receiveAll();
                outbox.runPending();
                timers(System.currentTimeMillis());
            }
            if (socket != null) {
                context.destroySocket(socket);
            }
        } catch (RuntimeException e) {
            if (running) {
                LOG.log(Level.ERROR, "dealer I/O thread failed", e);
            }
        }
    }

    private void connect(ZContext context, ZMQ.Poller poller, long now) {
        socket = context.createSocket(SocketType.DEALER);
        socket.setLinger(0);
        socket.setMaxMsgSize(settings.maxFrameSize() + 64L);
        socket.setSndHWM(settings.highWaterMark());
        socket.setRcvHWM(settings.highWaterMark());
        socket.setReconnectIVL(200);
        socket.setReconnectIVLMax(5000);
        socket.setHandshakeIvl(RouterEndpoint.ZMTP_HANDSHAKE_MILLIS);
        socket.connect(connectAddress);
        poller.register(socket, ZMQ.Poller.POLLIN);
        this.poller = poller;
        this.context = context;
        handshake = NoiseXX.initiator(key, RouterEndpoint.PROLOGUE);
        enter(State.HANDSHAKING, now);
        socket.send(new Frame(FrameKind.HANDSHAKE_1, handshake.writeMessage(new byte[0])).encode(), 0);
    }

    private void receiveAll() {
        while (socket != null) {
            byte[] raw = socket.recv(ZMQ.DONTWAIT);
            if (raw == null) {
                return;
            }
            try {
                receive(Frame.decode(raw, settings.maxFrameSize()));
            } catch (MalformedMessageException e) {
                LOG.log(Level.WARNING, "dropped a malformed frame from the master: " + e.getMessage());
            }
        }
    }

    private void receive(Frame frame) {
        long now = System.currentTimeMillis();
        switch (frame.kind()) {
            case HANDSHAKE_2 -> onHandshake2(frame.body(), now);
            case SEALED -> onSealed(frame.body(), now);
            case RESET -> {
                if (state != State.HANDSHAKING) {
                    teardown("the master has no session for us (it restarted, or dropped us)", now);
                }
            }
            default -> LOG.log(Level.WARNING, "dropped a " + frame.kind() + " frame: never sent by a master");
        }
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
        socket.send(new Frame(FrameKind.HANDSHAKE_3, message3).encode(), 0);
        enter(State.AWAITING_WELCOME, now);
    }

    private void onSealed(byte[] body, long now) {
        if (cipher == null) {
            return;
        }
        Message message;
        try {
            message = MessageCodec.decode(cipher.open(body));
        } catch (CryptoException | MalformedMessageException e) {
            LOG.log(Level.WARNING, "dropped a sealed frame from the master: " + e.getMessage());
            return;
        }
        lastHeard = now;
        if (message instanceof Welcome welcome) {
            onWelcome(welcome, now);
        } else if (message instanceof Ping ping) {
            sendSealed(new Pong(ping.sequence()));
        } else if (message instanceof Pong) {
            // lastHeard is all a pong is for
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
                backoff.reset();
                handshakeTimeoutMillis = firstHandshakeTimeout();
                while (!held.isEmpty() && state == State.ESTABLISHED) {
                    sendSealed(held.removeFirst());
                }
            }
            case PENDING -> enter(State.PENDING, now);
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
                if (now - stateSince > handshakeTimeoutMillis) {
                    handshakeTimeoutMillis = Math.min(2 * handshakeTimeoutMillis, settings.handshakeTimeout().toMillis());
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
        socket.send(new Frame(FrameKind.SEALED, cipher.seal(MessageCodec.encode(message))).encode(), ZMQ.DONTWAIT);
    }

    private void enter(State next, long now) {
        state = next;
        stateSince = now;
        lastHeard = now;
        lastPing = now;
    }

    private void teardown(String reason, long now) {
        if (socket != null) {
            poller.unregister(socket);
            context.destroySocket(socket);
            socket = null;
        }
        boolean wasUp = state == State.ESTABLISHED;
        handshake = null;
        cipher = null;
        state = State.IDLE;
        long delay = backoff.nextDelayMillis();
        nextAttemptAt = now + delay;
        LOG.log(wasUp ? Level.WARNING : Level.DEBUG, reason + "; reconnecting in " + delay + " ms");
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
