package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.Hello;
import io.brine.protocol.JobRequest;
import io.brine.protocol.Message;
import io.brine.protocol.PillarReply;
import io.brine.protocol.PillarRequest;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.StaticKeyPair;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job sent to a minion over HTTPS at the start of its session, while the master answers the minion's first request
 * (its pillar), reaches the minion: while the master runs, and when the master stops right after sending it (a
 * restart), though the minion's poll had just been answered and its next one had not yet come.
 */
class HttpsDeliveryTest {
    /** No heartbeat within a test: a ping answered as the master stops would be a frame no poll was asked for. */
    private static final TransportSettings SETTINGS = TransportSettings.DEFAULTS.withHeartbeat(Duration.ofMinutes(1));
    private static final int ITERATIONS = 10;
    /** Iterations stop at this, however many ran: the bound of a loaded machine. */
    private static final Duration BUDGET = Duration.ofSeconds(90);
    private static final long WAIT_SECONDS = 10;

    @TempDir
    static Path dir;
    private static TestHttpsServer.TestTls tls;
    /** One HTTP client for every minion of the class, as a swarm in one process shares one. */
    private static HttpsOptions https;
    private final TransportRuntime dealers = new TransportRuntime("https-delivery-dealers");
    private final ExecutorService senders = Executors.newFixedThreadPool(2);

    @BeforeAll
    static void certificate() throws Exception {
        tls = TestHttpsServer.TestTls.make(dir);
        https = HttpsOptions.of(tls.client(), null);
    }

    @AfterEach
    void close() {
        senders.shutdownNow();
        dealers.close();
    }

    @Test
    void aJobSentAsAFreshSessionsFirstRequestIsAnsweredArrivesEveryTime() throws Exception {
        try (HttpsMaster master = HttpsMaster.start(tls, SETTINGS)) {
            int ran = iterate(i -> {
                BlockingQueue<Message> received = new LinkedBlockingQueue<>();
                try (DealerEndpoint minion = minion(master, "fresh" + i, received)) {
                    sendReplyAndJobAtOnce(master, i);
                    assertJob(received, i);
                }
            });
            assertTrue(ran >= 5, "only " + ran + " iterations in " + BUDGET);
        }
    }

    @Test
    void aJobSentAsTheMasterStopsReachesTheMinionThoughItsNextPollHadNotYetCome() throws Exception {
        int ran = iterate(i -> {
            BlockingQueue<Message> received = new LinkedBlockingQueue<>();
            HttpsMaster master = HttpsMaster.start(tls, SETTINGS);
            try (DealerEndpoint minion = minion(master, "restart" + i, received)) {
                sendReplyAndJobAtOnce(master, i);
                master.close(); // at once, as a master restarted under the minion: it says it is going away
                assertJob(received, i);
            } finally {
                master.close();
            }
        });
        assertTrue(ran >= 5, "only " + ran + " iterations in " + BUDGET);
    }

    /**
     * The loss itself, step by step: the minion's poll is answered (with the pillar reply) and its next poll held on
     * the way, so the job and then the going-away notice wait with no poll to carry them. The stopping master waits
     * for the minion to have them, which it does once its poll comes, and only then closes.
     */
    @Test
    void aStoppingMasterWaitsForAJobQueuedBetweenTwoPollsToBeFetched() throws Exception {
        BlockingQueue<Message> received = new LinkedBlockingQueue<>();
        try (HttpsMaster master = HttpsMaster.start(tls, SETTINGS);
                DealerEndpoint minion = minion(master, "between", received)) {
            HttpsMaster.Asked asked = master.asked.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertNotNull(asked, "the minion's pillar request");
            master.https.holdPolls();
            // answers the poll the router holds, or, if that poll is still on its way, waits for it with the job
            asked.session().send(new PillarReply(asked.request().requestId(), Map.of(), null));
            assertTrue(master.https.awaitHeld(1, TimeUnit.SECONDS.toMillis(WAIT_SECONDS)),
                    "the minion's next poll, held on its way: the router has none");
            CountDownLatch sealed = new CountDownLatch(1);
            asked.session().send(job(0), sealed::countDown);
            assertTrue(sealed.await(WAIT_SECONDS, TimeUnit.SECONDS), "the job sealed into the link");

            GoingAwayDelivery delivery = master.router.tellGoingAway("the master is stopping");
            master.router.sync(); // the notice is queued too, behind the job
            assertFalse(delivery.await(Duration.ZERO), "delivered with no poll to carry it");
            assertEquals(1, delivery.waiting());

            master.https.releasePolls();
            assertTrue(delivery.await(Duration.ofSeconds(WAIT_SECONDS)), "the minion never confirmed the notice");
            master.close();
            assertJob(received, 0);
            assertEquals(0, master.router.counters().sendUnconfirmed(), "frames lost with the router");
        }
    }

    /** One iteration; its number. */
    @FunctionalInterface
    private interface Iteration {
        void run(int i) throws Exception;
    }

    private static int iterate(Iteration each) throws Exception {
        long deadline = System.nanoTime() + BUDGET.toNanos();
        int i = 0;
        while (i < ITERATIONS && System.nanoTime() < deadline) {
            each.run(i++);
        }
        return i;
    }

    /** A minion over HTTPS whose first message, once accepted, asks for its pillar; what it receives is queued. */
    private DealerEndpoint minion(HttpsMaster master, String id, BlockingQueue<Message> received) {
        DealerEndpoint d = new DealerEndpoint(dealers, List.of(master.url()), StaticKeyPair.generate(),
                new Hello(Role.MINION, id, "test"), serverKey -> null, SETTINGS, https);
        d.send(new PillarRequest(1)); // held until the session is accepted, then sent first
        d.start(received::add);
        return d;
    }

    /**
     * Once the minion's pillar request is in, answers it and sends job {@code i}, from two threads at once (as the
     * master's workers do); returns once both are sealed into the link.
     */
    private void sendReplyAndJobAtOnce(HttpsMaster master, int i) throws InterruptedException {
        HttpsMaster.Asked asked = master.asked.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        assertNotNull(asked, "the minion's pillar request");
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch sealed = new CountDownLatch(2);
        senders.execute(() -> {
            awaitQuietly(go);
            asked.session().send(new PillarReply(asked.request().requestId(), Map.of(), null), sealed::countDown);
        });
        senders.execute(() -> {
            awaitQuietly(go);
            asked.session().send(job(i), sealed::countDown);
        });
        go.countDown();
        assertTrue(sealed.await(WAIT_SECONDS, TimeUnit.SECONDS), "the reply and the job sealed");
    }

    private static JobRequest job(int i) {
        return new JobRequest(jid(i), "test.ping", List.of(), Map.of(), 10_000, "test");
    }

    /** Job {@code i}'s jid: 20 digits, as jids are. */
    private static String jid(int i) {
        return String.format("%020d", 20_261_129_000_000_000L + i);
    }

    private static void assertJob(BlockingQueue<Message> received, int i) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (System.nanoTime() < deadline) {
            Message m = received.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (m instanceof JobRequest job) {
                assertEquals(jid(i), job.jid());
                return;
            }
        }
        throw new AssertionError("job " + jid(i) + " never reached the minion (iteration " + i + ")");
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
