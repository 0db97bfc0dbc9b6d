package io.brine.targeting;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A minion whose grains or pillar the master lacks is UNKNOWN unless the rest of the expression decides it. */
class UnknownFactsTest {
    private static final MinionFacts NOTHING_CACHED = MinionFacts.idOnly("web1");
    private static final MinionFacts GRAINS_ONLY = new MinionFacts("web1", Map.of("os", "Debian"), null);

    private static Match match(String expression, MinionFacts facts) {
        return TargetExpression.parse(expression, "compound", Map.of()).match(facts);
    }

    @Test
    void aGrainTermOnUnknownGrainsIsUnknown() {
        assertEquals(Match.UNKNOWN, match("G@os:Debian", NOTHING_CACHED));
        assertEquals(Match.UNKNOWN, match("P@os:.*", NOTHING_CACHED));
        assertEquals(Match.UNKNOWN, match("S@10.0.0.0/8", NOTHING_CACHED));
        assertEquals(Match.UNKNOWN, TargetExpression.parse("os:Debian", "grain", null).match(NOTHING_CACHED));
    }

    @Test
    void aPillarTermOnUnknownPillarIsUnknownEvenWithGrains() {
        assertEquals(Match.UNKNOWN, match("I@role:web", GRAINS_ONLY));
        assertEquals(Match.UNKNOWN, match("J@role:w.*", GRAINS_ONLY));
        assertEquals(Match.MATCH, match("G@os:Debian", GRAINS_ONLY));
    }

    @Test
    void orIsDecidedByAnyMatch() {
        assertEquals(Match.MATCH, match("web1 or G@x:y", NOTHING_CACHED));
        assertEquals(Match.MATCH, match("G@x:y or web1", NOTHING_CACHED));
        assertEquals(Match.UNKNOWN, match("db1 or G@x:y", NOTHING_CACHED));
    }

    @Test
    void andIsDecidedByAnyMismatch() {
        assertEquals(Match.NO_MATCH, match("G@x:y and db*", NOTHING_CACHED));
        assertEquals(Match.NO_MATCH, match("db* and G@x:y", NOTHING_CACHED));
        assertEquals(Match.UNKNOWN, match("web* and G@x:y", NOTHING_CACHED));
    }

    @Test
    void notKeepsUnknownUnknown() {
        assertEquals(Match.UNKNOWN, match("not G@x:y", NOTHING_CACHED));
        assertEquals(Match.UNKNOWN, match("web* and not G@os:canary", NOTHING_CACHED));
        assertEquals(Match.NO_MATCH, match("not web1 and not G@x:y", NOTHING_CACHED));
    }

    @Test
    void kleeneTruthTablesHold() {
        String[] values = {"web1", "db1", "G@x:y"}; // MATCH, NO_MATCH, UNKNOWN for NOTHING_CACHED
        Match[] of = {Match.MATCH, Match.NO_MATCH, Match.UNKNOWN};
        Match[][] and = {
            {Match.MATCH, Match.NO_MATCH, Match.UNKNOWN},
            {Match.NO_MATCH, Match.NO_MATCH, Match.NO_MATCH},
            {Match.UNKNOWN, Match.NO_MATCH, Match.UNKNOWN}};
        Match[][] or = {
            {Match.MATCH, Match.MATCH, Match.MATCH},
            {Match.MATCH, Match.NO_MATCH, Match.UNKNOWN},
            {Match.MATCH, Match.UNKNOWN, Match.UNKNOWN}};
        for (int a = 0; a < 3; a++) {
            assertEquals(of[a], match(values[a], NOTHING_CACHED));
            for (int b = 0; b < 3; b++) {
                String pair = values[a] + " / " + values[b];
                assertEquals(and[a][b], match(values[a] + " and " + values[b], NOTHING_CACHED), pair);
                assertEquals(or[a][b], match(values[a] + " or " + values[b], NOTHING_CACHED), pair);
            }
        }
    }

    @Test
    void knownButEmptyGrainsAreAMismatchNotUnknown() {
        assertEquals(Match.NO_MATCH, match("G@os:Debian", new MinionFacts("web1", Map.of(), Map.of())));
        assertEquals(Match.NO_MATCH, match("S@10.0.0.0/8", new MinionFacts("web1", Map.of(), Map.of())));
    }
}
