package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The version a minion reports is shown only when it reads as one: a minion's grains are its own to write. */
class MinionPresenceTest {
    @Test
    void aReportedVersionIsShownAndAnythingElseIsUnknown() {
        Map<String, Map<String, Object>> grains = Map.of("web1", Map.of("brineversion", "0.2.0"),
                "odd", Map.of("brineversion", "9".repeat(200)), "none", Map.of());
        MinionPresence p = new MinionPresence(new MinionSessions(), null, Clock.systemUTC(), grains::get);
        assertEquals(Optional.of("0.2.0"), p.of("web1").version());
        assertEquals(Optional.empty(), p.of("odd").version(), "200 characters are no version");
        assertEquals(Optional.empty(), p.of("none").version());
    }
}
