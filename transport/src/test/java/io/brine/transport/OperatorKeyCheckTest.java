package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.Hello;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.StaticKeyPair;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * After a master restart a fleet's keys wait to be checked one at a time; the operator's CLI on the master's host
 * (a client, from loopback) is checked on a thread of its own, so its session opens while the fleet's checks are
 * still held up.
 */
class OperatorKeyCheckTest {
    @Test
    void theOperatorsSessionIsCheckedWhileAMinionsCheckIsStillHeldUp() throws Exception {
        CountDownLatch minionChecked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        PeerAuthenticator slowForMinions = (hello, key) -> {
            if (hello.role() == Role.MINION) {
                minionChecked.countDown();
                try {
                    release.await(20, TimeUnit.SECONDS); // a key lookup stuck on a slow disk
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return PeerAuthenticator.Verdict.accepted();
        };
        try (TestMaster master = TestMaster.start(slowForMinions, TransportSettings.DEFAULTS)) {
            DealerEndpoint minion = master.dealer("web1", TransportSettings.DEFAULTS);
            DealerEndpoint operator = new DealerEndpoint(TestRuntimes.DEALERS, "tcp://127.0.0.1:"
                    + master.router.port(), StaticKeyPair.generate(), new Hello(Role.CLIENT, "local", "test"),
                    serverKey -> null, TransportSettings.DEFAULTS);
            try {
                assertTrue(minionChecked.await(10, TimeUnit.SECONDS), "the minion's check began");
                operator.start(message -> {
                });
                assertTrue(master.awaitSessions(1, Duration.ofSeconds(10)), "the operator's session opened");
                assertEquals(Role.CLIENT, master.sessions.get(0).role(), "and it was the operator's, first");
                release.countDown();
                assertTrue(master.awaitSessions(2, Duration.ofSeconds(10)), "the minion's followed once checked");
            } finally {
                release.countDown();
                operator.close();
                minion.close();
            }
        }
    }
}
