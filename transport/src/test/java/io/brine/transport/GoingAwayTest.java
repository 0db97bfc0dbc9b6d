package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A master that says it is going away has its peers connect again within about a second, instead of after
 * their heartbeat expiry (three intervals: 30 s with the 10 s heartbeat used here).
 */
class GoingAwayTest {
    private static final TransportSettings SLOW_HEARTBEAT = TransportSettings.DEFAULTS
            .withHeartbeat(Duration.ofSeconds(10));

    @Test
    void peersConnectAgainPromptlyWhenTheMasterSaysItIsGoingAway() throws Exception {
        try (TestMaster master = TestMaster.start(TestMaster.acceptAll(), SLOW_HEARTBEAT);
                DealerEndpoint minion = master.dealer("m1", SLOW_HEARTBEAT)) {
            assertTrue(TestMaster.accepted(minion));
            assertTrue(master.awaitSessions(1, Duration.ofSeconds(10)));
            int before = minion.socketsOpened();

            master.router.sayGoingAway("restarting", Duration.ofSeconds(2));

            // It drops the session and connects again: a second session on the same master within seconds (usually
            // under one), far below the 30 s the heartbeat expiry would take.
            assertTrue(master.awaitSessions(2, Duration.ofSeconds(10)), "no new session within 10 s");
            assertEquals(1, minion.socketsOpened() - before, "one new connection after the notice");
        }
    }
}
