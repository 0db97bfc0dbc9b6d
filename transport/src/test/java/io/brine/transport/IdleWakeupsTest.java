package io.brine.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class IdleWakeupsTest {
    @Test
    void emptyWakeupsAreCountedAndBackOffUpToTheCap() {
        IdleWakeups idle = new IdleWakeups();
        idle.after(true, false);
        assertEquals(1, idle.count());
        assertEquals(2 * IdleWakeups.FIRST_PAUSE_NANOS, idle.nextPauseNanos());
        for (int i = 0; i < 10; i++) {
            idle.after(true, false);
        }
        assertEquals(11, idle.count());
        assertEquals(IdleWakeups.MAX_PAUSE_NANOS, idle.nextPauseNanos());
    }

    @Test
    void workOrATimeoutEndsTheBackOffWithoutPausing() {
        IdleWakeups idle = new IdleWakeups();
        idle.after(true, false);
        idle.after(true, false);
        idle.after(true, true);
        assertEquals(IdleWakeups.FIRST_PAUSE_NANOS, idle.nextPauseNanos());
        idle.after(true, false);
        idle.after(false, false);
        assertEquals(IdleWakeups.FIRST_PAUSE_NANOS, idle.nextPauseNanos());
        assertEquals(3, idle.count());
    }
}
