package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TagPatternTest {
    @Test
    void aStarStaysWithinOneSegment() {
        TagPattern start = TagPattern.compile("brine/minion/*/start");
        assertTrue(start.matches("brine/minion/web1/start"));
        assertFalse(start.matches("brine/minion/web1/event/start"), "a minion's posted event is not its start");
        assertTrue(TagPattern.compile("brine/job/*/ret/*").matches("brine/job/2026/ret/web1"));
        assertFalse(TagPattern.compile("brine/job/*").matches("brine/job/2026/ret/web1"));
    }

    @Test
    void aDoubleStarCrossesSegments() {
        assertTrue(TagPattern.compile("brine/job/**").matches("brine/job/2026/ret/web1"));
        assertTrue(TagPattern.compile("**").matches("brine/minion/web1/event/deploy/done"));
        assertTrue(TagPattern.compile("brine/**/ready").matches("brine/minion/web1/event/ready"));
        assertFalse(TagPattern.compile("brine/**/ready").matches("brine/minion/web1/event/ready-not"));
    }

    @Test
    void noPatternOrAnEmptyOneMatchesEverything() {
        assertTrue(TagPattern.compile(null).matches("brine/minion/web1/start"));
        assertTrue(TagPattern.compile("").matches("a/b/c"));
    }

    @Test
    void aQuestionMarkIsOneCharacterButNeverASlash() {
        assertTrue(TagPattern.compile("brine/key/web?/accept").matches("brine/key/web1/accept"));
        assertFalse(TagPattern.compile("brine/key/web?accept").matches("brine/key/web/accept"));
        assertFalse(TagPattern.compile("brine/key/web?/accept").matches("brine/key/web12/accept"));
    }

    @Test
    void otherCharactersAreLiteral() {
        assertTrue(TagPattern.compile("a.b+c(d)[e]").matches("a.b+c(d)[e]"));
        assertFalse(TagPattern.compile("a.b").matches("axb"));
    }

    /** Ten stars froze the bus for two minutes as a regular expression; here the cost is bounded by the sizes. */
    @Test
    void manyStarsCostAtMostTheTagLengthTimesThePatternLength() {
        String pattern = "a*".repeat(30) + "b";
        String tag = "a".repeat(5000);
        TagPattern p = TagPattern.compile(pattern);
        assertFalse(p.matches(tag));
        long bound = (tag.length() + 1L) * 2 * (pattern.length() + 1);
        assertTrue(p.steps(tag) <= bound, p.steps(tag) + " steps, bound " + bound);
        assertTrue(TagPattern.compile("**/**/**/**/**/**/**/**/**/**/x").steps("/".repeat(2000) + "y") <= 2001L * 2 * 40);
    }

    @Test
    void overlongPatternsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> TagPattern.compile("x".repeat(TagPattern.MAX_LENGTH + 1)));
    }
}
