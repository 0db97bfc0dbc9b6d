package io.brine.states.internal.jinja.python;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brine.functions.FunctionCaller;
import io.brine.functions.TemplateException;
import io.brine.states.DirectoryStateFiles;
import io.brine.states.internal.jinja.JinjaTemplates;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Python that Salt formulas write inside Jinja, each with what Salt's Jinja renders. */
class PythonDialectTest {
    @TempDir
    Path dir;

    private String render(String template) throws TemplateException {
        JinjaTemplates t = new JinjaTemplates(new DirectoryStateFiles(List.of(dir)), "m1", Map.of("os", "Debian"),
                Map.of("flag", true, "pkgs", List.of("a", "b"), "app", Map.of("port", 80)), false, FunctionCaller.NONE);
        return t.render(template, "init.sls", Map.of());
    }

    @Test
    void booleansAndNoneRenderAsPythonDoes() throws TemplateException {
        assertEquals("True False", render("{{ true }} {{ false }}"));
        assertEquals("True", render("{{ pillar.get('flag') }}"));
        assertEquals("None", render("{{ pillar.get('nope') }}"));
        assertEquals("[True, None, 'a', 2.5]", render("{{ [true, pillar.get('nope'), 'a', 2.5] }}"));
    }

    @Test
    void listsAndDictsRenderAsPythonReprWhichYamlReadsBack() throws TemplateException {
        assertEquals("['a', 'b']", render("{{ pillar.pkgs }}"));
        assertEquals("{'port': 80}", render("{{ pillar.app }}"));
        assertEquals("[\"it's\", 'a\"b']", render("{{ [\"it's\", 'a\"b'] }}"));
    }

    @Test
    void stringMethodsHavePythonsMeaning() throws TemplateException {
        assertEquals("a-b a|n", render("{{ '{}-{}'.format('a', 'b') }} {{ '{0}|{name}'.format('a', name='n') }}"));
        assertEquals("True False", render("{{ 'web01'.startswith('web') }} {{ 'web01'.endswith(('x', 'y')) }}"));
        assertEquals("ABC abc [x]", render("{{ 'abc'.upper() }} {{ 'ABC'.lower() }} [{{ '  x \\n'.strip() }}]"));
        assertEquals("['a', 'b.c'] ['a.b', 'c'] ['a', 'b']",
                render("{{ 'a.b.c'.split('.', 1) }} {{ 'a.b.c'.rsplit('.', 1) }} {{ ' a  b '.split() }}"));
        assertEquals("a, b", render("{{ ', '.join(pillar.pkgs) }}"));
        assertEquals("yyx", render("{{ 'xxx'.replace('x', 'y', 2) }}"));
    }

    @Test
    void everyDictATemplateBuildsHasPythonsMethods() throws TemplateException {
        assertEquals("{'a': 1}", render("{% set d = {} %}{% do d.update({'a': 1}) %}{{ d }}"));
        assertEquals("None def", render("{% set d = {} %}{{ d.get('x') }} {{ d.get('x', 'def') }}"));
        assertEquals("2 {'a': 1, 'b': 2}", render("{% set d = {'a': 1} %}{{ d.setdefault('b', 2) }} {{ d }}"));
        assertEquals("[('a', 1)] ['a'] [1]", render("{% set d = {'a': 1} %}{{ d.items() }} {{ d.keys() }} {{ d.values() }}"));
        assertEquals("1 {} 5", render("{% set d = {'a': 1} %}{{ d.pop('a') }} {{ d }} {{ d.pop('z', 5) }}"));
        assertEquals("a=1,", render("{% for k, v in {'a': 1}.items() %}{{ k }}={{ v }},{% endfor %}"));
    }

    @Test
    void whatATemplateChangesInPillarStaysInThatRender() throws TemplateException {
        assertEquals("['a', 'b', 'c'] 1",
                render("{% do pillar.pkgs.append('c') %}{% do pillar.update({'new': 1}) %}{{ pillar.pkgs }} {{ pillar.new }}"));
        assertEquals("['a', 'b'] None", render("{{ pillar.pkgs }} {{ pillar.get('new') }}"));
    }

    @Test
    void trailingCommasInDictLiteralsAreAccepted() throws TemplateException {
        assertEquals("{'a': 1}", render("{{ {'a': 1,} }}"));
    }
}
