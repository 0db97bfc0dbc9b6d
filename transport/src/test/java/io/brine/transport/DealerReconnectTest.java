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
