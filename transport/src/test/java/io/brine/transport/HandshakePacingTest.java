package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.Hello;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.StaticKeyPair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Paced admission (issue 27): a master whose handshake queue would keep a first message waiting past its pace answers
 * "busy, retry after N" instead; the dealer sends message 1 again then, on the same connection. A crowd of dealers
 * arriving at once all get their sessions, each handshake is computed once, and no connection is made twice.
 */
class HandshakePacingTest {
    private static final int DEALERS = 200;

    @Test
    void aCrowdPacedByBusyAnswersEachHandshakesOnceOnItsFirstConnection() throws Exception {
        TransportRuntime runtime = new TransportRuntime("paced-master");
        // a pace of 1 ms: almost any queue at all is too deep, so most of the crowd is paced at least once
        RouterEndpoint router = new RouterEndpoint(runtime, "tcp://127.0.0.1:*", StaticKeyPair.generate(),
                TestMaster.acceptAll(), TransportSettings.DEFAULTS, RouterLimits.DEFAULTS.withHandshakePace(1),
                failure -> { });
        List<DealerEndpoint> dealers = new ArrayList<>();
        try {
            router.start(new RouterListener() {
                @Override
                public void onSession(Session session) {
                }

                @Override
                public void onMessage(Session session, io.brine.protocol.Message message) {
                }

                @Override
                public void onClosed(Session session, String reason) {
                }
            });
            for (int i = 0; i < DEALERS; i++) {
                DealerEndpoint d = new DealerEndpoint(TestRuntimes.DEALERS, "tcp://127.0.0.1:" + router.port(),
                        StaticKeyPair.generate(), new Hello(Role.MINION, "m" + i, "test"), serverKey -> null,
                        TransportSettings.DEFAULTS);
                dealers.add(d);
            }
            dealers.forEach(d -> d.start(message -> { }));
            long paced = 0;
            for (DealerEndpoint d : dealers) {
                assertEquals(KeyStatus.ACCEPTED, d.awaitStatus(Duration.ofSeconds(30)), "every dealer accepted");
            }
            for (DealerEndpoint d : dealers) {
                paced += d.handshakesPaced();
                assertEquals(1, d.socketsOpened(), "a paced dealer keeps its connection");
            }
            Counters c = router.counters();
            assertTrue(c.handshakesPaced() > 0, "the crowd was paced: " + c);
            assertEquals(c.handshakesPaced(), paced, "every BUSY reached its dealer");
            assertEquals(DEALERS, c.handshakesStarted(), "each handshake computed once: " + c);
            assertEquals(DEALERS, c.sessionsOpened());
            assertEquals(0, c.dropped(Counters.Drop.HANDSHAKE_QUEUE_FULL));
            System.out.println(DEALERS + " dealers at once, pace 1 ms: " + paced + " busy answers, "
                    + c.handshakesStarted() + " handshakes");
        } finally {
            dealers.forEach(DealerEndpoint::close);
            router.close();
            runtime.close();
        }
    }
}
