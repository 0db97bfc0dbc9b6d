package io.brine.targeting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NodegroupTest {
    private static final Map<String, String> GROUPS = Map.of(
            "web", "web* and not canary*",
            "debian", "G@os:Debian",
            "debian_web", "N@web and N@debian",
            "dbs", "L@db1,db2",
            "all", "N@debian_web or (N@dbs)");
    private static final MinionFacts WEB1 = new MinionFacts("web1", Map.of("os", "Debian"), null);
    private static final MinionFacts WEB2 = new MinionFacts("web2", Map.of("os", "RedHat"), null);
    private static final MinionFacts DB1 = new MinionFacts("db1", Map.of("os", "RedHat"), null);

    private static TargetExpression parse(String expression, String type, Map<String, String> groups) {
        return TargetExpression.parse(expression, type, groups);
    }

    @Test
    void nodegroupTypeLooksUpTheNameAndParsesItsCompoundExpression() {
        TargetExpression web = parse("web", "nodegroup", GROUPS);
        assertEquals(Match.MATCH, web.match(WEB1));
        assertEquals(Match.NO_MATCH, web.match(MinionFacts.idOnly("canary-web")));
        assertEquals("N@web", web.toString());
    }

    @Test
    void nodegroupsNestAndCombineInCompounds() {
        TargetExpression all = parse("N@all", "compound", GROUPS);
        assertEquals(Match.MATCH, all.match(WEB1));
        assertEquals(Match.NO_MATCH, all.match(WEB2));
        assertEquals(Match.MATCH, all.match(DB1));
        assertTrue(all.needsGrains());
        assertEquals(Match.NO_MATCH, parse("N@all and not N@dbs", "compound", GROUPS).match(DB1));
    }

    @Test
    void aNodegroupIsAGroupSoItsOrDoesNotLeakIntoTheCaller() {
        Map<String, String> groups = Map.of("either", "web1 or db1");
        // N@either and G@os:Debian must mean (web1 or db1) and G@os:Debian, not web1 or (db1 and ...).
        assertEquals(Match.NO_MATCH, parse("N@either and G@os:Debian", "compound", groups).match(DB1));
        assertEquals(Match.MATCH, parse("N@either and G@os:Debian", "compound", groups).match(WEB1));
    }

    @Test
    void unknownNodegroupIsASyntaxErrorAtItsName() {
        TargetSyntaxException e = assertThrows(TargetSyntaxException.class,
                () -> parse("web* or N@nope", "compound", GROUPS));
        assertEquals("unknown nodegroup 'nope' at position 10", e.getMessage());
        assertEquals(10, e.position());
        assertThrows(TargetSyntaxException.class, () -> parse("nope", "nodegroup", GROUPS));
        assertThrows(TargetSyntaxException.class, () -> parse("N@web", "compound", null));
    }

    @Test
    void selfReferenceIsACycle() {
        TargetSyntaxException e = assertThrows(TargetSyntaxException.class,
                () -> parse("N@loop", "compound", Map.of("loop", "web1 or N@loop")));
        assertEquals(2, e.position());
        assertTrue(e.getMessage().contains("nodegroup cycle loop -> loop"), e.getMessage());
    }

    @Test
    void indirectCycleNamesTheWholeChain() {
        Map<String, String> groups = Map.of("a", "x or N@b", "b", "(N@c)", "c", "N@a and y");
        TargetSyntaxException e = assertThrows(TargetSyntaxException.class, () -> parse("y and N@a", "compound", groups));
        assertEquals(8, e.position());
        assertTrue(e.getMessage().startsWith("invalid nodegroup 'a' at position 8: in \"x or N@b\", "), e.getMessage());
        assertTrue(e.getMessage().contains("nodegroup cycle a -> b -> c -> a"), e.getMessage());
    }

    @Test
    void aNodegroupUsedTwiceIsNotACycle() {
        Map<String, String> groups = Map.of("x", "web1", "twice", "N@x or N@x");
        assertEquals(Match.MATCH, parse("N@twice and N@x", "compound", groups).match(WEB1));
    }

    @Test
    void nestingIsBounded() {
        Map<String, String> groups = new HashMap<>();
        for (int i = 0; i < 20; i++) {
            groups.put("g" + i, "N@g" + (i + 1));
        }
        groups.put("g20", "web1");
        assertEquals(Match.MATCH, parse("N@g11", "compound", groups).match(WEB1));
        TargetSyntaxException e = assertThrows(TargetSyntaxException.class, () -> parse("N@g0", "compound", groups));
        assertTrue(e.getMessage().contains("nodegroups nested deeper than 10"), e.getMessage());
    }

    @Test
    void malformedDefinitionIsReportedAtTheReferenceWithTheInnerFault() {
        Map<String, String> groups = Map.of("bad", "web* and", "empty", " ");
        TargetSyntaxException e = assertThrows(TargetSyntaxException.class, () -> parse("db1 or N@bad", "compound", groups));
        assertEquals("invalid nodegroup 'bad' at position 9: in \"web* and\", expected a target after 'and' at position 5",
                e.getMessage());
        assertThrows(TargetSyntaxException.class, () -> parse("N@empty", "compound", groups));
    }
}
