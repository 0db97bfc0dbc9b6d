package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The router's handshakes, computed on worker threads, as many minions see them. */
class RouterHandshakeTest {
    private static final TransportSettings SETTINGS = TransportSettings.DEFAULTS;

    @Test
    void manyMinionsHandshakingAtOnceEachGetOneSessionOfTheirOwn() throws Exception {
        int n = 200;
        List<DealerEndpoint> minions = new ArrayList<>();
        try (TestMaster master = TestMaster.start(TestMaster.acceptAll(), SETTINGS)) {
            try {
                for (int i = 1; i <= n; i++) {
                    minions.add(master.dealer("m" + i, SETTINGS));
                }
                for (DealerEndpoint m : minions) {
                    assertTrue(TestMaster.accepted(m));
                }
                assertTrue(master.awaitSessions(n, Duration.ofSeconds(10)));
                Set<String> ids = new HashSet<>();
                master.sessions.forEach(s -> ids.add(s.peerId()));
                assertEquals(n, ids.size(), "one session per minion, each under its own id");
                assertEquals(n, master.router.counters().handshakesStarted());
                assertEquals(n, master.router.counters().connectionsAccepted(), "one connection each");
                assertEquals(0, master.router.counters().handshakeFailures());
            } finally {
                minions.forEach(DealerEndpoint::close);
            }
        }
    }
}
