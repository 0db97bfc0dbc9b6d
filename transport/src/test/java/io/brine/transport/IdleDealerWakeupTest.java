package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * An idle minion's I/O thread sleeps until its next deadline (here the heartbeat, every 500 ms) instead of waking 50
 * times a second: over the two seconds its master takes to read four of its pings, its loop wakes a few times per
 * ping (the ping, the master's answer, the master's own ping), not a hundred times.
 */
class IdleDealerWakeupTest {
    private static final TransportSettings SETTINGS = TransportSettings.DEFAULTS.withHeartbeat(Duration.ofMillis(500));

    @Test
    void anIdleDealersLoopWakesForItsHeartbeatsNotOnATimer() throws Exception {
        try (TestMaster master = TestMaster.start(TestMaster.acceptAll(), SETTINGS);
                TransportRuntime own = new TransportRuntime("idle-dealer");
                DealerEndpoint minion = new DealerEndpoint(own, "tcp://127.0.0.1:" + master.router.port(),
                        io.brine.protocol.crypto.StaticKeyPair.generate(),
                        new io.brine.protocol.Hello(io.brine.protocol.Role.MINION, "idle", "test"), key -> null,
                        SETTINGS)) {
            minion.start(message -> {
            });
            assertTrue(TestMaster.accepted(minion));
            long framesBefore = master.router.framesRead();
            long turnsBefore = minion.loopTurns();
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (master.router.framesRead() - framesBefore < 4 && System.nanoTime() < deadline) {
                Thread.sleep(50); // waiting for four heartbeats to reach the master: two seconds of idling
            }
            long turns = minion.loopTurns() - turnsBefore;
            assertTrue(master.router.framesRead() - framesBefore >= 4, "the minion's pings reached the master");
            assertTrue(turns <= 30, "the idle dealer's loop woke " + turns + " times in about two seconds");
        }
    }
}
