package io.brine.transport;

import io.brine.protocol.Frame;
import io.brine.protocol.FrameKind;
import io.brine.protocol.crypto.StaticKeyPair;
import java.lang.System.Logger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/**
 * The master's side of the wire: a ZMTP 3.x listener ({@link ZmtpServer}, speaking to the minions' and clients'
 * DEALERs, {@link DealerSocket}) on which peers handshake (Noise XX) and then exchange sealed messages. Each connection has its
 * own session keys, and replies are routed by session, so a job sealed for one minion is never sent to, nor
 * readable by, another.
 *
 * <p>The pieces: the socket loop ({@link RouterLoop}, one I/O thread of the given {@link TransportRuntime}), the
 * handshake state machine ({@link RouterHandshakes}, its public-key work on {@link HandshakeWorkers}), key
 * admission off the I/O thread ({@link KeyVerdicts}), the session table ({@link RouterSessions}) and the inbound
 * chain ({@link RouterInbound}). What a peer may spend is bounded by {@link RouterLimits} according to its state
 * (no session, pending, accepted).
 *
 * <p>The listener is given when the router starts and is handed a {@link Session} for every accepted peer;
 * whoever answers a peer does so through its session and needs nothing of this class. Key changes are told with
 * {@link #recheck}, which asks again about the sessions of the ids concerned only.
 *
 * <pre>{@code
 * RouterEndpoint router = new RouterEndpoint(runtime, "tcp://*:4506", key, authenticator,
 *         TransportSettings.DEFAULTS, RouterLimits.DEFAULTS, failure -> System.exit(70));
 * router.start(listener);
 * router.recheck(Set.of("web1")); // web1's key was accepted
 * }</pre>
 */
