package io.brine.transport;

import io.brine.protocol.Hello;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Message;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.StaticKeyPair;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The initiator's side of the wire, used by minions and by clients: a ZMTP DEALER that handshakes with the
 * master (Noise XX), checks the master's key, presents its identity, and then exchanges sealed messages. It
 * reconnects by itself, with exponential backoff and jitter, whenever the session is lost.
 *
 * <p>Messages sent while no session is up are held (up to a bound) and go out once the master accepts us; so a
 * dealer can be handed to whatever sends through it before it starts, and started with the listener that
 * receives (which may need those senders): no construction cycle.
 *
 * <p>All dealers of a {@link TransportRuntime} share one I/O thread and one selector ({@link DealerLoop});
 * listeners are called on that thread and must hand real work elsewhere. Inside, the pieces are the socket
 * ({@link DealerSocket}), the handshake state machine ({@link DealerHandshake}) and the inbound chain
 * ({@link DealerInbound}).
 *
 * <pre>{@code
 * DealerEndpoint dealer = new DealerEndpoint(runtime, "tcp://master:4506", key, hello, pin, settings);
 * JobRunner jobs = new JobRunner(dealer::send, ...);
 * dealer.start(message -> jobs.submit(message));
 * }</pre>
 */
public final class DealerEndpoint implements AutoCloseable {
    private final TransportRuntime runtime;
    private final DealerHandshake.Identity identity;
    private final TransportSettings settings;
    private final FrameBuffers buffers = new FrameBuffers();
    private final HeldMessages held = new HeldMessages();
    private final MasterAnswer answer = new MasterAnswer();
    private final DealerCounters counters = new DealerCounters();
    private volatile boolean running;
    private volatile DealerLoop loop;
    /** Set once, on start, before the loop sees this endpoint; volatile for {@link #socketsOpened}. */
    private volatile DealerLink socket;
    /** The ZMTP socket, when the masters are {@code tcp://} ones; null over HTTPS. */
    private DealerSocket zmtp;
    private final HttpsOptions https;
    private DealerHandshake handshake;
    private DealerInbound inbound;

    public DealerEndpoint(TransportRuntime runtime, String connectAddress, StaticKeyPair key, Hello hello,
            ServerKeyCheck serverKeyCheck, TransportSettings settings) {
        this(runtime, List.of(Objects.requireNonNull(connectAddress, "connectAddress")), key, hello, serverKeyCheck,
                settings);
    }

    /**
     * A dealer with masters to fail over between (Salt's {@code master_type: failover}): it connects to the first,
     * and when an attempt fails or its session is lost, to the next, round and round; a session keeps its master.
     * Every master must hold the key {@code serverKeyCheck} accepts (the masters of a cluster share theirs).
     */
    public DealerEndpoint(TransportRuntime runtime, List<String> connectAddresses, StaticKeyPair key, Hello hello,
            ServerKeyCheck serverKeyCheck, TransportSettings settings) {
        this(runtime, connectAddresses, key, hello, serverKeyCheck, settings, HttpsOptions.SYSTEM);
    }

