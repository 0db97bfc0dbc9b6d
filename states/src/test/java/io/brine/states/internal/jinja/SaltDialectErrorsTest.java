package io.brine.states.internal.jinja;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionCaller;
import io.brine.functions.TemplateException;
import io.brine.states.DirectoryStateFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Jinja's values printed as Python prints them, and render errors worded as Salt words them, at their place. */
class SaltDialectErrorsTest {
    @TempDir
    Path dir;

    private JinjaTemplates templates() {
        return new JinjaTemplates(new DirectoryStateFiles(List.of(dir)), "m1", Map.of("os", "Debian"),
                Map.of("app", Map.of("port", 8080), "name", "web"), false, FunctionCaller.NONE);
    }

    private String render(String template) throws TemplateException {
        return templates().render(template, "init.sls", Map.of());
    }

    private String error(String template) {
        return assertThrows(TemplateException.class, () -> render(template), template).getMessage();
    }

    /**
     * An undefined value met inside a macro from another file names the macro's file and line and the missing
     * attribute, as Salt's error does, not Jinjava's "Error invoking function 'format_state'".
     */
    @Test
    void anErrorInsideAnImportedMacroNamesItsFileLineAndCause() throws Exception {
        Files.createDirectories(dir.resolve("f"));
        Files.writeString(dir.resolve("f/macros.jinja"), "{% macro format_state(x) %}\n"
                + "{%- set v = grains['saltversioninfo'] %}\n{{ x }} {{ v }}\n{% endmacro %}\n");
        for (String call : List.of("{% from 'f/macros.jinja' import format_state %}{{ format_state('a') }}",
                "{% from 'f/macros.jinja' import format_state with context %}\n{{ format_state('a') }}",
                "{% import 'f/macros.jinja' as m %}{{ m.format_state('a') }}")) {
            String message = error(call);
            assertTrue(message.endsWith("f/macros.jinja:3: Jinja variable 'dict object' has no attribute "
                    + "'saltversioninfo'"), message);
            assertFalse(message.contains("Error invoking"), message);
        }
    }

    @Test
    void valuesPrintAsPythonPrintsThem() throws TemplateException {
        assertEquals("(1, 'a')", render("{{ (1, 'a') }}"));
        assertEquals("(1,)", render("{{ (1,) }}"));
        assertEquals("[1, 'a']", render("{{ [1, 'a'] }}"));
        assertEquals("{'a': 1}", render("{{ {'a': 1} }}"));
        assertEquals("None True False", render("{{ None }} {{ True }} {{ false }}"));
        assertEquals("[None, (1, 2)]", render("{{ [None, (1, 2)] }}"));
        assertEquals("a-b", render("{{ '%s-%s' % ('a', 'b') }}"));
    }

    @Test
    void usingAnUndefinedValueIsAnErrorAsWithStrictUndefined() {
        assertEquals("init.sls:2: Jinja variable 'nope' is undefined", error("x\n{% set x = nope.x %}"));
        // Jinja's undefined value keeps the reason it is undefined through a set
        assertEquals("init.sls:2: Jinja variable 'dict object' has no attribute 'nope'",
                error("{% set x = pillar.nope %}\n{{ x }}"));
        assertEquals("init.sls:1: Jinja variable 'nope' is undefined", error("{% if nope %}y{% endif %}"));
        assertEquals("init.sls:1: Jinja variable 'dict object' has no attribute 'nope'",
                error("{% if pillar.nope %}y{% endif %}"));
        assertEquals("init.sls:1: Jinja variable 'dict object' has no attribute 'x'", error("{{ pillar.app.x.y }}"));
        assertEquals("init.sls:1: Jinja variable 'dict object' has no attribute 'x'", error("{{ pillar['app']['x'] }}"));
        assertEquals("init.sls:1: Jinja variable 'list object' has no element 5", error("{{ [1, 2][5] }}"));
        assertEquals("init.sls:1: Jinja variable 'nope' is undefined", error("{{ 'a' ~ nope }}"));
    }

    @Test
    void whatJinjaAcceptsForAnUndefinedValueStillRenders() throws TemplateException {
        assertEquals("ok", render("{% set x = pillar.nope %}ok"));
        assertEquals("d", render("{{ nope | default('d') }}"));
        assertEquals("d", render("{{ pillar.nope | default('d') }}"));
        assertEquals("n", render("{% if nope is defined %}y{% else %}n{% endif %}"));
        assertEquals("n", render("{% if pillar.nope is defined %}y{% else %}n{% endif %}"));
        assertEquals("None", render("{{ pillar.get('nope') }}"));
        assertEquals("8081", render("{{ pillar.app.port + 1 }}"));
        assertEquals("2", render("{% set ns = namespace(x=1) %}{% set ns.x = 2 %}{{ ns.x }}"));
    }