public final class RouterEndpoint implements AutoCloseable {
    static final byte[] PROLOGUE = "brine/1".getBytes(StandardCharsets.US_ASCII);
    /**
     * The body of the RESET that greets each new connection; a RESET that answers a frame the master cannot
     * place has none. A dealer that is greeted again while it handshakes knows its connection was re-made, so
     * whatever it sent before went to a connection the master has forgotten. (Masters before this one greeted
     * with an empty RESET; dealers then treat it as an answer, as they always did.)
     */
    static final byte[] GREETING = {1};
    private static final Logger LOG = System.getLogger(RouterEndpoint.class.getName());
    /**
     * All cores but one, up to four: enough to carry a storm of handshakes, while one core stays for the sessions
     * already up. With as many workers as cores, the storm of 1,000 on 2 cores held both, and an operator's ping
     * through a session already open took up to 0.8-1 s (median 86-678 ms); with one worker, at most 0.18-0.34 s
     * (median 2-151 ms), and the storm itself took no longer (2.3-2.9 s against 2.9-3.9 s).
     */
    private static final int HANDSHAKE_THREADS = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()
            - 1));

    private final TransportRuntime runtime;
    private final String bindAddress;
    private final StaticKeyPair key;
    private final PeerAuthenticator authenticator;
    private final TransportSettings settings;
    private final RouterLimits limits;
    private final RouterLoop loop;
    private final Counters counters = new Counters();
    private final DropLog dropLog = new DropLog(LOG);
    /** A post may carry a frame of the largest size and a few small ones with it. */
    private static final int HTTPS_BODY_OVERHEAD = 64 << 10;
    /** Bytes of posted frames waiting for the I/O thread, across every HTTPS link. */
    private static final long HTTPS_QUEUED_BYTES = 64L << 20;
    private volatile HttpLinks httpLinks;
    /** Made by {@link #start}, before the I/O thread starts; read on that thread and by the thread-safe methods. */
    private volatile Started started;

    /** What a started router is made of. */
    private record Started(ZmtpServer server, Carriers carriers, IdleConnections idle, RouterSessions sessions,
            KeyVerdicts verdicts, HandshakeWorkers workers) {
    }

    /** A router with the default limits, whose fatal failure is only logged (see the full constructor). */
    public RouterEndpoint(TransportRuntime runtime, String bindAddress, StaticKeyPair key,
            PeerAuthenticator authenticator, TransportSettings settings) {
        this(runtime, bindAddress, key, authenticator, settings, RouterLimits.DEFAULTS, failure -> {
        });
    }

    /**
     * @param onFatal told, on a thread of its own, if the I/O thread dies (an {@link Error}); the router is deaf
     *                from then on, so a daemon should exit non-zero and let its supervisor restart it
     */
    public RouterEndpoint(TransportRuntime runtime, String bindAddress, StaticKeyPair key,
            PeerAuthenticator authenticator, TransportSettings settings, RouterLimits limits,
            Consumer<Throwable> onFatal) {
        this.runtime = Objects.requireNonNull(runtime, "runtime");
        this.bindAddress = Objects.requireNonNull(bindAddress, "bindAddress");
        this.key = Objects.requireNonNull(key, "key");
        this.authenticator = Objects.requireNonNull(authenticator, "authenticator");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.loop = new RouterLoop(runtime, Objects.requireNonNull(onFatal, "onFatal"));
    }

    /**
     * Binds and starts the I/O thread; from then on {@code listener} hears the accepted sessions. Returns the
     * bound endpoint (useful with port 0 / '*').
     */
    public synchronized String start(RouterListener listener) throws InterruptedException {
        Objects.requireNonNull(listener, "listener");
        if (started != null) {
            throw new IllegalStateException("router on " + bindAddress + " already started");
        }
        Outbox outbox = loop.outbox();
        Admission admission = new Admission(limits);
        PeerTable peers = new PeerTable(settings);
        byte[] hello = new Frame(FrameKind.RESET, GREETING.clone()).encode();
        IdleConnections idle = new IdleConnections();
        LinkIds ids = new LinkIds();
        LinkAdmission admitting = new LinkAdmission(admission, idle, counters, dropLog);
        ZmtpServer server = new ZmtpServer(loop.selector(), limits, counters, dropLog, hello, admitting, idle, ids);
        HttpCarrier https = new HttpCarrier(limits, counters, dropLog, hello, admitting, idle, ids);
        Carriers carriers = new Carriers();
        carriers.add(server);
        carriers.add(https);
        RouterSessions sessions = new RouterSessions(peers, carriers, outbox, counters, listener);
        KeyVerdicts verdicts = new KeyVerdicts(authenticator, sessions, outbox, counters, settings, limits,
                admission, listener, runtime);
        HandshakeWorkers workers = new HandshakeWorkers(key, PROLOGUE, outbox, HANDSHAKE_THREADS,
                limits.maxHandshakesQueued(), runtime);
        RouterHandshakes handshakes = new RouterHandshakes(sessions, new HandshakeGate(limits, admission, peers),
                workers, admission, verdicts, counters, dropLog, limits.handshakePaceMillis());
        RouterInbound inbound = new RouterInbound(settings.maxFrameSize(), sessions, handshakes, listener,
                counters, dropLog);
        https.start(inbound);
        long maxBody = settings.maxFrameSize() + HTTPS_BODY_OVERHEAD;
        httpLinks = new HttpLinks(outbox, https, maxBody, Math.max(HTTPS_QUEUED_BYTES, 2 * maxBody), counters);
        started = new Started(server, carriers, idle, sessions, verdicts, workers);
        return loop.start(bindAddress, server, carriers, inbound, new Sweep(sessions, verdicts, carriers, admission));
    }

    /**
     * Where an HTTP server hands the requests of the HTTPS transport ({@link HttpLinks#PATH}): its links are this
     * router's, with the same handshake, sessions and limits as its ZMTP connections. Null before {@link #start}.
     */
    public HttpLinks httpLinks() {
        return httpLinks;
    }

    public int port() {
        String ep = loop.boundEndpoint();
        return Integer.parseInt(ep.substring(ep.lastIndexOf(':') + 1));
    }

    public Counters counters() {
        return counters;
    }

    /**
     * Asks the authenticator again about the sessions of {@code peerIds}, whose keys changed: a pending peer that
     * is now accepted gets its session at once, an accepted one whose key was deleted or rejected is cut off at
     * once. Other sessions are not asked about. The future completes once the verdicts are applied.
     */
    public CompletableFuture<Void> recheck(Set<String> peerIds) {
        Started s = started;
        if (s == null || peerIds.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        return s.verdicts().recheck(Set.copyOf(peerIds));
    }

    /** Returns once everything enqueued for the I/O thread before this call has run. */
    public void sync() throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        loop.outbox().submit(done::countDown);
        done.await();
    }

    /**
     * Tells every peer with a session that this master is stopping, so each connects again after a short jittered
     * wait instead of after its heartbeat expiry; waits (up to {@code within}) until every peer has its notice, and
     * with it everything sent to it before: over ZMTP once written, over HTTPS once the peer acknowledged it (a
     * poll fetches what was queued between two polls; without the wait, a job published just before a restart was
     * lost with the router). Returns how many peers did not confirm in time; what was queued for them is counted
     * ({@link Counters#sendUnconfirmed}) when the router closes.
     */
    public int sayGoingAway(String reason, Duration within) {
        GoingAwayDelivery delivery = tellGoingAway(reason);
        if (delivery == null) {
            return 0;
        }
        try {
            if (delivery.await(within)) {
                return 0;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        int waiting = delivery.waiting();
        if (waiting > 0) {
            LOG.log(Logger.Level.WARNING, waiting + " peers did not confirm within " + within.toMillis() + " ms that "
                    + "they have the notice that this master is going away; what was queued for them since their "
                    + "last poll goes with the router (counted as sendUnconfirmed)");
        }
        return waiting;
    }

    /** Sends the going-away notices (see {@link #sayGoingAway}); null if the router never started. */
    GoingAwayDelivery tellGoingAway(String reason) {
        Started s = started;
        if (s == null) {
            return null;
        }
        GoingAwayDelivery delivery = new GoingAwayDelivery();
        loop.outbox().submit(() -> s.sessions().sayGoingAway(reason, delivery));
        return delivery;
    }

    /** Stops the I/O thread, the handshake workers and the key checks: no thread of this router is left. */
    @Override
    public void close() {
        Started s = started;
        if (s != null) {
            s.workers().close();
            s.verdicts().close();
        }
        loop.close();
    }

    /** Connections open, and how many of them are idle (no handshake begun). */
    record OpenConnections(int all, int idle) {
    }

    /** The connections open now, read on the I/O thread (reports and tests). */
    OpenConnections openConnections() throws InterruptedException {
        Started s = started;
        java.util.concurrent.CompletableFuture<OpenConnections> read = new java.util.concurrent.CompletableFuture<>();
        loop.outbox().submit(() -> read.complete(new OpenConnections(s.carriers().links(), s.idle().size())));
        try {
            return read.get();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /** ZMTP frames read so far on every connection, commands (heartbeats) included, read on the I/O thread (tests). */
    long framesRead() throws InterruptedException {
        ZmtpServer server = started.server();
        CompletableFuture<Long> read = new CompletableFuture<>();
        loop.outbox().submit(() -> read.complete((long) server.framesRead()));
        try {
            return read.get();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /** The most memory frames still arriving held at once, across all connections (reports and tests). */
    long frameBytesPeak() {
        return started.server().budget().peak();
    }

    /** The loop's sweeps, once a second: client keys, expiry of handshakes and silent sessions. */
    private final class Sweep implements RouterLoop.Turn {
        private final RouterSessions sessions;
        private final KeyVerdicts verdicts;
        private final Carriers carriers;
        private final Admission admission;

        Sweep(RouterSessions sessions, KeyVerdicts verdicts, Carriers carriers, Admission admission) {
            this.sessions = sessions;
            this.verdicts = verdicts;
            this.carriers = carriers;
            this.admission = admission;
        }

        @Override
        public void sweep(long drainedMillis) {
            verdicts.recheckClients();
            sessions.expire(drainedMillis);
            long handshakeNanos = settings.handshakeTimeout().toNanos();
            long nowNanos = System.nanoTime();
            carriers.sweep(nowNanos, c -> sessions.of(c) == null && nowNanos - c.openedNanos > handshakeNanos);
            admission.sweep(nowNanos);
        }

        @Override
        public void stopped() {
            sessions.clear();
        }
    }
}
