package io.brine.targeting;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.PatternSyntaxException;
import org.junit.jupiter.api.Test;

class GlobTest {

    private static boolean matches(String glob, String text) {
        return Glob.compile(glob, false).test(text);
    }

    @Test
    void starAndQuestionMarkCrossDotsAndDashes() {
        assertTrue(matches("*", ""));
        assertTrue(matches("w*1", "web-1.example.com1"));
        assertTrue(matches("w?b", "w.b"));
        assertFalse(matches("w?b", "wb"));
    }

    @Test
    void unclosedBracketIsLiteralAsInFnmatch() {
        assertTrue(matches("web[1", "web[1"));
        assertTrue(matches("[]", "[]"));
        assertFalse(matches("web[1", "web1"));
    }

    @Test
    void closingBracketFirstInAClassIsAMember() {
        assertTrue(matches("[]a]", "]"));
        assertTrue(matches("[!]a]", "b"));
        assertFalse(matches("[!]a]", "]"));
    }

    @Test
    void regexSyntaxInsideClassesStaysLiteral() {
        assertTrue(matches("[a&&b]", "&"));
        assertTrue(matches("[a&&b]", "b"));
        assertTrue(matches("[^x]", "^"));
        assertFalse(matches("[^x]", "y"));
        assertTrue(matches("[-a]", "-"));
        assertTrue(matches("[a-]", "-"));
        assertTrue(matches("[a-c]", "b"));
        assertFalse(matches("[a-c]", "-"));
    }

    @Test
    void regexMetacharactersOutsideClassesAreLiteral() {
        assertTrue(matches("a.b+c$(d)|{e}^*", "a.b+c$(d)|{e}^zz"));
        assertFalse(matches("a.b", "axb"));
    }

    @Test
    void backslashMakesTheNextCharacterLiteral() {
        assertTrue(matches("web\\*", "web*"));
        assertFalse(matches("web\\*", "web1"));
        assertTrue(matches("\\[x]", "[x]"));
        assertTrue(matches("[\\]]*", "]x"));
        assertTrue(matches("a\\\\*", "a\\b"));
        assertTrue(matches("a\\\\", "a\\"));
    }

    @Test
    void caseIsIgnoredOnlyWhenAsked() {
        assertTrue(Glob.compile("deb*", true).test("Debian"));
        assertTrue(Glob.compile("debian", true).test("DEBIAN"));
        assertFalse(Glob.compile("deb*", false).test("Debian"));
    }

    @Test
    void reversedRangeIsRejected() {
        assertThrows(PatternSyntaxException.class, () -> Glob.compile("[z-a]", false));
    }
}
