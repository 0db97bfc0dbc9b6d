package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.JobRequest;
import io.brine.protocol.JobReturn;
import io.brine.protocol.Message;
import io.brine.protocol.ReturnAck;
import io.brine.protocol.crypto.Fingerprint;
import io.brine.protocol.crypto.StaticKeyPair;
import io.brine.transport.PeerAuthenticator;
import io.brine.transport.RouterEndpoint;
import io.brine.transport.RouterListener;
import io.brine.transport.Session;
import io.brine.transport.TransportRuntime;
import io.brine.transport.TransportSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A spool entry that always fails is not sent in a loop for ever: a real minion on real sockets, whose master (a bare
 * router of the test's own) takes every return but one, on session after session. After {@link
 * ReturnSender#MAX_FAILURES} sessions in which later returns were acknowledged and this one was not, the minion sets
 * it aside on disk, counts it, and sends it no more; the next session carries only the new job's return.
 */
class PassedOverReturnTest {
    private static final String POISON = "20261127120000000666";

    @TempDir
    Path root;

    @Test
    void aReturnTheMasterNeverTakesIsSetAsideAfterFiveSessions() throws Exception {
        StaticKeyPair masterKey = StaticKeyPair.generate();
        try (TransportRuntime transport = new TransportRuntime("passing-master");
                PassingMaster master = new PassingMaster(transport, masterKey)) {
            MinionConfig config = MinionConfig.underDirectory(root, "m1", master.router.port())
                    .withMasterFinger(Fingerprint.of(masterKey.publicKey()));
            try (Minion minion = Minion.start(config)) {
                master.awaitMarker(1);
                for (int session = 2; session <= ReturnSender.MAX_FAILURES + 1; session++) {
                    master.router.sayGoingAway("again", Duration.ofSeconds(2));
                    master.awaitMarker(session);
                }
                // the marker's return reached the master; its acknowledgement, on which the minion counts the poison
                // passed over once more and sets it aside, follows it on the way back
                long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                while (minion.returnsSetAside() == 0 && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                assertEquals(1, minion.returnsSetAside());
                assertTrue(Files.exists(root.resolve("cache/returns-aside/" + POISON + ".ret")), "kept on disk");
                int sendings = master.poisonSendings.get();
                master.router.sayGoingAway("once more", Duration.ofSeconds(2));
                master.awaitMarker(ReturnSender.MAX_FAILURES + 2);
                assertEquals(sendings, master.poisonSendings.get(), "sent again after it was set aside");
                assertTrue(sendings <= ReturnSender.MAX_FAILURES + 1, "sent " + sendings + " times");
            }
        }
    }

    /** Sends the poison job on the first session and a marker job on every one; acknowledges all but the poison. */
    private static final class PassingMaster implements RouterListener, AutoCloseable {
        final RouterEndpoint router;
        final AtomicInteger poisonSendings = new AtomicInteger();
        private final List<String> markers = new CopyOnWriteArrayList<>();
        private final Map<String, Boolean> returned = new ConcurrentHashMap<>();
        private final AtomicInteger sessions = new AtomicInteger();

        PassingMaster(TransportRuntime transport, StaticKeyPair key) throws InterruptedException {
            PeerAuthenticator acceptAll = (hello, peerKey) -> PeerAuthenticator.Verdict.accepted();
            this.router = new RouterEndpoint(transport, "tcp://127.0.0.1:*", key, acceptAll, TransportSettings.DEFAULTS);
            router.start(this);
        }

        @Override
        public void onSession(Session session) {
            int n = sessions.incrementAndGet();
            if (n == 1) {
                session.send(new JobRequest(POISON, "test.echo", List.of("never taken"), Map.of(), 30_000, "test"));
            }
            String marker = String.format("2026112712000000%04d", n);
            markers.add(marker);
            session.send(new JobRequest(marker, "test.ping", List.of(), Map.of(), 30_000, "test"));
        }

        @Override
        public void onMessage(Session session, Message message) {
            if (message instanceof JobReturn ret && ret.jid().equals(POISON)) {
                poisonSendings.incrementAndGet();
            } else if (message instanceof JobReturn ret) {
                returned.put(ret.jid(), true);
                session.send(new ReturnAck(List.of(ret.jid())));
            }
        }

        @Override
        public void onClosed(Session session, String reason) {
        }

        /** Waits for the {@code n}th session's marker to return: the poison went before it on that session. */
        void awaitMarker(int n) throws InterruptedException {
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (markers.size() < n || !returned.containsKey(markers.get(n - 1))) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("timed out waiting for session " + n + "'s marker");
                }
                Thread.sleep(10);
            }
        }

        @Override
        public void close() {
            router.close();
        }
    }
}
