package io.brine.transport;

import io.brine.protocol.Hello;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Role;
import io.brine.protocol.Welcome;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Key admission: asks the {@link PeerAuthenticator} about a session (its key lookup reads files and publishes
 * events) on a thread of its own, never on the I/O thread, and applies its verdict back on the I/O thread: an
 * accepted session is welcomed and told to the listener, a pending one is kept open but deaf, a refused one is
 * told why and ended.
 *
 * <p>One checking thread, so the verdicts about one session are applied in the order they were asked for; and one
 * more for the sessions in the operator's lane (the CLI on the master's own host, see {@link HandshakeQueue}), so
 * that after a master restart the operator's {@code brine run} is not checked after a thousand minions' keys
 * (measured: its session waited 0.5 s for its verdict during the storm of 1,000). A session's checks all go to the
 * same thread, so its verdicts still come in order. A key change re-checks only the sessions of the ids it
 * concerns ({@link #recheck(Set)}): pre-seeding one new minion does not re-authenticate every connected one.
 */
final class KeyVerdicts implements AutoCloseable {
    private static final Logger LOG = System.getLogger(KeyVerdicts.class.getName());

    private final PeerAuthenticator authenticator;
    private final RouterSessions sessions;
    private final Outbox outbox;
    private final Counters counters;
    private final TransportSettings settings;
    private final RouterLimits limits;
    private final Admission admission;
    private final RouterListener listener;
    private final ExecutorService checks;
    private final ExecutorService operatorChecks;

    KeyVerdicts(PeerAuthenticator authenticator, RouterSessions sessions, Outbox outbox, Counters counters,
            TransportSettings settings, RouterLimits limits, Admission admission, RouterListener listener,
            TransportRuntime runtime) {
        this.authenticator = authenticator;
        this.sessions = sessions;
        this.outbox = outbox;
        this.counters = counters;
        this.settings = settings;
        this.limits = limits;
        this.admission = admission;
        this.listener = listener;
        // Unbounded, but fed only by handshakes that passed the gate and by re-checks of live sessions (the
        // operator's: only loopback peers, and as many as its handshake lane lets through).
        this.checks = checkingThread(runtime, "key-checks");
        this.operatorChecks = checkingThread(runtime, "operator-key-checks");
    }

    private static ExecutorService checkingThread(TransportRuntime runtime, String name) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                runtime.threads(name));
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /**
     * A session just opened: checks its key with the hello it carried. Until the verdict is back the session is
     * treated as a pending one (paced, deaf). I/O thread.
     */
    void check(Peer peer, Hello hello) {
        peer.pendingRate = pendingRate();
        check(peer, hello, () -> { });
    }

    /**
     * Checks again the sessions of {@code peerIds} after their keys changed; the future completes once every
     * verdict is applied. Any thread.
     */
    CompletableFuture<Void> recheck(Set<String> peerIds) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        outbox.submit(() -> recheckNow(sessions.sessionsOf(peerIds), done));
        return done;
    }

    /**
     * Client keys are files an operator may delete by hand, with no {@code brine key} to tell the master; so open
     * client sessions are asked about once a second, and one whose key is gone ends within that second. There are
     * few of them (operators and orchestrators, not the fleet). I/O thread.
     */
    void recheckClients() {
        List<Peer> clients = sessions.sessions().stream()
                .filter(p -> p.session.role() == Role.CLIENT && p.accepted).toList();
        recheckNow(clients, new CompletableFuture<>());
    }

    private void recheckNow(List<Peer> peers, CompletableFuture<Void> done) {
        if (peers.isEmpty()) {
            done.complete(null);
            return;
        }
        AtomicInteger left = new AtomicInteger(peers.size());
        for (Peer peer : peers) {
            Hello hello = new Hello(peer.session.role(), peer.session.peerId(), "recheck");
            check(peer, hello, () -> {
                if (left.decrementAndGet() == 0) {
                    done.complete(null);
                }
            });
        }
    }

    private void check(Peer peer, Hello hello, Runnable applied) {
        Session session = peer.session;
        try {
            (peer.connection.operatorLane ? operatorChecks : checks).execute(() -> {
                PeerAuthenticator.Verdict verdict = verdict(hello, session);
                outbox.submit(() -> {
                    try {
                        if (sessions.current(peer) && peer.session == session) {
                            apply(peer, verdict);
                        }
                    } finally {
                        applied.run();
                    }
                });
            });
        } catch (RejectedExecutionException closing) {
            applied.run();
        }
    }

    private PeerAuthenticator.Verdict verdict(Hello hello, Session session) {
        try {
            return authenticator.authenticate(hello, session.remoteKey(), session.remoteAddress());
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "authenticator failed for " + hello.id(), e);
            return new PeerAuthenticator.Verdict(KeyStatus.REJECTED, "master error while checking the key");
        }
    }

    private void apply(Peer peer, PeerAuthenticator.Verdict verdict) {
        switch (verdict.status()) {
            case ACCEPTED -> {
                if (!peer.accepted) {
                    peer.accepted = true;
                    // the same limit the inbound chain's frame check applies: a larger frame is read past and the
                    // peer told its limit (SessionLimits), so a return too large never costs it its session
                    peer.connection.frameLimit = settings.maxFrameSize();
                    peer.connection.skipOversize = true;
                    peer.connection.outboundLimit = limits.acceptedOutboundBytes();
                    admission.remember(peer.connection.address);
                    sessions.sendSealed(peer, new Welcome(KeyStatus.ACCEPTED, verdict.detail()));
                    listener.onSession(peer.session);
                }
            }
            case PENDING -> pend(peer, verdict);
            default -> {
                counters.keysRefused.increment();
                sessions.sendSealed(peer, new Welcome(verdict.status(), verdict.detail()));
                sessions.forget(peer, "key " + verdict.status().name().toLowerCase());
            }
        }
    }

    /** Keeps the session open but deaf: the minion waits, and learns of its acceptance at once. */
    private void pend(Peer peer, PeerAuthenticator.Verdict verdict) {
        boolean wasAccepted = peer.accepted;
        peer.accepted = false;
        peer.connection.frameLimit = limits.pendingFrameLimit();
        peer.connection.outboundLimit = limits.unauthenticatedOutboundBytes();
        if (peer.pendingRate == null) {
            peer.pendingRate = pendingRate();
        }
        sessions.sendSealed(peer, new Welcome(KeyStatus.PENDING, verdict.detail()));
        if (wasAccepted) {
            listener.onClosed(peer.session, "key no longer accepted");
        }
    }

    private TokenBucket pendingRate() {
        return new TokenBucket(limits.pendingFramesPerSecond(), limits.pendingFramesPerSecond(), System.nanoTime());
    }

    /** Stops checking keys and waits (a few seconds at most) until the checking thread has ended. */
    @Override
    public void close() {
        checks.shutdownNow();
        operatorChecks.shutdownNow();
        try {
            checks.awaitTermination(5, TimeUnit.SECONDS);
            operatorChecks.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
