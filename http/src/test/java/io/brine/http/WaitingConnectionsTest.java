package io.brine.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which waiting connections are closed when an address, or everyone, is over the limits, and at the deadline. */
class WaitingConnectionsTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000 * MS;
    /** 2 per address, 3 in all, 5 at most; a grace of 100 ms; a deadline of 5 s. */
    private final WaitingConnections<String> waiting = new WaitingConnections<>(
            new ConnectionLimits(2, 3, 5, Duration.ofMillis(100), 0, Duration.ofSeconds(5)));

    @Test
    void anAddressOverItsShareLosesItsOldestAndTheNewcomerStays() {
        assertEquals(List.of(), waiting.waiting("a1", "A", 0));
        assertEquals(List.of(), waiting.waiting("a2", "A", 200 * MS));
        assertEquals(List.of(evicted("a1", ConnectionDrop.OLDEST_OF_ADDRESS)), waiting.waiting("a3", "A", 300 * MS));
        assertTrue(waiting.contains("a3"));
        assertEquals(2, waiting.size());
    }

    @Test
    void everyoneOverTheLimitLosesTheOldestOfAllWhateverItsAddress() {
        waiting.waiting("a1", "A", 0);
        waiting.waiting("b1", "B", 200 * MS);
        waiting.waiting("c1", "C", 200 * MS);
        assertEquals(List.of(evicted("a1", ConnectionDrop.OLDEST_OF_ALL)), waiting.waiting("d1", "D", 300 * MS));
        assertEquals(3, waiting.size());
    }

    @Test
    void connectionsYoungerThanTheGraceStayOverTheLimitsButNotOverTheCeiling() {
        for (int i = 1; i <= 5; i++) {
            assertEquals(List.of(), waiting.waiting("a" + i, "A", i * MS), "a" + i + " is in its grace");
        }
        assertEquals(List.of(evicted("a1", ConnectionDrop.OLDEST_OF_ALL)), waiting.waiting("a6", "A", 6 * MS));
        // Once the grace has passed, the next sweep leaves no more than the limits: A's share, newest kept.
        List<WaitingConnections.Eviction<String>> swept = waiting.sweep(200 * MS);
        assertEquals(List.of(evicted("a2", ConnectionDrop.OLDEST_OF_ADDRESS), evicted("a3", ConnectionDrop.OLDEST_OF_ADDRESS),
                evicted("a4", ConnectionDrop.OLDEST_OF_ADDRESS)), swept);
        assertTrue(waiting.contains("a5") && waiting.contains("a6"));
    }

    @Test
    void aConnectionWhoseHeadersAreCompleteNoLongerCountsAndWaitsAgainAsTheNewest() {
        waiting.waiting("a1", "A", 0);
        waiting.waiting("a2", "A", 1 * SECOND);
        waiting.stop("a1"); // its request began
        assertEquals(List.of(), waiting.waiting("a3", "A", 2 * SECOND));
        // a1's request ended without authenticating: it waits again, now the newest of A
        assertEquals(List.of(evicted("a2", ConnectionDrop.OLDEST_OF_ADDRESS)), waiting.waiting("a1", "A", 3 * SECOND));
        assertTrue(waiting.contains("a1") && waiting.contains("a3"));
    }

    @Test
    void theDeadlineTakesOutThoseThatWaitedLongEnoughAndNoOthers() {
        waiting.waiting("a1", "A", 0);
        waiting.waiting("b1", "B", 2 * SECOND);
        waiting.waiting("a1", "A", 3 * SECOND); // answered once, waiting again since 3 s
        assertEquals(List.of(), waiting.sweep(5 * SECOND - 1));
        assertEquals(List.of(evicted("b1", ConnectionDrop.HEADER_DEADLINE)), waiting.sweep(7 * SECOND));
        assertEquals(List.of(evicted("a1", ConnectionDrop.HEADER_DEADLINE)), waiting.sweep(8 * SECOND));
        assertEquals(0, waiting.size());
        assertEquals(List.of(), waiting.waiting("a2", "A", 9 * SECOND), "A's share was given back");
    }

    @Test
    void limitsThatCouldLockEveryoneOutAreRefused() {
        Duration second = Duration.ofSeconds(1);
        assertThrows(IllegalArgumentException.class, () -> new ConnectionLimits(0, 10, 10, Duration.ZERO, 0, second));
        assertThrows(IllegalArgumentException.class, () -> new ConnectionLimits(8, 4, 8, Duration.ZERO, 0, second));
        assertThrows(IllegalArgumentException.class, () -> new ConnectionLimits(8, 8, 4, Duration.ZERO, 0, second));
        assertThrows(IllegalArgumentException.class, () -> new ConnectionLimits(8, 8, 8, Duration.ZERO, 0,
                Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> new ConnectionLimits(8, 8, 8, second, 0, second));
        ConnectionLimits wider = new ConnectionLimits(8, 8, 8, Duration.ZERO, 0, second).withWaitingPerAddress(16);
        assertTrue(wider.waiting() >= 16 && wider.ceiling() >= 16);
    }

    private static WaitingConnections.Eviction<String> evicted(String connection, ConnectionDrop reason) {
        return new WaitingConnections.Eviction<>(connection, reason);
    }
}