    @Test
    void errorsUseJinjasWordsWithoutJavaNames() {
        assertEquals("init.sls:1: Jinja error: 'str' object is not callable", error("{{ pillar.name() }}"));
        assertEquals("init.sls:1: Jinja error: 'str object' has no attribute 'nope'", error("{{ 'x'.nope() }}"));
        assertEquals("init.sls:1: Jinja error: 'dict object' has no attribute 'nope'", error("{{ pillar.app.nope() }}"));
        assertEquals("init.sls:1: Jinja syntax error: No filter named 'nosuch'.", error("{{ 1 | nosuch }}"));
        assertEquals("init.sls:1: Jinja syntax error: No test named 'nosuch'.", error("{% if 1 is nosuch %}{% endif %}"));
        assertEquals("init.sls:1: Problem running salt function in Jinja template: salt['nope.nope'] is not available"
                + " in templates", error("{{ salt['nope.nope']() }}"));
        assertEquals("init.sls:1: Problem running salt function in Jinja template: salt['pillar.get'] is missing its"
                + " argument 'key'", error("{{ salt['pillar.get']() }}"));
        assertTrue(error("{{ 1 + }}").startsWith("init.sls:1: Jinja syntax error: "), error("{{ 1 + }}"));
        assertTrue(error("{% for x in [1] %}").startsWith("init.sls:1: Jinja syntax error: "));
        for (String template : List.of("{{ pillar.name() }}", "{{ 'x'.nope() }}", "{{ salt['nope.nope']() }}",
                "{{ 1 | nosuch }}", "{{ 1 + }}", "{{ 'abc' | replace(1) }}")) {
            String message = error(template);
            assertFalse(message.matches("(?s).*(java\\.|com\\.hubspot|io\\.brine|Exception|PyList).*"), message);
        }
    }

    @Test
    void aLongExpressionIsCutInTheMessage() {
        String longSum = "1 + ".repeat(700);
        String message = error("{{ " + longSum + " }}");
        assertTrue(message.length() < 400, message);
    }

    @Test
    void aFaultInAnImportedFileNamesThatFileAndLine() throws Exception {
        Files.writeString(dir.resolve("map.jinja"), "{% set a = 1 %}\n{% set b = 2 %}\n{% set c = 3 %}\n"
                + "{% set m = nope.x %}\n");
        assertEquals("init.sls:2: map.jinja:4: Jinja variable 'nope' is undefined",
                error("line one\n{% from 'map.jinja' import a %}\n{{ a }}"));
        Files.writeString(dir.resolve("filters.jinja"), "{% set a = 1 %}\n\n\n{{ 1 | nosuch }}\n");
        assertEquals("init.sls:1: filters.jinja:4: Jinja syntax error: No filter named 'nosuch'.",
                error("{% import 'filters.jinja' as f %}{{ f.a }}"));
    }

    @Test
    void slsutilRendererRendersATreeFileOrAString() throws Exception {
        Files.writeString(dir.resolve("defaults.yaml"), "port: {{ pillar.app.port }}\nname: {{ who }}\n");
        assertEquals("{'port': 8080, 'name': 'x'}",
                render("{{ salt['slsutil.renderer']('salt://defaults.yaml', who='x') }}"));
        assertEquals("8080", render("{{ salt['slsutil.renderer'](path='brine://defaults.yaml', who='y').port }}"));
        assertEquals("8080", render("{{ salt['slsutil.renderer'](path='defaults.yaml', who='y')['port'] }}"));
        assertEquals("{'a': 2}", render("{{ salt['slsutil.renderer'](string='a: {{ 1 + 1 }}') }}"));
        assertEquals("x 3", render("{{ salt['slsutil.renderer'](string='x {{ v }}', default_renderer='jinja', v=3) }}"));
        assertEquals("{'b': '{{ no }}'}", render("{{ salt['slsutil.renderer'](string='#!yaml\\nb: \"{{ no }}\"') }}"));
        assertTrue(error("{{ salt['slsutil.renderer']('salt://absent.yaml') }}").contains("absent.yaml"));
        assertTrue(error("{{ salt['slsutil.renderer']('/etc/passwd') }}").contains("state tree only"));
        assertTrue(error("{{ salt['slsutil.renderer']() }}").contains("either path or string"));
    }
}
