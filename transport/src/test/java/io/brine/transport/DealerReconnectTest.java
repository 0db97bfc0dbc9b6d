package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** How a dealer finds its master again, and how long it waits for one that is busy. */
class DealerReconnectTest {
    private static final TransportSettings SETTINGS = TransportSettings.DEFAULTS;

    @Test
    void aMinionWhoseMasterRestartsHandshakesAgainOnTheConnectionItHas() throws Exception {
        TestMaster first = TestMaster.start(TestMaster.acceptAll(), SETTINGS);
        int port = first.router.port();
        try (DealerEndpoint minion = first.dealer("m1", SETTINGS)) {
            assertTrue(TestMaster.accepted(minion));
            first.close();
            try (TestMaster second = TestMaster.start(first.key, port, TestMaster.acceptAll(), SETTINGS)) {
                assertTrue(second.awaitSessions(1, Duration.ofSeconds(10)), "the minion is back");
                assertEquals(1, minion.socketsOpened(), "no second connection, so no backoff before it either");
            }
        }
    }

    @Test
    void aMinionWaitsPastItsFirstHandshakeTimeoutForAMasterThatGreetedIt() throws Exception {
        TransportSettings impatient = SETTINGS.withFirstHandshakeTimeout(Duration.ofMillis(300));
        AtomicInteger asked = new AtomicInteger();
        PeerAuthenticator slow = (hello, key) -> {
            asked.incrementAndGet();
            try {
                Thread.sleep(1000); // a master busy with a storm of handshakes
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return PeerAuthenticator.Verdict.accepted();
        };
        try (TestMaster master = TestMaster.start(slow, SETTINGS);
                DealerEndpoint minion = master.dealer("m1", impatient)) {
            assertTrue(TestMaster.accepted(minion));
            assertEquals(1, minion.socketsOpened(), "it waited on its first connection");
            assertEquals(1, asked.get(), "the master did the work once");
        }
    }
}
