package io.brine.functions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brine.functions.Param.Type;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArgumentsTest {
    private static final List<Param> FIND = List.of(
            Param.required("path", Type.STRING, "where to look"),
            Param.optional("type", Type.STRING, null, "f, d or l, or several").matching("[fdl]+"),
            Param.optional("form", Type.STRING, "sha256", "digest").oneOfIgnoringCase("md5", "sha256"),
            Param.optional("format", Type.STRING, "yaml", "how to write").oneOf("yaml", "json"),
            Param.optional("maxdepth", Type.INTEGER, null, "how deep").between(0, 64),
            Param.optional("flags", Type.STRING_LIST, List.of("M"), "regex flags").oneOf("I", "M", "S"));

    @Test
    void valuesWithinTheirDeclarationsAreBound() throws Exception {
        Arguments a = Arguments.bind("file.find", FIND, List.of("/srv", "fd", "SHA256"),
                Map.of("maxdepth", "64", "flags", "I"));
        assertEquals("fd", a.string("type"));
        assertEquals("SHA256", a.string("form"));
        assertEquals(64L, a.integer("maxdepth"));
        assertEquals(List.of("I"), a.strings("flags"));
        assertEquals("yaml", a.string("format"));
    }

    @Test
    void aValueOutsideItsChoicesIsRefusedNamingTheArgumentTheValueAndTheChoices() {
        assertEquals("file.find: argument 'format' must be yaml or json, got 'JSON'",
                refusal(Map.of("format", "JSON")));
        assertEquals("file.find: argument 'form' must be md5 or sha256 (in any case), got 'crc32'",
                refusal(Map.of("form", "crc32")));
        assertEquals("file.find: argument 'flags' must be I, M or S, got 'X'",
                refusal(Map.of("flags", List.of("I", "X"))));
    }

    @Test
    void aNumberOutsideItsBoundsOrTextNotMatchingItsPatternIsRefused() {
        assertEquals("file.find: argument 'maxdepth' must be between 0 and 64, got 65",
                refusal(Map.of("maxdepth", 65)));
        assertEquals("file.find: argument 'type' must match [fdl]+, got 'fx'", refusal(Map.of("type", "fx")));
    }

    @Test
    void aDeclarationItsTypeCannotHaveOrWhoseDefaultItRefusesIsAProgrammingError() {
        assertThrows(IllegalArgumentException.class,
                () -> Param.optional("form", Type.STRING, "crc", "").oneOf("md5", "sha256"));
        assertThrows(IllegalArgumentException.class, () -> Param.optional("n", Type.STRING, null, "").atLeast(1));
        assertThrows(IllegalArgumentException.class, () -> Param.optional("m", Type.MAP, null, "").oneOf("a"));
        assertThrows(IllegalArgumentException.class, () -> Param.optional("t", Type.STRING, null, "").matching("("));
    }

    @Test
    void constraintsAddUpAndLeaveTheDeclarationTheyCameFromAsItWas() {
        Param plain = new Param("count", Type.INTEGER, false, 0L, "how many");
        Param bounded = plain.atLeast(0).atMost(10);
        assertEquals("between 0 and 10", bounded.allowed().describe());
        assertEquals(true, plain.allowed().isNone());
        assertEquals(12L, plain.coerce("12"));
    }

    @Test
    void aRestParameterCollectsThePositionalArgumentsLeftOver() throws Exception {
        List<Param> write = List.of(Param.required("path", Type.STRING, "file"),
                Param.optional("args", Type.STRING_LIST, null, "lines").collectingRest());
        assertEquals(List.of("a", "b", "c"),
                Arguments.bind("file.write", write, List.of("/f", "a", "b", "c"), Map.of()).strings("args"));
        assertEquals(List.of("a"), Arguments.bind("file.write", write, List.of("/f", "a"), Map.of()).strings("args"));
        assertEquals(List.of("a", "b"), Arguments.bind("file.write", write, List.of("/f", List.of("a", "b")), Map.of())
                .strings("args"));
        assertEquals(List.of(), Arguments.bind("file.write", write, List.of("/f"), Map.of()).strings("args"));
        assertThrows(IllegalArgumentException.class, () -> Param.optional("x", Type.STRING, null, "").collectingRest());
        List<Param> misplaced = List.of(Param.optional("args", Type.LIST, null, "").collectingRest(),
                Param.required("path", Type.STRING, ""));
        assertThrows(IllegalArgumentException.class,
                () -> Arguments.bind("bad.decl", misplaced, List.of("/f"), Map.of()));
    }

    private static String refusal(Map<String, Object> kwargs) {
        return assertThrows(FunctionException.class,
                () -> Arguments.bind("file.find", FIND, List.of("/srv"), kwargs)).getMessage();
    }
}
