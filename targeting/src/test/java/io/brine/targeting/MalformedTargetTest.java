package io.brine.targeting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every malformed expression is a TargetSyntaxException whose message names the fault and its position. */
class MalformedTargetTest {

    static Stream<Arguments> malformed() {
        return Stream.of(
                arguments("", "compound", "empty target expression at position 0"),
                arguments(" \t ", "compound", "empty target expression at position 0"),
                arguments(null, "glob", "empty target expression at position 0"),
                arguments("", "grain", "empty target expression at position 0"),
                arguments("and web*", "compound", "unexpected 'and' at position 0"),
                arguments("or", "compound", "unexpected 'or' at position 0"),
                arguments("web* and", "compound", "expected a target after 'and' at position 5"),
                arguments("web* or ", "compound", "expected a target after 'or' at position 5"),
                arguments("not", "compound", "expected a target after 'not' at position 0"),
                arguments("web* and not", "compound", "expected a target after 'not' at position 9"),
                arguments("web* and or db*", "compound", "unexpected 'or' at position 9"),
                arguments("G@os:Debian and and web*", "compound", "unexpected 'and' at position 16"),
                arguments("web* db*", "compound", "expected 'and' or 'or' before 'db*' at position 5"),
                arguments("web* not db*", "compound",
                        "expected 'and' or 'or' before 'not' at position 5: write 'and not'"),
                arguments("web* (db*)", "compound", "expected 'and' or 'or' before '(' at position 5"),
                arguments("(web* or db*", "compound", "unclosed '(' at position 0"),
                arguments("web* or (db* and (x)", "compound", "unclosed '(' at position 8"),
                arguments("web*)", "compound", "unexpected ')' at position 4: no '(' to close"),
                arguments("( web* ) )", "compound", "unexpected ')' at position 9: no '(' to close"),
                arguments("()", "compound", "unexpected ')' at position 1"),
                arguments("web* and ( )", "compound", "unexpected ')' at position 11"),
                arguments("(", "compound", "expected a target after '(' at position 0"),
                arguments("X@foo", "compound", "unknown prefix 'X@' at position 0: use G@, P@, I@, J@, S@, L@, E@ or N@"),
                arguments("web* or g@os:x", "compound",
                        "unknown prefix 'g@' at position 8: use G@, P@, I@, J@, S@, L@, E@ or N@"),
                arguments("G@", "compound", "nothing after 'G@' at position 0"),
                arguments("web* and L@", "compound", "nothing after 'L@' at position 9"),
                arguments("G@os", "compound", "expected key:value in grain target 'os' at position 2"),
                arguments("os", "grain", "expected key:value in grain target 'os' at position 0"),
                arguments("x or I@role", "compound", "expected key:value in pillar target 'role' at position 7"),
                arguments("G@:Debian", "compound", "empty key in grain target ':Debian' at position 2"),
                arguments("E@web(", "compound", "invalid regular expression at position 6: Unclosed group"),
                arguments("web(", "pcre", "invalid regular expression at position 4: Unclosed group"),
                arguments("a and P@os:deb(", "compound", "invalid regular expression at position 15: Unclosed group"),
                arguments("J@a:*", "compound", "invalid regular expression at position 4: Dangling meta character '*'"),
                arguments("[z-a]", "glob", "invalid glob at position 0: Illegal character range"),
                arguments("G@x:[z-a]", "compound", "invalid glob at position 4: Illegal character range"),
                arguments("S@10.1.0.0/33", "compound",
                        "invalid subnet '10.1.0.0/33' at position 2: prefix length must be 0 to 32, not '33'"),
                arguments("10.1.0.0/", "ipcidr",
                        "invalid subnet '10.1.0.0/' at position 0: prefix length must be 0 to 32, not ''"),
                arguments("fe80::/129", "ipcidr",
                        "invalid subnet 'fe80::/129' at position 0: prefix length must be 0 to 128, not '129'"),
                arguments("S@10.1.2.0/16", "compound",
                        "invalid subnet '10.1.2.0/16' at position 2: host bits are set; did you mean 10.1.0.0/16?"),
                arguments("web1", "ipcidr", "invalid subnet 'web1' at position 0: 'web1' is not an IPv4 or IPv6 address"),
                arguments("1.2.3.4/8/8", "ipcidr",
                        "invalid subnet '1.2.3.4/8/8' at position 0: prefix length must be 0 to 32, not '8/8'"),
                arguments("N@nope", "compound", "unknown nodegroup 'nope' at position 2"),
                arguments("web\\", "compound", "nothing to escape after '\\' at position 3"),
                arguments("web\\", "glob", "nothing to escape after '\\' at position 3"),
                arguments("web\\\\\\", "pcre", "nothing to escape after '\\' at position 5"),
                arguments("L@,,", "compound", "empty list of ids at position 2"),
                arguments(" , ", "list", "empty list of ids at position 0"),
                arguments("(".repeat(101) + "x" + ")".repeat(101), "compound",
                        "nesting deeper than 100 levels at position 100"),
                arguments("not ".repeat(101) + "x", "compound", "nesting deeper than 100 levels at position 400"));
    }

    @ParameterizedTest
    @MethodSource("malformed")
    void isRejectedWithThePositionOfTheFault(String expression, String type, String message) {
        TargetSyntaxException e = assertThrows(TargetSyntaxException.class,
                () -> TargetExpression.parse(expression, type, Map.of()));
        assertEquals(message, e.getMessage());
        int position = Integer.parseInt(message.replaceAll(".* at position (\\d+).*", "$1"));
        assertEquals(position, e.position());
    }

    @Test
    void describePointsACaretAtTheFault() {
        TargetSyntaxException e = assertThrows(TargetSyntaxException.class,
                () -> TargetExpression.parse("G@os:Debian and\tand web*", "compound", null));
        assertEquals("unexpected 'and' at position 16\n"
                + "  G@os:Debian and and web*\n"
                + "                  ^", e.describe());
    }

    @Test
    void unknownTypeIsAnIllegalArgumentNamingTheValidTypes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TargetExpression.parse("web*", "regex", null));
        assertFalse(e instanceof TargetSyntaxException);
        assertEquals("unknown target type 'regex'; use glob, list, pcre, grain, grain_pcre, pillar, pillar_pcre, "
                + "ipcidr, nodegroup or compound", e.getMessage());
    }
}
