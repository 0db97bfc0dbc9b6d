package io.brine.states.internal.jinja.python;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionCaller;
import io.brine.functions.TemplateException;
import io.brine.states.DirectoryStateFiles;
import io.brine.states.internal.jinja.JinjaTemplates;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Python's operators and punctuation that formulas use inside Jinja, each with what Salt's Jinja renders. */
class PythonSyntaxTest {
    @TempDir
    Path dir;

    private String render(String template) throws TemplateException {
        JinjaTemplates t = new JinjaTemplates(new DirectoryStateFiles(List.of(dir)), "m1", Map.of("os", "Debian"),
                Map.of("port", 80, "pkgs", List.of("a", "b"), "app", Map.of("name", "web")), false, FunctionCaller.NONE);
        return t.render(template, "init.sls", Map.of());
    }

    @Test
    void percentFormatsAStringWithOneValueOrATuple() throws TemplateException {
        assertEquals("port 80", render("{{ 'port %s' % pillar.port }}"));
        assertEquals("a-80", render("{{ '%s-%s' % ('a', pillar.port) }}"));
        assertEquals("web:80", render("{% set t = (pillar.app.name, 80) %}{{ '%s:%d' % t }}"));
        assertEquals("['a', 'b']", render("{{ '%s' % pillar.pkgs }}")); // a list is one value, as in Python
        assertEquals("m1.conf", render("{{ '%s.conf' % grains.id }}"));
    }

    @Test
    void percentFormatsByNameFromADict() throws TemplateException {
        assertEquals("x=1 y", render("{{ '%(name)s=%(n)d %(other)s' % {'name': 'x', 'n': 1, 'other': 'y'} }}"));
        assertEquals("{'a': 1}", render("{{ '%s' % {'a': 1} }}"));
    }

    @Test
    void percentConversionsFollowPython() throws TemplateException {
        assertEquals("7 3 -3 1", render("{{ '%d %i %d %d' % (7, 3.9, -3.9, true) }}"));
        assertEquals("[  ab] [ab  ] [a]", render("{{ '[%4s] [%-4s] [%.1s]' % ('ab', 'ab', 'abc') }}"));
        assertEquals("007 +7 -07 ff 0XFF 0o10", render("{{ '%03d %+d %03d %x %#X %#o' % (7, 7, -7, 255, 255, 8) }}"));
        assertEquals("3.14 0.12 2.500000 1.500000e+03", render("{{ '%.2f %.2f %f %e' % (3.14159, 0.125, 2.5, 1500) }}"));
        assertEquals("'a' True None 100%", render("{{ '%r %s %s 100%%' % ('a', true, none) }}"));
    }

    @Test
    void percentStaysModuloForNumbers() throws TemplateException {
        assertEquals("1 0.5", render("{{ 7 % 3 }} {{ 2.5 % 1 }}"));
    }

    @Test
    void percentWithTheWrongArgumentsFailsAsPythonDoes() {
        assertMessage("not enough arguments for format string", "{{ '%s %s' % ('a',) }}");
        assertMessage("not all arguments converted during string formatting", "{{ '%s' % ('a', 'b') }}");
        assertMessage("'d' format: a number is required, not str", "{{ '%d' % 'x' }}");
        assertMessage("unsupported format character 'y'", "{{ '%y' % 1 }}");
        assertMessage("format: no key 'b' in the mapping", "{{ '%(b)s' % {'a': 1} }}");
    }

    @Test
    void trailingCommasAreAcceptedInListsTuplesAndCalls() throws TemplateException {
        assertEquals("[1, 2]", render("{{ [1, 2,] }}"));
        assertEquals("(1, 2) (1,)", render("{{ (1, 2,) }} {{ (1,) }}"));
        assertEquals("a-b", render("{{ '{}-{}'.format('a', 'b',) }}"));
        assertEquals("x", render("{% macro m(a, b) %}{{ a }}{% endmacro %}{{ m('x', 'y',) }}"));
        assertEquals("a,b,", render("{% for p in ['a', 'b',] %}{{ p }},{% endfor %}"));
    }

    @Test
    void aLoneCommaIsStillASyntaxError() {
        assertThrows(TemplateException.class, () -> render("{{ [,] }}"));
        assertThrows(TemplateException.class, () -> render("{{ [1,,] }}"));
    }

    @Test
    void tildeJoinsPythonsStrOfEachSide() throws TemplateException {
        assertEquals("xTrue xFalse x80 x['a', 'b'] xNone", render("{{ 'x' ~ true }} {{ 'x' ~ false }} {{ 'x' ~ pillar.port }}"
                + " {{ 'x' ~ pillar.pkgs }} {{ 'x' ~ none }}"));
        assertEquals("ab", render("{{ 'a' ~ 'b' }}"));
    }

    /** Each expected output is what Jinja2 3.1 renders (Salt keeps the trailing newline). */
    @Test
    void whitespaceControlTrimsOnlyTheSideItIsWrittenOn() throws TemplateException {
        assertEquals("a: True\n    - b\n", render("a: True\n    {#- note #}\n    - b\n"));
        assertEquals("a: True\n    - b\n", render("a: True\n    {# note -#}\n    - b\n"), "the right side only");
        assertEquals("ab\n", render("a\n{#- two\nlines -#}\n b\n"));
        assertEquals("x 1y\n", render("x {{ 1 -}}\n  y\n"));
        assertEquals("x1\n  y\n", render("x\n  {{- 1 }}\n  y\n"));
        assertEquals("p \nq\n", render("p {# plain #}\nq\n"));
        TemplateException e = assertThrows(TemplateException.class, () -> render("{#- c\nc #}\n{{ nope.x }}\n"));
        assertTrue(e.getMessage().contains(":3"), "line numbers stay true: " + e.getMessage());
    }

    @Test
    void aNestedDictDoesNotEndTheExpressionAtItsClosingBraces() throws TemplateException {
        assertEquals("{'a': {'b': 1}}", render("{{ {'a': {'b': 1}} }}"));
        assertEquals("{'a': 1} 1", render("{{ {'a': 1}}} {{ {'a': {'b': 1}}['a']['b'] }}"));
        assertEquals("1", render("{% set d = {'a': {'b': 1}} %}{{ d.a.b }}"));
        assertEquals("}} x", render("{{ '}}' }} {{ 'x' }}"));
    }

    @Test
    void rawBlocksCommentsAndLineNumbersAreUntouchedByBraceCounting() {
        assertDoesNotThrow(() -> assertEquals("{{ {'a': {'b': 1}} }}",
                render("{% raw %}{{ {'a': {'b': 1}} }}{% endraw %}")));
        assertDoesNotThrow(() -> assertEquals("x", render("{# {{ {'a': {'b': 1}} }} #}x")));
        TemplateException e = assertThrows(TemplateException.class,
                () -> render("{{ {'a': {'b': 1}} }}\n{{ {'c': {'d': 2}}}}\n{{ nope }}"));
        assertEquals(3, e.line(), e.getMessage());
    }

    private void assertMessage(String expected, String template) {
        TemplateException e = assertThrows(TemplateException.class, () -> render(template));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
