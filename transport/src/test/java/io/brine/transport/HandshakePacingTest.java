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

    /**
     * A client looping first handshake messages on one connection while the master is busy for its address draws
     * BUSY answers only at its connection's rate (2 at once, then 1 a second): the rest are dropped, counted, and
     * others still handshake at once.
     */
    @Test
    void aConnectionLoopingFirstMessagesWhileBusyDrawsBusyAnswersOnlyAtItsRate() throws Exception {
        RouterLimits limits = RouterLimits.DEFAULTS.withMaxHandshakesPerAddress(1);
        try (EchoMaster master = new EchoMaster(limits, failure -> { }).withClient();
                RawZmtpPeer holder = RawZmtpPeer.connect(master.router.port(), "127.0.0.3").greet();
                RawZmtpPeer looper = RawZmtpPeer.connect(master.router.port(), "127.0.0.3").greet()) {
            holder.send(firstMessage()); // takes the address's only handshake slot, and never finishes
            master.router.sync();
            for (int i = 0; i < 300; i++) {
                looper.send(firstMessage());
            }
            long until = System.nanoTime() + 5_000_000_000L;
            Counters c = master.router.counters();
            while (c.dropped(Counters.Drop.HANDSHAKE_RATE_CONNECTION) + c.handshakesPaced() < 300
                    && System.nanoTime() < until) {
                master.router.sync(); // the last messages may still be on their way
            }
            assertTrue(c.handshakesPaced() >= 1 && c.handshakesPaced() <= 4, "BUSY answers drawn: " + c);
            assertEquals(300, c.dropped(Counters.Drop.HANDSHAKE_RATE_CONNECTION) + c.handshakesPaced(), c.toString());
            assertTrue(master.freshHandshakeMillis("elsewhere") < 1000, "other addresses are not affected");
        }
    }

    private static byte[] firstMessage() {
        return new io.brine.protocol.Frame(io.brine.protocol.FrameKind.HANDSHAKE_1, io.brine.protocol.crypto.NoiseXX
                .initiator(StaticKeyPair.generate(), RouterEndpoint.PROLOGUE).writeMessage(new byte[0])).encode();
    }

    @Test
    void aCrowdPacedByBusyAnswersEachHandshakesOnceOnItsFirstConnection() throws Exception {
        TransportRuntime runtime = new TransportRuntime("paced-master");
        // a pace of 5 ms: a queue of a few dozen steps is too deep, so part of the crowd is paced, and comes back
        // a second later (a dealer never asks again sooner)
        RouterEndpoint router = new RouterEndpoint(runtime, "tcp://127.0.0.1:*", StaticKeyPair.generate(),
                TestMaster.acceptAll(), TransportSettings.DEFAULTS, RouterLimits.DEFAULTS.withHandshakePace(5),
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
            System.out.println(DEALERS + " dealers at once, pace 5 ms: " + paced + " busy answers, "
                    + c.handshakesStarted() + " handshakes");
        } finally {
            dealers.forEach(DealerEndpoint::close);
            router.close();
            runtime.close();
        }
    }
}
