package io.brine.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Salt's nested outputter, as Salt users read it. */
class NestedTextTest {
    @Test
    void mapsHaveARuleAndTheirValuesIndentedBelowTheirKeys() {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("pid", 42);
        inner.put("stdout", "up");
        Map<String, Object> outer = new LinkedHashMap<>();
        outer.put("cmd", inner);
        outer.put("ok", true);
        assertEquals("    ----------\n"
                + "    cmd:\n"
                + "        ----------\n"
                + "        pid:\n"
                + "            42\n"
                + "        stdout:\n"
                + "            up\n"
                + "    ok:\n"
                + "        True\n", NestedText.render(outer, 1));
    }

    @Test
    void listsShowScalarsAfterADashAndNestedValuesBelowOne() {
        assertEquals("- a\n"
                + "- False\n"
                + "-\n"
                + "    - b\n"
                + "-\n"
                + "    ----------\n"
                + "    k:\n"
                + "        v\n", NestedText.render(List.of("a", false, List.of("b"), Map.of("k", "v")), 0));
    }

    @Test
    void scalarsReadAsSaltPrintsThemAndEveryLineOfATextIsIndented() {
        assertEquals("    None\n", NestedText.render(null, 1));
        assertEquals("    True\n", NestedText.render(true, 1));
        assertEquals("    <3 bytes>\n", NestedText.render(new byte[3], 1));
        assertEquals("    one\n    two\n    \n", NestedText.render("one\ntwo\n", 1));
        assertEquals("- None\n", NestedText.render(Arrays.asList((Object) null), 0));
    }
}
