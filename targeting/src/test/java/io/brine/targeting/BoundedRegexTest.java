package io.brine.targeting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A caller's regex or glob that backtracks without end gives up on the value instead of holding the master's worker;
 * linear ones match values of any size as before. The timeout is a hang check (the patterns below take hours
 * unbounded), not a speed measurement.
 */
class BoundedRegexTest {
    private static Match match(String expression, String type, Map<String, Object> grains) {
        return TargetExpression.parse(expression, type, Map.of()).match(new MinionFacts("web1", grains, Map.of()));
    }

    @Test
    void catastrophicPatternsGiveUpAsNoMatch() {
        Map<String, Object> grains = Map.of("junk", "a".repeat(5_000), "big", "ab".repeat(500_000));
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            assertEquals(Match.NO_MATCH, match("junk:(a|aa)*b", "grain_pcre", grains));
            assertEquals(Match.NO_MATCH, match("G@junk:*a*a*a*a*a*a*b", "compound", grains));
            assertEquals(Match.NO_MATCH, match("E@(a|aa)*b", "compound", Map.of()));
        });
    }

    @Test
    void linearPatternsStillMatchLargeValues() {
        Map<String, Object> grains = Map.of("big", "ab".repeat(500_000) + "end");
        assertEquals(Match.MATCH, match("big:.*end", "grain_pcre", grains));
        assertEquals(Match.MATCH, match("big:*ab*end", "grain", grains));
        assertEquals(Match.MATCH, match("big:(ab)*end", "grain_pcre", grains));
        assertEquals(Match.MATCH, match("web[0-9]", "pcre", Map.of()));
    }
}
