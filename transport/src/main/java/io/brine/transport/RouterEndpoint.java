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
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.zeromq.SocketType;
import org.zeromq.ZContext;
import org.zeromq.ZMQ;
import org.zeromq.ZMQException;

/**
 * The master's side of the wire: one ZeroMQ ROUTER socket on which minions and clients handshake (Noise XX)
 * and then exchange sealed messages. Each connection has its own session keys, and replies are routed by
 * session, so a job sealed for one minion is never sent to, nor readable by, another.
 *
 * <p>All socket and session state lives on one I/O thread; {@link #send} and the other public methods are
 * thread-safe and only enqueue work for it. The handshakes' public-key work runs on a few worker threads
 * ({@link HandshakeWorkers}) and comes back to that thread.
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
    private static final int MAX_HANDSHAKES_IN_FLIGHT = 20_000;
    private static final int RECEIVE_BATCH = 10_000;
    /** Enough to keep the cores busy with a storm of handshakes; more would only queue for the same cores. */
    private static final int HANDSHAKE_THREADS = Math.min(4, Runtime.getRuntime().availableProcessors());
    private static final int IO_THREADS = 4;
    /**
     * ZeroMQ's own limit on a connection's ZMTP greeting: none. JeroMQ 0.6.0 occasionally leaves a fresh
     * connection with its greeting unsent (about once in 20 connects on loopback; jeromq issues #849, #957); a
     * dealer recovers from that through its first Noise handshake timeout (2 s), which replaces the socket, and a
     * dealer that goes away closes its connection. A limit would only add a timer per connection, and JeroMQ's
     * I/O thread sorts all its timers on every turn: in a restart storm of 10,000 minions that sort and the scan
     * of every connection were the master's top two profile frames. (A 2 s limit, earlier, also dropped
     * connections the master was merely slow to greet and fed the storm.)
     */
    static final int ZMTP_HANDSHAKE_MILLIS = 0;

    private final String bindAddress;
    private final StaticKeyPair key;
    private final PeerAuthenticator authenticator;
    private final RouterListener listener;
    private final TransportSettings settings;
    private final Selector selector;
    private final Outbox outbox;
    private final IdleWakeups idle = new IdleWakeups();
    private final Counters counters = new Counters();
    private final DropLog dropLog = new DropLog(LOG);
    private final PeerTable peers;
    private final HandshakeWorkers handshakes;
    private final AtomicLong sessionIds = new AtomicLong();
    private final CountDownLatch bound = new CountDownLatch(1);
    private volatile boolean running;
    private volatile String boundEndpoint;
    private volatile RuntimeException startFailure;
    private Thread thread;
    private ZMQ.Socket socket;
    private long lastSweep;
    /** When a read last found the socket empty: everything peers sent before then has been read. */
    private long drainedMillis = System.currentTimeMillis();

    public RouterEndpoint(String bindAddress, StaticKeyPair key, PeerAuthenticator authenticator,
            RouterListener listener, TransportSettings settings) {
        this.bindAddress = Objects.requireNonNull(bindAddress, "bindAddress");
        this.key = Objects.requireNonNull(key, "key");
        this.authenticator = Objects.requireNonNull(authenticator, "authenticator");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.peers = new PeerTable(settings);
        try {
            this.selector = Selector.open();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a selector", e);
        }
        this.outbox = new Outbox(selector);
        this.handshakes = new HandshakeWorkers(key, PROLOGUE, outbox, HANDSHAKE_THREADS);
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
        // Several ZeroMQ I/O threads, even on 2 cores: each turn of a JeroMQ I/O thread scans every connection it
        // owns (zmq.poll.Poller.run, the top frame of a 10,000-minion restart storm's profile) and its listener
        // accepts one connection per turn; with all connections on one thread the listen backlog (4,096) filled
        // faster than it drained. Accepted connections are spread over the threads, so each turn scans a share.
        try (ZContext context = new ZContext(IO_THREADS)) {
            ZMQ.Socket router = context.createSocket(SocketType.ROUTER);
            try {
                configure(router);
                router.bind(bindAddress);
                boundEndpoint = router.getLastEndpoint();
            } catch (RuntimeException e) {
                startFailure = new IllegalStateException("cannot listen on " + bindAddress + ": " + e.getMessage(), e);
                bound.countDown();
                return;
            }
            bound.countDown();
            this.socket = router;
            router.getFD().register(selector, SelectionKey.OP_READ);
            loop(router);
            peers.clear();
        } catch (IOException | RuntimeException e) {
            if (running) {
                LOG.log(Level.ERROR, "router I/O thread failed", e);
            }
        }
    }

    private void configure(ZMQ.Socket router) {
        router.setLinger(0);
        router.setRouterMandatory(true);
        router.setBacklog(4096);
        router.setHandshakeIvl(ZMTP_HANDSHAKE_MILLIS);
        router.setMaxMsgSize(settings.maxFrameSize() + 64L);
        router.setSndHWM(settings.highWaterMark());
        router.setRcvHWM(settings.highWaterMark());
        // Greet every new connection with RESET. A dealer that is only starting its handshake ignores it; one
        // that had a session (the master restarted, or its TCP connection was re-made) learns at once that the
        // session is gone, instead of at its next heartbeat: after a restart the fleet is back in about a
        // second, not a heartbeat period. The greeting's body tells it from the empty RESET that answers a frame
        // the master cannot place (see GREETING).
        router.setHelloMsg(new Frame(FrameKind.RESET, GREETING.clone()).encode());
    }

    /**
     * The selector watches the socket's ZeroMQ descriptor, which only says "look at the socket": a send can
     * consume its signal while a message is already waiting, so the socket is read again after every turn that
     * ran tasks (sends), and without sleeping while a full batch was read.
     */
    private void loop(ZMQ.Socket router) throws IOException {
        boolean more = false;
        while (running && !Thread.currentThread().isInterrupted()) {
            boolean woken;
            try {
                woken = (more ? selector.selectNow() : selector.select(200)) > 0;
            } catch (ClosedSelectorException e) {
                return;
            }
            selector.selectedKeys().clear();
            int frames = receiveBatch(router);
            int ran = outbox.runPending();
            if (ran > 0) {
                frames += receiveBatch(router);
            }
            more = frames >= RECEIVE_BATCH;
            sweep();
            idle.after(woken, frames + ran > 0);
        }
    }

    /** Reads up to a batch of messages, so that sends queued meanwhile are not starved; returns how many. */
    private int receiveBatch(ZMQ.Socket router) {
        int n = 0;
        while (n < RECEIVE_BATCH) {
            byte[] routingId = router.recv(ZMQ.DONTWAIT);
            if (routingId == null) {
                drainedMillis = System.currentTimeMillis();
                break;
            }
            n++;
            List<byte[]> parts = new ArrayList<>(1);
            while (router.hasReceiveMore()) {
                parts.add(router.recv(0));
            }
            receive(routingId, parts);
        }
        return n;
    }

    private void receive(byte[] routingId, List<byte[]> parts) {
        if (parts.size() != 1) {
            counters.malformed.increment();
            dropLog.drop("message with " + parts.size() + " frames, expected 1");
            return;
        }
        byte[] raw = parts.get(0);
        FrameKind kind;
        try {
            kind = Frame.kindOf(raw, settings.maxFrameSize());
        } catch (MalformedMessageException e) {
            counters.malformed.increment();
            dropLog.drop(e.getMessage());
            return;
        }
        ByteBuffer routingKey = ByteBuffer.wrap(routingId);
        switch (kind) {
            case HANDSHAKE_1 -> startHandshake(routingKey, routingId, body(raw));
            case HANDSHAKE_3 -> finishHandshake(routingKey, routingId, body(raw));
            case SEALED -> receiveSealed(routingKey, routingId, raw);
            default -> {
                counters.malformed.increment();
                dropLog.drop("frame kind " + kind + " is never sent to a master");
            }
        }
    }

    private static byte[] body(byte[] raw) {
        return java.util.Arrays.copyOfRange(raw, Frame.HEADER, raw.length);
    }

    /** Message 1: the peer (re)starts a handshake on this connection; message 2 is computed off this thread. */
    private void startHandshake(ByteBuffer routingKey, byte[] routingId, byte[] body) {
        counters.handshakesStarted.increment();
        Peer old = peers.remove(routingKey);
        if (old != null && old.hasSession()) {
            forget(old, "peer started a new handshake");
        }
        if (peers.handshakesInFlight() >= MAX_HANDSHAKES_IN_FLIGHT) {
            counters.refused.increment();
            dropLog.drop("too many handshakes in flight");
            return;
        }
        Peer peer = new Peer(routingId, System.currentTimeMillis());
        peers.add(routingKey, peer);
        handshakes.answer(body, answer -> {
            if (peers.get(routingKey) != peer) {
                return; // started over or expired while the answer was computed
            }
            if (answer.failure() != null) {
                handshakeFailed(routingKey, answer.failure());
                return;
            }
            peer.handshake = answer.handshake();
            sendRaw(routingId, new Frame(FrameKind.HANDSHAKE_2, answer.message2()));
        });
    }

    /** Message 3: proves the peer's static key and carries its hello; checked off this thread. */
    private void finishHandshake(ByteBuffer routingKey, byte[] routingId, byte[] body) {
        Peer peer = peers.get(routingKey);
        if (peer == null || peer.handshake == null) {
            counters.handshakeFailures.increment();
            dropLog.drop("handshake 3 without handshake 1");
            // Said, not just dropped: the dealer waits for its welcome, for up to a minute on a working connection.
            sendRaw(routingId, new Frame(FrameKind.RESET, new byte[0]));
            return;
        }
        NoiseXX handshake = peer.handshake;
        peer.handshake = null; // a second message 3 is refused
        handshakes.finish(handshake, body, finish -> {
            if (peers.get(routingKey) != peer) {
                return;
            }
            if (finish.failure() != null) {
                handshakeFailed(routingKey, finish.failure());
                return;
            }
            peer.cipher = finish.cipher();
            peer.session = new Session(sessionIds.incrementAndGet(), finish.hello().role(), finish.hello().id(),
                    finish.remoteKey());
            peers.opened(peer, System.currentTimeMillis());
            counters.sessionsOpened.increment();
            authorize(peer, finish.hello());
        });
    }

    private void handshakeFailed(ByteBuffer routingKey, String why) {
        peers.remove(routingKey);
        counters.handshakeFailures.increment();
        dropLog.drop(why);
    }

    private void authorize(Peer peer, Hello hello) {
        PeerAuthenticator.Verdict verdict;
        try {
            verdict = authenticator.authenticate(hello, peer.session.remoteKey());
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
                    sendSealed(peer, new Welcome(KeyStatus.ACCEPTED, verdict.detail()));
                    listener.onSession(peer.session);
                }
            }
            case PENDING -> {
                // Keep the session open but deaf: the minion waits, and learns of its acceptance at once.
                boolean wasAccepted = peer.accepted;
                peer.accepted = false;
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
            if (peer.session.role() != Role.MINION && peer.accepted) {
                continue;
            }
            authorize(peer, new Hello(peer.session.role(), peer.session.peerId(), "recheck"));
        }
    }

    /** A sealed frame, opened where it was received: no copy of a pushed file chunk just to drop the header. */
    private void receiveSealed(ByteBuffer routingKey, byte[] routingId, byte[] raw) {
        Peer peer = peers.get(routingKey);
        if (peer == null || peer.cipher == null) {
            counters.noSession.increment();
            sendRaw(routingId, new Frame(FrameKind.RESET, new byte[0]));
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
            listener.onMessage(peer.session, message);
        } else {
            counters.refused.increment();
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
        sendRaw(peer.routingId, Frame.sealed(peer.cipher, MessageCodec.encode(message)));
    }

    private void sendRaw(byte[] routingId, Frame frame) {
        sendRaw(routingId, frame.encode());
    }

    /**
     * Never blocks: with ROUTER_MANDATORY a peer whose pipe is full or already closing makes a blocking send wait,
     * and this thread is the whole master. Seen when a minion tore its connection down while its last frames
     * were still arriving: the RESET sent back to it stalled every session for good.
     */
    private void sendRaw(byte[] routingId, byte[] encodedFrame) {
        try {
            if (!socket.send(routingId, ZMQ.SNDMORE | ZMQ.DONTWAIT) || !socket.send(encodedFrame, ZMQ.DONTWAIT)) {
                counters.sendDropped.increment();
            }
        } catch (ZMQException e) {
            // EHOSTUNREACH: the peer disconnected in the meantime
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
        for (Peer peer : peers.expire(drainedMillis, counters)) {
            if (peer.accepted) {
                listener.onClosed(peer.session, "no heartbeat");
            }
        }
    }
}
