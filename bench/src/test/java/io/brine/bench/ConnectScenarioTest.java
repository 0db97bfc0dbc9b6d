package io.brine.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConnectScenarioTest {
    @Test
    void aStormWithinItsTargetsFailsNothing() {
        assertEquals(List.of(), ConnectScenario.shortfalls(1000, 2.9, 999));
        assertEquals(List.of(), ConnectScenario.shortfalls(10_000, 29, 5000), "pings are only judged up to 1,000");
    }

    @Test
    void aPingOverOneSecondAtAThousandMinionsFailsTheStorm() {
        List<String> misses = ConnectScenario.shortfalls(1000, 2.0, 1001);
        assertEquals(1, misses.size(), misses.toString());
        assertTrue(misses.get(0).contains("1001 ms"), misses.get(0));
    }

    @Test
    void aFleetBackAfterItsTargetFailsTheStorm() {
        assertTrue(ConnectScenario.shortfalls(1000, 31.5, 100).get(0).contains("over the 30.0 s target"));
        assertTrue(ConnectScenario.shortfalls(10_000, 31, 100).get(0).contains("over the 30.0 s target"));
        assertNull(ConnectScenario.targetSeconds(20_000), "no target is stated past 10,000 minions");
    }
}
