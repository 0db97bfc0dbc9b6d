package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The facts remembered for late returns are bounded by the ids they hold, the least lately used let go first. */
class LateJobFactsTest {
    private static LateJobFacts.Facts job(int minions) {
        return new LateJobFacts.Facts("alice", 1L, IntStream.range(0, minions).mapToObj(i -> "m" + i)
                .collect(Collectors.toSet()));
    }

    @Test
    void theLeastLatelyUsedJobGoesWhenTheIdsPassTheBound() {
        LateJobFacts facts = new LateJobFacts(10);
        facts.put("j1", job(4));
        facts.put("j2", job(4));
        assertNotNull(facts.get("j1")); // j1 used lately: j2 is now the one to go
        facts.put("j3", job(4));
        assertNull(facts.get("j2"), "12 ids over a bound of 10: the least lately used job went");
        assertNotNull(facts.get("j1"));
        assertNotNull(facts.get("j3"));
        assertEquals(2, facts.size());
    }

    @Test
    void aJobLargerThanTheBoundIsNotKeptAndClearForgetsAll() {
        LateJobFacts facts = new LateJobFacts(10);
        facts.put("small", job(3));
        facts.put("huge", job(11));
        assertNull(facts.get("huge"));
        assertEquals(Set.of("m0", "m1", "m2"), facts.get("small").expected());
        facts.clear();
        assertNull(facts.get("small"));
        facts.put("again", job(10));
        assertNotNull(facts.get("again"), "the count of ids started over");
    }
}