    /**
     * As above, for masters that may be {@code https://host:port} URLs (the HTTPS transport, {@link HttpLinks}),
     * reached as {@code https} says; every master of the list must be reached the same way.
     */
    public DealerEndpoint(TransportRuntime runtime, List<String> connectAddresses, StaticKeyPair key, Hello hello,
            ServerKeyCheck serverKeyCheck, TransportSettings settings, HttpsOptions https) {
        this.runtime = Objects.requireNonNull(runtime, "runtime");
        if (connectAddresses.isEmpty()) {
            throw new IllegalArgumentException("no master to connect to");
        }
        long overHttps = connectAddresses.stream().filter(HttpsEndpoints::isHttps).count();
        if (overHttps != 0 && overHttps != connectAddresses.size()) {
            throw new IllegalArgumentException("masters reached over https:// and tcp:// at once: " + connectAddresses);
        }
        this.https = Objects.requireNonNull(https, "https");
        this.identity = new DealerHandshake.Identity(connectAddresses,
                Objects.requireNonNull(key, "key"), Objects.requireNonNull(hello, "hello"),
                Objects.requireNonNull(serverKeyCheck, "serverKeyCheck"));
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** Starts connecting at once, on the runtime's dealer thread; {@code listener} hears the master from then. */
    public void start(DealerListener listener) {
        Objects.requireNonNull(listener, "listener");
        DealerLoop l;
        synchronized (this) {
            if (loop != null) {
                throw new IllegalStateException("dealer " + identity.hello().id() + " already started");
            }
            running = true;
            l = runtime.acquireDealerLoop();
            HttpsDealerLink overHttps = null;
            if (HttpsEndpoints.isHttps(identity.connectAddresses().get(0))) {
                overHttps = new HttpsDealerLink(l, https, settings, counters, this::onLost);
                socket = overHttps;
            } else {
                // An operator's client asks for the lane that a master's own host gets before the fleet.
                zmtp = new DealerSocket(l, this::onReady, identity.hello().role() == Role.CLIENT
                        ? ZmtpGreeting.OPERATOR_LANE : null, settings, buffers, counters, this::onLost);
                socket = zmtp;
            }
            handshake = new DealerHandshake(identity, settings, socket, listener, held, answer, l,
                    runtime.resolver());
            inbound = new DealerInbound(settings.maxFrameSize(), buffers, handshake, listener, counters);
            if (overHttps != null) {
                overHttps.sink(inbound);
            }
            loop = l;
        }
        l.execute(() -> {
            l.register(this);
            tick(MonotonicMillis.now());
        });
    }

    /** Sends once a session is up; holds the message until then (also when sent before {@link #start}). */
    public void send(Message message) {
        DealerLoop l = loop;
        if (l == null) {
            synchronized (this) {
                if (loop == null) {
                    held.hold(message);
                    return;
                }
                l = loop;
            }
        }
        l.execute(() -> {
            if (running) {
                handshake.send(message);
            }
        });
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
        return answer.status();
    }

    public String statusDetail() {
        return answer.detail();
    }

    /**
     * Connections this endpoint has made since it started (those the master's host accepted): the first, and one
     * for each after a lost connection or a failed handshake.
     */
    public int socketsOpened() {
        DealerLink s = socket;
        return s == null ? 0 : s.connections();
    }

    /** How often a master answered this endpoint's first handshake message "busy, retry after" (load pacing). */
    public long handshakesPaced() {
        DealerHandshake h;
        synchronized (this) {
            h = handshake;
        }
        return h == null ? 0 : h.busyAnswers();
    }

    /** What this endpoint dropped, by reason: frames to and from the master, and connections that broke ZMTP. */
    public DealerCounters counters() {
        return counters;
    }

    /** Turns the dealers' loop has woken for so far (tests count an idle dealer's wake-ups). */
    long loopTurns() {
        DealerLoop l = loop;
        return l == null ? 0 : l.turns();
    }

    /** Waits until the master has answered the handshake at least once; returns its answer or null on timeout. */
    public KeyStatus awaitStatus(Duration timeout) throws InterruptedException {
        return answer.await(timeout);
    }

    @Override
    public void close() {
        if (!running) {
            return;
        }
        running = false;
        DealerLoop l = loop;
        CountDownLatch stopped = new CountDownLatch(1);
        boolean queued = l.execute(() -> {
            l.unregister(this);
            dropSocket();
            stopped.countDown();
        });
        // A loop that stopped (its runtime closed first) closed every socket it had: nothing to wait for.
        if (queued && !l.inLoop()) {
            try {
                stopped.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        runtime.releaseDealerLoop(l);
    }

    // Everything below runs on the loop thread.

    /** The connection is ready for what its key says (connect, read, write); returns how many frames it had. */
    void onReady(SelectionKey key) {
        zmtp.onReady(key, inbound);
    }

    /** The socket's connection failed or broke. */
    private void onLost(String reason) {
        handshake.onLost(reason);
    }

    /** Timers: the handshake's (connection attempts, deadlines, heartbeat), and idle buffers to let go of. */
    void tick(long now) {
        handshake.tick(now);
        buffers.trimIfIdle(now);
        loop.wakeBy(buffers.trimDeadline());
    }

    /** Closes the socket without a word to the master, for good: the endpoint is closing. */
    void dropSocket() {
        handshake.stop();
    }
}
