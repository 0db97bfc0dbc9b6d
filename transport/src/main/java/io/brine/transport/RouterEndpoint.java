package io.brine.transport;

import io.brine.protocol.Frame;
import io.brine.protocol.FrameKind;
import io.brine.protocol.Hello;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.MalformedMessageException;
import io.brine.protocol.Message;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.Ping;
import io.brine.protocol.Pong;
import io.brine.protocol.Role;
import io.brine.protocol.Welcome;
import io.brine.protocol.crypto.CryptoException;
import io.brine.protocol.crypto.NoiseXX;
import io.brine.protocol.crypto.StaticKeyPair;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.Selector;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The master's side of the wire: a ZMTP 3.x listener ({@link ZmtpServer}, speaking to the minions' and clients'
 * JeroMQ DEALERs) on which peers handshake (Noise XX) and then exchange sealed messages. Each connection has its
 * own session keys, and replies are routed by session, so a job sealed for one minion is never sent to, nor
 * readable by, another.
 *
 * <p>All socket and session state lives on one I/O thread; {@link #send} and the other public methods are
 * thread-safe and only enqueue work for it. The handshakes' public-key work runs on a few worker threads
 * ({@link HandshakeWorkers}) and comes back to that thread. What a peer may spend is bounded by
 * {@link RouterLimits} according to its state (no session, pending, accepted). Should the I/O thread ever die,
 * the {@code onFatal} callback is told: a master without it is deaf, and its supervisor should restart it.
 *
 * <pre>{@code
 * RouterEndpoint router = new RouterEndpoint("tcp://*:4506", key, authenticator, listener,
 *         TransportSettings.DEFAULTS, RouterLimits.DEFAULTS, failure -> System.exit(70));
 * router.start();
 * }</pre>
 */
public final class RouterEndpoint implements AutoCloseable {
    static final byte[] PROLOGUE = "brine/1".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    /**
     * The body of the RESET that greets each new connection; a RESET that answers a frame the master cannot
     * place has none. A dealer that is greeted again while it handshakes knows its connection was re-made, so
     * whatever it sent before went to a connection the master has forgotten. (Masters before this one greeted
     * with an empty RESET; dealers then treat it as an answer, as they always did.)
     */
    static final byte[] GREETING = {1};
    private static final Logger LOG = System.getLogger(RouterEndpoint.class.getName());
    /**
     * First handshake messages over its rate after which a connection is closed: it is looping, not retrying. High
     * on purpose: dropping one costs a token check, while a closed flooder reconnects, and every new connection
     * spends tokens of its address that legit peers behind the same address need (with 64, a looping client
     * reconnected some 300 times a second and starved its address's rate).
     */
    private static final int RATE_DROPS_BEFORE_CLOSE = 10_000;
    /** Enough to keep the cores busy with a storm of handshakes; more would only queue for the same cores. */
    private static final int HANDSHAKE_THREADS = Math.min(4, Runtime.getRuntime().availableProcessors());
    /**
     * The dealers' JeroMQ limit on a connection's ZMTP greeting: none. JeroMQ 0.6.0 occasionally leaves a fresh
     * connection with its greeting unsent (about once in 20 connects on loopback; jeromq issues #849, #957); a
     * dealer recovers from that through its first Noise handshake timeout (2 s), which replaces the socket. (The
     * master's own listener closes connections that do not finish their ZMTP handshake in 10 s.)
     */
    static final int ZMTP_HANDSHAKE_MILLIS = 0;

    private final String bindAddress;
    private final StaticKeyPair key;
    private final PeerAuthenticator authenticator;
    private final RouterListener listener;
    private final TransportSettings settings;
    private final RouterLimits limits;
    private final Consumer<Throwable> onFatal;
    private final Selector selector;
    private final Outbox outbox;
    private final Counters counters = new Counters();
    private final DropLog dropLog = new DropLog(LOG);
    private final PeerTable peers;
    private final Admission admission;
    private final ZmtpServer server;
    private final HandshakeWorkers handshakes;
    private final HandshakeGate gate;
    private final AtomicLong sessionIds = new AtomicLong();
    private final CountDownLatch bound = new CountDownLatch(1);
    private volatile boolean running;
    private volatile String boundEndpoint;
    private volatile RuntimeException startFailure;
    private Thread thread;
    private long lastSweep;
    /** When a turn of the loop began: everything peers sent before then has been read. */
    private long drainedMillis = System.currentTimeMillis();

    /** A router with the default limits, whose fatal failure is only logged (see the full constructor). */
    public RouterEndpoint(String bindAddress, StaticKeyPair key, PeerAuthenticator authenticator,
            RouterListener listener, TransportSettings settings) {
        this(bindAddress, key, authenticator, listener, settings, RouterLimits.DEFAULTS, failure -> {
        });
    }

    /**
     * @param onFatal told, on a thread of its own, if the I/O thread dies (an {@link Error}); the router is deaf
     *                from then on, so a daemon should exit non-zero and let its supervisor restart it
     */
    public RouterEndpoint(String bindAddress, StaticKeyPair key, PeerAuthenticator authenticator,
            RouterListener listener, TransportSettings settings, RouterLimits limits, Consumer<Throwable> onFatal) {
        this.bindAddress = Objects.requireNonNull(bindAddress, "bindAddress");
        this.key = Objects.requireNonNull(key, "key");
        this.authenticator = Objects.requireNonNull(authenticator, "authenticator");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.onFatal = Objects.requireNonNull(onFatal, "onFatal");
        this.peers = new PeerTable(settings);
        try {
            this.selector = Selector.open();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a selector", e);
        }
        this.outbox = new Outbox(selector);
        this.admission = new Admission(limits);
        byte[] hello = new Frame(FrameKind.RESET, GREETING.clone()).encode();
        this.server = new ZmtpServer(selector, limits, counters, dropLog, hello, new Connections(), admission);
        this.handshakes = new HandshakeWorkers(key, PROLOGUE, outbox, HANDSHAKE_THREADS, limits.maxHandshakesQueued());
        this.gate = new HandshakeGate(limits, admission, peers);
    }

    /** Binds and starts the I/O thread; returns the bound endpoint (useful with port 0 / '*'). */
    public String start() throws InterruptedException {
        running = true;
        thread = new Thread(this::run, "brine-router");
        thread.setDaemon(true);
        thread.start();
        bound.await();
        if (startFailure != null) {
            throw startFailure;
        }
        return boundEndpoint;
    }

    public int port() {
        String ep = boundEndpoint;
        return Integer.parseInt(ep.substring(ep.lastIndexOf(':') + 1));
    }

    public Counters counters() {
        return counters;
    }

    /** Seals {@code message} for the session and sends it; silently dropped if the session has ended. */
    public void send(long sessionId, Message message) {
        outbox.submit(() -> sendNow(sessionId, message));
    }

    /**
     * As {@link #send(long, Message)}; {@code then} runs on the I/O thread once the message is sealed into the
     * connection's bounded output (or dropped), so a caller can count what it still holds for the peer.
     */
    public void send(long sessionId, Message message, Runnable then) {
        outbox.submit(sendThen(sessionId, message, then));
    }

    /**
     * As {@link #send(long, Message, Runnable)} for a large message (a file chunk): sealed after other peers'
     * messages, a few per turn, so bulk data cannot delay anyone's jobs or heartbeats.
     */
    public void sendBulk(long sessionId, Message message, Runnable then) {
        outbox.submitBulk(sendThen(sessionId, message, then));
    }

    private Runnable sendThen(long sessionId, Message message, Runnable then) {
        return () -> {
            try {
                sendNow(sessionId, message);
            } finally {
                then.run();
            }
        };
    }

    /** Ends a session, telling the peer why; used when its key is deleted, rejected or denied. */
    public void closeSession(long sessionId, KeyStatus status, String reason) {
        outbox.submit(() -> {
            Peer peer = peers.session(sessionId);
            if (peer != null) {
                sendSealed(peer, new Welcome(status, reason));
                forget(peer, reason);
            }
        });
    }

    /**
     * Asks the authenticator again about every live session: a pending peer that is now accepted gets its
     * session at once, and an accepted peer whose key was deleted or rejected is cut off at once.
     */
    public void recheckKeys() {
        outbox.submit(this::recheckNow);
    }

    /** Runs {@code task} on the I/O thread after everything enqueued before it; returns when it has run. */
    public void sync() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        outbox.submit(done::countDown);
        done.await();
    }

    /**
     * Tells every peer with a session that this master is stopping, so each connects again after a short jittered
     * wait instead of after its heartbeat expiry; waits (up to {@code within}) until the notices are written.
     */
    public void sayGoingAway(String reason, java.time.Duration within) {
        CountDownLatch written = new CountDownLatch(1);
        outbox.submit(() -> {
            for (Peer peer : peers.sessions()) {
                if (peer.accepted) {
                    sendSealed(peer, new io.brine.protocol.GoingAway(reason));
                }
            }
            server.flushAll();
            written.countDown();
        });
        try {
            written.await(within.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        running = false;
        handshakes.close();
        selector.wakeup();
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            selector.close();
        } catch (IOException e) {
            // nothing useful to do on close
        }
    }

    private void run() {
        try {
            boundEndpoint = server.bind(bindAddress);
        } catch (IOException | RuntimeException e) {
            startFailure = new IllegalStateException("cannot listen on " + bindAddress + ": " + e.getMessage(), e);
            bound.countDown();
            return;
        }
        bound.countDown();
        try {
            loop();
        } catch (Throwable e) {
            if (running) {
                fatal(e);
            }
        } finally {
            server.close();
            peers.clear();
        }
    }

    /** The I/O thread is dying: nobody will be heard again. Tell whoever can restart the master. */
    private void fatal(Throwable e) {
        LOG.log(Level.ERROR, "router I/O thread died; the master can no longer hear its peers", e);
        try {
            Thread t = new Thread(() -> onFatal.accept(e), "brine-router-fatal");
            t.setDaemon(false);
            t.start();
        } catch (Throwable cannotStart) {
            onFatal.accept(e); // no thread to be had (out of memory): tell from here
        }
    }

    /** The most memory frames still arriving held at once, across all connections (reports and tests). */
    long frameBytesPeak() {
        return server.budget().peak();
    }

    private void loop() throws IOException {
        while (running && !Thread.currentThread().isInterrupted()) {
            try {
                selector.select(200);
            } catch (ClosedSelectorException e) {
                return;
            }
            drainedMillis = System.currentTimeMillis();
            server.handle(selector.selectedKeys());
            selector.selectedKeys().clear();
            outbox.runPending();
            server.flushAll();
            sweep();
        }
    }

    /** Hands the listener's connections and their frames to this router's session logic. */
    private final class Connections implements ZmtpServer.Handler {
        @Override
        public void onMessage(ZmtpConnection connection, byte[] raw) {
            receive(connection, raw);
        }

        @Override
        public void onClosed(ZmtpConnection connection, String reason) {
            Peer peer = peers.get(routingKey(connection));
            if (peer != null && peer.connection == connection) {
                forget(peer, reason);
            }
        }
    }

    private static ByteBuffer routingKey(ZmtpConnection connection) {
        return ByteBuffer.wrap(routingId(connection));
    }

    private static byte[] routingId(ZmtpConnection connection) {
        return ByteBuffer.allocate(Long.BYTES).putLong(connection.id).array();
    }

    private void receive(ZmtpConnection connection, byte[] raw) {
        FrameKind kind;
        try {
            kind = Frame.kindOf(raw, settings.maxFrameSize());
        } catch (MalformedMessageException e) {
            counters.malformed.increment();
            dropLog.drop(e.getMessage());
            return;
        }
        switch (kind) {
            case HANDSHAKE_1 -> admitHandshake(connection, raw);
            case HANDSHAKE_3 -> finishHandshake(connection, body(raw));
            case SEALED -> receiveSealed(connection, raw);
            default -> {
                counters.malformed.increment();
                dropLog.drop("frame kind " + kind + " is never sent to a master");
            }
        }
    }

    /**
     * Message 1 passes the {@link HandshakeGate} before it costs a worker anything. A connection over its own rate
     * keeps its connection until it is plainly looping; any other refusal is for load and closes it (see
     * {@link #refuseHandshake}).
     */
    private void admitHandshake(ZmtpConnection connection, byte[] raw) {
        Counters.Drop refused = gate.check(connection, System.nanoTime());
        if (refused == null) {
            startHandshake(connection, body(raw));
            return;
        }
        counters.drop(refused);
        String why = "first handshake message refused (" + refused.name().toLowerCase() + ")";
        dropLog.drop(why + " from " + connection.address.getHostAddress());
        if (refused != Counters.Drop.HANDSHAKE_RATE_CONNECTION) {
            refuseHandshake(connection, why);
        } else if (++connection.rateDrops > RATE_DROPS_BEFORE_CLOSE) {
            server.close(connection, "handshake flood");
        }
    }

    private static byte[] body(byte[] raw) {
        return java.util.Arrays.copyOfRange(raw, Frame.HEADER, raw.length);
    }

    /** Message 1: the peer (re)starts a handshake on this connection; message 2 is computed off this thread. */
    private void startHandshake(ZmtpConnection connection, byte[] body) {
        ByteBuffer routingKey = routingKey(connection);
        byte[] routingId = routingId(connection);
        counters.handshakesStarted.increment();
        Peer old = peers.remove(routingKey);
        if (old != null && old.hasSession()) {
            forget(old, "peer started a new handshake");
        }
        Peer peer = new Peer(routingId, System.currentTimeMillis());
        peer.connection = connection;
        peers.add(routingKey, peer);
        boolean queued = handshakes.answer(body, admission.isKnown(connection.address), answer -> {
            if (peers.get(routingKey) != peer) {
                return; // started over or expired while the answer was computed
            }
            if (answer.failure() != null) {
                handshakeFailed(routingKey, answer.failure());
                return;
            }
            peer.handshake = answer.handshake();
            sendRaw(peer, new Frame(FrameKind.HANDSHAKE_2, answer.message2()));
        });
        if (!queued) {
            peers.remove(routingKey);
            counters.drop(Counters.Drop.HANDSHAKE_QUEUE_FULL);
            dropLog.drop("handshake queue full");
            refuseHandshake(connection, "handshake queue full");
        }
    }

    /**
     * A handshake refused for load is answered by closing its connection, not by silence: a greeted dealer would
     * wait for its answer for the whole handshake timeout (a minute), while a closed connection is re-made by
     * JeroMQ after its reconnect interval (200 ms, growing to 5 s) and the handshake starts again on the new one.
     * A restart storm from one address thus converges at the rate allowed; a flood pays a reconnect each time.
     */
    private void refuseHandshake(ZmtpConnection connection, String reason) {
        server.close(connection, reason);
    }

    /** Message 3: proves the peer's static key and carries its hello; checked off this thread. */
    private void finishHandshake(ZmtpConnection connection, byte[] body) {
        ByteBuffer routingKey = routingKey(connection);
        Peer peer = peers.get(routingKey);
        if (peer == null || peer.handshake == null) {
            counters.handshakeFailures.increment();
            dropLog.drop("handshake 3 without handshake 1");
            // Said, not just dropped: the dealer waits for its welcome, for up to a minute on a working connection.
            server.send(connection, new Frame(FrameKind.RESET, new byte[0]).encode());
            return;
        }
        NoiseXX handshake = peer.handshake;
        peer.handshake = null; // a second message 3 is refused
        boolean queued = handshakes.finish(handshake, body, finish -> {
            if (peers.get(routingKey) != peer) {
                return;
            }
            if (finish.failure() != null) {
                handshakeFailed(routingKey, finish.failure());
                return;
            }
            peer.cipher = finish.cipher();
            peer.session = new Session(sessionIds.incrementAndGet(), finish.hello().role(), finish.hello().id(),
                    finish.remoteKey(), connection.address.getHostAddress());
            peers.opened(peer, System.currentTimeMillis());
            counters.sessionsOpened.increment();
            authorize(peer, finish.hello());
        });
        if (!queued) {
            peers.remove(routingKey);
            counters.drop(Counters.Drop.HANDSHAKE_QUEUE_FULL);
            dropLog.drop("handshake queue full");
            refuseHandshake(connection, "handshake queue full");
        }
    }

    private void handshakeFailed(ByteBuffer routingKey, String why) {
        peers.remove(routingKey);
        counters.handshakeFailures.increment();
        dropLog.drop(why);
    }

    private void authorize(Peer peer, Hello hello) {
        PeerAuthenticator.Verdict verdict;
        try {
            verdict = authenticator.authenticate(hello, peer.session.remoteKey(), peer.session.remoteAddress());
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "authenticator failed for " + hello.id(), e);
            verdict = new PeerAuthenticator.Verdict(KeyStatus.REJECTED, "master error while checking the key");
        }
        applyVerdict(peer, verdict);
    }

    private void applyVerdict(Peer peer, PeerAuthenticator.Verdict verdict) {
        switch (verdict.status()) {
            case ACCEPTED -> {
                if (!peer.accepted) {
                    peer.accepted = true;
                    peer.connection.frameLimit = settings.maxFrameSize() + 64;
                    peer.connection.outboundLimit = limits.acceptedOutboundBytes();
                    admission.remember(peer.connection.address);
                    sendSealed(peer, new Welcome(KeyStatus.ACCEPTED, verdict.detail()));
                    listener.onSession(peer.session);
                }
            }
            case PENDING -> {
                // Keep the session open but deaf: the minion waits, and learns of its acceptance at once.
                boolean wasAccepted = peer.accepted;
                peer.accepted = false;
                peer.connection.frameLimit = limits.pendingFrameLimit();
                peer.connection.outboundLimit = limits.unauthenticatedOutboundBytes();
                if (peer.pendingRate == null) {
                    peer.pendingRate = new TokenBucket(limits.pendingFramesPerSecond(),
                            limits.pendingFramesPerSecond(), System.nanoTime());
                }
                sendSealed(peer, new Welcome(KeyStatus.PENDING, verdict.detail()));
                if (wasAccepted) {
                    listener.onClosed(peer.session, "key no longer accepted");
                }
            }
            default -> {
                counters.refused.increment();
                sendSealed(peer, new Welcome(verdict.status(), verdict.detail()));
                forget(peer, "key " + verdict.status().name().toLowerCase());
            }
        }
    }

    private void recheckNow() {
        for (Peer peer : peers.sessions()) {
            authorize(peer, new Hello(peer.session.role(), peer.session.peerId(), "recheck"));
        }
    }

    /**
     * Client keys are files an operator may delete by hand, with no {@code brine key} to tell the master; so open
     * client sessions are asked about once a second, and one whose key is gone ends within that second. There are
     * few of them (operators and orchestrators, not the fleet).
     */
    private void recheckClients() {
        for (Peer peer : peers.sessions()) {
            if (peer.session.role() == Role.CLIENT && peer.accepted) {
                authorize(peer, new Hello(Role.CLIENT, peer.session.peerId(), "recheck"));
            }
        }
    }

    /** A sealed frame, opened where it was received: no copy of a pushed file chunk just to drop the header. */
    private void receiveSealed(ZmtpConnection connection, byte[] raw) {
        Peer peer = peers.get(routingKey(connection));
        if (peer == null || peer.cipher == null) {
            counters.noSession.increment();
            server.send(connection, new Frame(FrameKind.RESET, new byte[0]).encode());
            return;
        }
        if (!peer.accepted && !peer.pendingRate.tryTake(System.nanoTime())) {
            // A pending peer's frames are tiny (its frame limit), so opening one here costs microseconds; the rate
            // bounds how many: it may only ping while it waits for an operator.
            counters.drop(Counters.Drop.PENDING_PEER);
            dropLog.drop("frames over a pending session's rate from " + peer.session);
            return;
        }
        Message message;
        try {
            message = MessageCodec.decode(Frame.open(peer.cipher, raw));
        } catch (CryptoException e) {
            counters.decryptFailures.increment();
            dropLog.drop("from " + peer.session + ": " + e.getMessage());
            return;
        } catch (MalformedMessageException e) {
            counters.malformed.increment();
            dropLog.drop("from " + peer.session + ": " + e.getMessage());
            return;
        }
        peer.lastSeenMillis = System.currentTimeMillis();
        if (message instanceof Ping ping) {
            sendSealed(peer, new Pong(ping.sequence()));
        } else if (message instanceof Pong) {
            // a reply to nothing we asked: harmless
        } else if (peer.accepted) {
            listener.onMessage(peer.session, message, raw.length);
        } else {
            counters.refused.increment();
            counters.drop(Counters.Drop.PENDING_PEER);
            dropLog.drop("message from " + peer.session + " whose key is not accepted");
        }
    }

    private void sendNow(long sessionId, Message message) {
        Peer peer = peers.session(sessionId);
        if (peer == null || !peer.accepted) {
            counters.sendDropped.increment();
            return;
        }
        sendSealed(peer, message);
    }

    private void sendSealed(Peer peer, Message message) {
        sendRaw(peer, Frame.sealed(peer.cipher, MessageCodec.encode(message)));
    }

    /** Never blocks: a peer that does not read its output loses its connection instead (see ZmtpServer#send). */
    private void sendRaw(Peer peer, Frame frame) {
        sendRaw(peer, frame.encode());
    }

    private void sendRaw(Peer peer, byte[] encodedFrame) {
        if (!server.send(peer.connection, encodedFrame)) {
            counters.sendDropped.increment();
        }
    }

    private void forget(Peer peer, String reason) {
        peers.remove(ByteBuffer.wrap(peer.routingId));
        if (peer.session != null && peer.accepted) {
            peer.accepted = false;
            listener.onClosed(peer.session, reason);
        }
    }

    /** Expires handshakes that never finished and sessions that went silent (no heartbeat for three periods). */
    private void sweep() {
        long now = System.currentTimeMillis();
        if (now - lastSweep < 1000) {
            return;
        }
        lastSweep = now;
        recheckClients();
        for (Peer peer : peers.expire(drainedMillis, counters)) {
            if (peer.accepted) {
                listener.onClosed(peer.session, "no heartbeat");
            }
        }
        long handshakeNanos = settings.handshakeTimeout().toNanos();
        long nowNanos = System.nanoTime();
        server.sweep(nowNanos, c -> peers.get(routingKey(c)) == null && nowNanos - c.openedNanos > handshakeNanos);
    }
}
