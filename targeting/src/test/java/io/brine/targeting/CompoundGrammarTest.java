package io.brine.targeting;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class CompoundGrammarTest {
    private static final List<MinionFacts> FLEET = List.of(
            minion("web1", "Debian"), minion("web2", "RedHat"), minion("db1", "Debian"), minion("db2", "RedHat"),
            minion("canary-web1", "Debian"), minion("web(1)", "Debian"), minion("web)", "Debian"));

    private static MinionFacts minion(String id, String os) {
        return new MinionFacts(id, Map.of("os", os), Map.of());
    }

    private static String selected(String expression) {
        TargetExpression target = TargetExpression.parse(expression, "compound", Map.of());
        return FLEET.stream().filter(m -> target.match(m) == Match.MATCH).map(MinionFacts::id)
                .collect(Collectors.joining(" "));
    }

    @Test
    void theIssuesExampleSelectsDebianWebAndNonCanaryDbs() {
        assertEquals("web1 db1 db2 web(1) web)",
                selected("G@os:Debian and web* or L@db1,db2 and not E@canary-.*"));
    }

    @Test
    void andBindsTighterThanOr() {
        assertEquals("web1 db1 db2", selected("db* or web* and G@os:Debian and E@web\\d"));
        assertEquals(selected("db* or (web* and G@os:Debian and E@web\\d)"),
                selected("db* or web* and G@os:Debian and E@web\\d"));
    }

    @Test
    void notBindsTighterThanAnd() {
        assertEquals("db1", selected("not web* and G@os:Debian and not canary*"));
        assertEquals("web1 web2 db1 db2 canary-web1 web(1) web)", selected("not db1 or db1"));
    }

    @Test
    void parenthesesOverridePrecedence() {
        assertEquals("web1 db1", selected("( web1 or db* ) and G@os:Debian"));
        assertEquals("web1 db1 db2", selected("web1 or db* and ( G@os:Debian or G@os:RedHat )"));
        assertEquals("web2 db2", selected("not ( G@os:Debian )"));
    }

    @Test
    void parenthesesMayTouchTheWords() {
        assertEquals("web1 db1", selected("(web1 or db*) and G@os:Debian"));
        assertEquals("web1 db1", selected("((web1) or (db*)) and (G@os:Debian)"));
        assertEquals("db1 db2", selected("not(web* or canary*)"));
        assertEquals("web1 db1", selected("G@os:Debian and(web1 or(db1))"));
    }

    @Test
    void nestingIsArbitrarilyDeepWithinTheLimit() {
        String nested = "(".repeat(50) + "db1" + ")".repeat(50) + " or (((web2)))";
        assertEquals("web2 db1", selected(nested));
        assertEquals("db2", selected("not not not not L@db2"));
        assertEquals("web1 db2", selected("((web* and not (G@os:RedHat or E@.*[()].*)) and not canary*) or db2"));
    }

    @Test
    void aRegexKeepsItsOwnParenthesesEvenInsideAGroup() {
        assertEquals("web1 db1", selected("E@(web|db)1"));
        assertEquals("web1 db1", selected("(E@(web|db)1)"));
        assertEquals("web1 web2 db1", selected("(E@(web|db)1 or web2)"));
        assertEquals("web(1)", selected("E@web\\(1\\)"));
    }

    @Test
    void escapedParenthesisIsPartOfTheGlob() {
        assertEquals("web)", selected("web\\)"));
        assertEquals("web)", selected("(web\\))"));
        assertEquals("web(1)", selected("web\\(1\\)"));
    }

    @Test
    void whitespaceOfAnyKindSeparatesWords() {
        assertEquals("web1 db1", selected("\tweb1\nor   db1 "));
    }

    @Test
    void longChainsDoNotOverflowTheStack() {
        String chain = "nobody or ".repeat(20_000) + "db2";
        assertEquals("db2", selected(chain));
    }

    @Test
    void printsAsACanonicalCompoundThatParsesToItself() {
        String[] expressions = {
            "G@os:Debian and web* or L@db1,db2 and not E@canary-.*",
            "(a or b) and not (c and d)",
            "not not x",
            "((S@10.0.0.0/8))",
            "I@role:web and (J@x:y or P@os:deb.*)"};
        String[] canonical = {
            "G@os:Debian and web* or L@db1,db2 and not E@canary-.*",
            "(a or b) and not (c and d)",
            "not not x",
            "S@10.0.0.0/8",
            "I@role:web and (J@x:y or P@os:deb.*)"};
        for (int i = 0; i < expressions.length; i++) {
            String printed = TargetExpression.parse(expressions[i], "compound", null).toString();
            assertEquals(canonical[i], printed);
            assertEquals(printed, TargetExpression.parse(printed, "compound", null).toString());
        }
    }
}
