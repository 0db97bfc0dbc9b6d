package io.brine.targeting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class IdTargetsTest {
    private static final List<String> FLEET = List.of("web1", "web2", "web10", "db1", "db2", "canary-web1",
            "Web3", "web.example.com", "and", "a b", "x*y", "x(1)", "a,b");

    /** The ids of FLEET that the expression matches, in fleet order. */
    static String selected(String expression, String type) {
        TargetExpression target = TargetExpression.parse(expression, type, Map.of());
        return FLEET.stream().filter(id -> target.match(MinionFacts.idOnly(id)) == Match.MATCH)
                .collect(Collectors.joining(" "));
    }

    @Test
    void globIsTheDefaultTypeAndIsCaseSensitive() {
        assertEquals("web1 web2 web10 web.example.com", selected("web*", null));
        assertEquals("web1 web2 web10 web.example.com", selected("web*", "GLOB"));
    }

    @Test
    void globSupportsQuestionMarkAndClasses() {
        assertEquals("web1 web2", selected("web?", "glob"));
        assertEquals("web1 db1 canary-web1", selected("*[b]1", "glob"));
        assertEquals("web2", selected("web[!1]", "glob"));
        assertEquals("web1 web2 Web3", selected("[wW]eb[1-3]", "glob"));
    }

    @Test
    void globDotIsLiteral() {
        assertEquals("web.example.com", selected("web.*.com", "glob"));
        assertEquals("", selected("web1.", "glob"));
    }

    @Test
    void listMatchesExactIdsIgnoringBlanksAroundCommas() {
        assertEquals("web1 db2", selected("web1, db2,", "list"));
        assertEquals("web1 db2", selected("L@web1,db2", "compound"));
        assertEquals("", selected("web", "list"));
    }

    @Test
    void pcreMustMatchTheWholeId() {
        assertEquals("web1 web2 web10", selected("web\\d+", "pcre"));
        assertEquals("", selected("web", "pcre"));
        assertEquals("canary-web1", selected("E@canary-.*", "compound"));
    }

    @Test
    void typeNamesAreSaltsAndCaseInsensitive() {
        assertEquals("db1", selected("db1", "List"));
        assertEquals("db1", selected("db1", "compound"));
    }

    @Test
    void escapesMakeWildcardsSpacesAndOperatorsLiteral() {
        assertEquals("x*y", selected("x\\*y", "glob"));
        assertEquals("x*y", selected("x\\*y", "compound"));
        assertEquals("and", selected("\\and", "compound"));
        assertEquals("a b", selected("a\\ b", "compound"));
        assertEquals("a b", selected("a b", "glob"));
        assertEquals("x(1)", selected("x\\(1\\)", "compound"));
        assertEquals("x(1)", selected("L@x(1)", "compound"));
        assertEquals("x(1)", selected("E@x\\(1\\)", "compound"));
        assertEquals("db1 a,b", selected("L@a\\,b,db1", "compound"));
        assertEquals("a,b", selected("a\\,b", "list"));
    }

    @Test
    void idTermsNeverNeedFacts() {
        TargetExpression t = TargetExpression.parse("web* or L@a,b or E@x.*", "compound", null);
        assertFalse(t.needsGrains());
        assertFalse(t.needsPillar());
    }
}
