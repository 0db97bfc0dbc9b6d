package io.brine.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConnectScenarioTest {
    @Test
    void aStormWithinItsTargetsFailsNothing() {
        assertEquals(List.of(), ConnectScenario.shortfalls(1000, 2.9, 2.5, 999));
        assertEquals(List.of(), ConnectScenario.shortfalls(10_000, 29, 9.5, 5000), "pings are only judged up to 1,000");
    }

    @Test
    void aPingOverOneSecondAtAThousandMinionsFailsTheStorm() {
        List<String> misses = ConnectScenario.shortfalls(1000, 2.0, 1.5, 1001);
        assertEquals(1, misses.size(), misses.toString());
        assertTrue(misses.get(0).contains("1001 ms"), misses.get(0));
    }

    @Test
    void aFleetBackAfterItsTargetFailsTheStorm() {
        assertTrue(ConnectScenario.shortfalls(1000, 31.5, 2.0, 100).get(0).contains("over the 30.0 s target"));
        assertTrue(ConnectScenario.shortfalls(10_000, 31, 9.0, 100).get(0).contains("over the 30.0 s target"));
        assertNull(ConnectScenario.targetSeconds(20_000), "no target is stated past 10,000 minions");
    }

    /** Issue 27: 10,000 minions authenticated within 10 s of the master's start, whatever the pings did. */
    @Test
    void aFleetAuthenticatedAfterTenSecondsFailsTheStorm() {
        List<String> misses = ConnectScenario.shortfalls(10_000, 12, 10.5, 100);
        assertEquals(1, misses.size(), misses.toString());
        assertTrue(misses.get(0).contains("authenticated in 10.5 s, over the 10.0 s target"), misses.get(0));
        assertEquals(1, ConnectScenario.shortfalls(1000, 5, null, 100).size(), "never all authenticated");
        assertEquals(List.of(), ConnectScenario.shortfalls(20_000, 25, 40.0, 100), "none stated past 10,000");
    }
}
