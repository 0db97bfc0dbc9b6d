package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * A queued job is sent again on every new session until the master hears of it: a real minion, on real sockets,
 * runs it once however often it arrives, and a minion restarted on the same cachedir does not run it again. The
 * master here is a bare router that sends the same queued job on every session (as a master that never heard the
 * acknowledgement would) and acknowledges returns (so the return spool cannot be what stops a second run).
 */
class QueuedDeliveryOnceTest {
    private static final String QUEUED_JID = "20261125120000000042";
    private static final AtomicInteger MARKERS = new AtomicInteger();

    @TempDir
    Path root;

    @Test
    void aQueuedJobSentOnTwoSessionsAndAfterARestartRunsOnce() throws Exception {
        Path ran = root.resolve("ran.txt");
        JobRequest queued = new JobRequest(QUEUED_JID, "cmd.run", List.of("echo ran >> " + ran), Map.of(), 30_000,
                "test", 600_000);
        StaticKeyPair masterKey = StaticKeyPair.generate();
        try (TransportRuntime transport = new TransportRuntime("fake-master");
                FakeMaster master = new FakeMaster(transport, masterKey, queued)) {
            MinionConfig config = MinionConfig.underDirectory(root, "m1", master.router.port())
                    .withMasterFinger(Fingerprint.of(masterKey.publicKey()));
            try (Minion minion = Minion.start(config)) {
                String first = master.awaitSessionAndMarker(1);
                master.awaitReturned(QUEUED_JID);
                assertEquals(List.of("ran"), Files.readAllLines(ran));

                master.router.sayGoingAway("restarting", Duration.ofSeconds(2));
                String second = master.awaitSessionAndMarker(2); // the marker follows the queued job on the session
                assertFalse(first.equals(second));
                assertEquals(List.of("ran"), Files.readAllLines(ran), "run again on a second session");
            }
            assertFalse(Files.exists(root.resolve("cache/returns/" + QUEUED_JID + ".ret")), "still spooled");
            assertTrue(Files.exists(root.resolve("cache/queued/" + QUEUED_JID)), "not remembered on disk");
            try (Minion restarted = Minion.start(config)) {
                master.awaitSessionAndMarker(3);
                assertEquals(List.of("ran"), Files.readAllLines(ran), "run again after a restart");
            }
        }
    }

    /** Sends {@code queued} and then a quick marker job on every session; acknowledges every return. */
    private static final class FakeMaster implements RouterListener, AutoCloseable {
        final RouterEndpoint router;
        private final JobRequest queued;
        private final List<String> markers = new CopyOnWriteArrayList<>();
        private final Map<String, Integer> returns = new ConcurrentHashMap<>();

        FakeMaster(TransportRuntime transport, StaticKeyPair key, JobRequest queued) throws InterruptedException {
            this.queued = queued;
            PeerAuthenticator acceptAll = (hello, peerKey) -> PeerAuthenticator.Verdict.accepted();
            this.router = new RouterEndpoint(transport, "tcp://127.0.0.1:*", key, acceptAll,
                    TransportSettings.DEFAULTS);
            router.start(this);
        }

        @Override
        public void onSession(Session session) {
            String marker = String.format("2026112512000000%04d", MARKERS.incrementAndGet());
            markers.add(marker);
            if (returns.containsKey(queued.jid())) {
                // Said again first: acknowledgements sent on a session that ended may never have arrived, and the
                // minion's return spool must not be what keeps the job from running twice.
                session.send(new ReturnAck(List.of(queued.jid())));
            }
            session.send(queued);
            session.send(new JobRequest(marker, "test.ping", List.of(), Map.of(), 30_000, "test"));
        }

        @Override
        public void onMessage(Session session, Message message) {
            if (message instanceof JobReturn ret) {
                returns.merge(ret.jid(), 1, Integer::sum);
                session.send(new ReturnAck(List.of(ret.jid())));
            }
        }

        @Override
        public void onClosed(Session session, String reason) {
        }

        /** Waits for the {@code n}th session's marker job to return: everything sent before it was taken. */
        String awaitSessionAndMarker(int n) throws InterruptedException {
            await(() -> markers.size() >= n, "session " + n);
            String marker = markers.get(n - 1);
            awaitReturned(marker);
            return marker;
        }

        void awaitReturned(String jid) throws InterruptedException {
            await(() -> returns.containsKey(jid), "the return of " + jid);
        }

        private static void await(java.util.function.BooleanSupplier done, String what) throws InterruptedException {
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (!done.getAsBoolean()) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("timed out waiting for " + what);
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
