package io.brine.transport;

import io.brine.protocol.Hello;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Message;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.StaticKeyPair;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A real router on 127.0.0.1 that accepts every key and records its sessions; and dealers to talk to it. */
final class TestMaster implements AutoCloseable {
    final StaticKeyPair key;
    /** The router's threads; closed with the master. */
    final TransportRuntime runtime = new TransportRuntime("test-master");
    final RouterEndpoint router;
    private final RouterListener listener;
    final List<Session> sessions = new CopyOnWriteArrayList<>();
    final List<Session> closed = new CopyOnWriteArrayList<>();

    private TestMaster(StaticKeyPair key, String bind, PeerAuthenticator authenticator, TransportSettings settings) {
        this.key = key;
        this.router = new RouterEndpoint(runtime, bind, key, authenticator, settings);
        this.listener = new RouterListener() {
            @Override
            public void onSession(Session session) {
                sessions.add(session);
            }

            @Override
            public void onMessage(Session session, Message message) {
            }

            @Override
            public void onClosed(Session session, String reason) {
                closed.add(session);
            }
        };
    }

    static TestMaster start(StaticKeyPair key, int port, PeerAuthenticator authenticator, TransportSettings settings)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            TestMaster m = new TestMaster(key, "tcp://127.0.0.1:" + (port == 0 ? "*" : port), authenticator, settings);
            try {
                m.router.start(m.listener);
                return m;
            } catch (IllegalStateException e) {
                // the port of a master just closed may still be bound for a moment
                m.close();
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(50);
            }
        }
    }

    static TestMaster start(PeerAuthenticator authenticator, TransportSettings settings) throws InterruptedException {
        return start(StaticKeyPair.generate(), 0, authenticator, settings);
    }

    DealerEndpoint dealer(String id, TransportSettings settings) {
        DealerEndpoint d = new DealerEndpoint(TestRuntimes.DEALERS, "tcp://127.0.0.1:" + router.port(),
                StaticKeyPair.generate(), new Hello(Role.MINION, id, "test"), serverKey -> null, settings);
        d.start(message -> {
        });
        return d;
    }

    /** Waits until {@code n} sessions were opened; false if they were not within {@code timeout}. */
    boolean awaitSessions(int n, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (sessions.size() < n) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    static PeerAuthenticator acceptAll() {
        return (hello, key) -> PeerAuthenticator.Verdict.accepted();
    }

    static boolean accepted(DealerEndpoint d) throws InterruptedException {
        return d.awaitStatus(Duration.ofSeconds(10)) == KeyStatus.ACCEPTED;
    }

    @Override
    public void close() {
        router.close();
        runtime.close();
    }
}
