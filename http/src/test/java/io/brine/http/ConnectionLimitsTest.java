package io.brine.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Limits derived from others stay limits that lock nobody out. */
class ConnectionLimitsTest {
    private static final Duration HALF = Duration.ofMillis(500);
    private static final Duration FIVE = Duration.ofSeconds(5);

    @Test
    void aWiderShareForOneAddressWidensTheTotalAndTheCeilingOnlyWhereNeeded() {
        assertEquals(new ConnectionLimits(16, 16, 16, HALF, 0, FIVE),
                new ConnectionLimits(8, 8, 8, HALF, 0, FIVE).withWaitingPerAddress(16));
        assertEquals(new ConnectionLimits(16, 256, 4096, HALF, 256, FIVE),
                new ConnectionLimits(32, 256, 4096, HALF, 256, FIVE).withWaitingPerAddress(16));
    }

    @Test
    void aDeadlineOrGraceThatWouldCloseEveryNewConnectionIsRefused() {
        ConnectionLimits api = new ConnectionLimits(32, 256, 4096, HALF, 256, FIVE);
        assertEquals(Duration.ofSeconds(1), api.withHeaderDeadline(Duration.ofSeconds(1)).headerDeadline());
        assertEquals(Duration.ZERO, api.withGrace(Duration.ZERO).grace());
        assertThrows(IllegalArgumentException.class, () -> api.withHeaderDeadline(HALF));
        assertThrows(IllegalArgumentException.class, () -> api.withGrace(FIVE));
        assertThrows(IllegalArgumentException.class, () -> api.withGrace(Duration.ofMillis(-1)));
        assertThrows(IllegalArgumentException.class, () -> new ConnectionLimits(32, 256, 4096, HALF, -1, FIVE));
        assertThrows(NullPointerException.class, () -> new ConnectionLimits(32, 256, 4096, null, 0, FIVE));
    }
}
