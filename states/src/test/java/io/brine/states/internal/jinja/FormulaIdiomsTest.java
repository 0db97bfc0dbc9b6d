package io.brine.states.internal.jinja;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

/**
 * Jinja that saltstack-formulas' libraries (libtofs, libmapstack, libmatchers, map.jinja, macros) write and Salt
 * renders, each with the output Salt's Jinja gives.
 */
class FormulaIdiomsTest {
    @TempDir
    Path dir;

    private String render(String template) throws TemplateException {
        JinjaTemplates t = new JinjaTemplates(new DirectoryStateFiles(List.of(dir)), "web1",
                Map.of("os_family", "Debian", "saltversioninfo", List.of(3006, 9)),
                Map.of("app", Map.of("port", 8080)), false, FunctionCaller.NONE);
        return t.render(template, "app/init.sls", Map.of("tpldir", "app"));
    }

    @Test
    void selectAndRejectWithoutATestKeepOrDropTruthyItems() throws TemplateException {
        assertEquals("salt://app/files/default", render(
                "{{ ['salt://app', '', 'files', none, 'default'] | select | join('/') }}"));
        assertEquals("['', 0]", render("{{ ['a', '', 0, 'b'] | reject | list }}"));
        assertEquals("['a']", render("{{ ['a', 'b'] | select('equalto', 'a') | list }}"));
    }

    @Test
    void filterBlocksPassTheirBodyThroughTheFilter() throws TemplateException {
        assertEquals("- a: 1\n    - b: 2", render("{% filter indent(4) %}- a: 1\n- b: 2{% endfilter %}"));
        assertEquals("HI THERE", render("{% filter upper | trim %}  hi there {% endfilter %}"));
    }

    @Test
    void keywordArgumentsSpreadFromAMapping() throws TemplateException {
        assertEquals("8080|none", render("{% set o = {'default': 'none'} %}"
                + "{{ salt['pillar.get']('app:port', **o) }}|{{ salt['pillar.get']('app:user', **o) }}"));
        assertEquals("x-y", render("{% macro m(a, b='') %}{{ a }}-{{ b }}{% endmacro %}{% set kw = {'b': 'y'} %}"
                + "{{ m('x', **kw) }}"));
    }

    @Test
    void defaultTakesJinjasBooleanFlagAndKeepsNone() throws TemplateException {
        assertEquals("{'values': {}}|x|None", render("{{ none | default({'values': {}}, boolean=True) }}|"
                + "{{ '' | d('x', true) }}|{{ none | default('x') }}"));
        assertEquals("undefined-fallback", render("{{ missing | default('undefined-fallback') }}"));
    }

    @Test
    void aTestMayFollowFilters() throws TemplateException {
        assertEquals("yes no", render("{{ 'yes' if salt['pillar.get'] | default(none) is callable else 'no' }} "
                + "{{ 'yes' if pillar.app | default(none) is none else 'no' }}"));
        assertEquals("fine", render("{% if pillar.app.port | int is not string %}fine{% endif %}"));
    }

    @Test
    void dictKeysAreExpressions() throws TemplateException {
        assertEquals("False|8080|a", render("{% set flip = {True: False, False: True} %}{{ flip.get(true) }}|"
                + "{% set k = 'port' %}{{ {k: pillar.app.port}.port }}|"
                + "{{ {'x:lookup' | regex_replace(':lookup$', ''): 'a'}.x }}"));
        assertEquals("plain", render("{{ {unset_name: 'plain'}.unset_name }}")); // Jinjava's reading, kept
    }

    @Test
    void aWordAfterADotIsAnAttributeEvenWhereELReservesIt() throws TemplateException {
        assertEquals("2 3 e", render("{% set d = {'div': 2, 'mod': 3, 'empty': 'e'} %}{{ d.div }} {{ d.mod }} "
                + "{{ d.empty }}"));
    }

    @Test
    void listsCompareItemByItemAsPythonDoes() throws TemplateException {
        assertEquals("True False True True", render("{{ grains.saltversioninfo >= [2018, 3, 1] }} "
                + "{{ grains.saltversioninfo < [3006] }} {{ [1] < [1, 0] }} {{ 2 > 1 }}"));
    }

    @Test
    void stringsAndListsRepeatByACount() throws TemplateException {
        assertEquals("sub |ab|[1, 1]|6", render("{{ 'sub ' * true }}{{ 'x' * false }}|{{ 'a' ~ 'b' * 1 }}|"
                + "{{ [1] * 2 }}|{{ 2 * 3 }}"));
        assertThrows(TemplateException.class, () -> render("{{ 'x' * 100000000 }}"));
    }

    @Test
    void partitionAndMoreStrMethods() throws TemplateException {
        assertEquals("yaml|tpl|['', '', 'plain']|True False", render("{{ 'a.tpl.yaml'.rpartition('.')[2] }}|"
                + "{{ 'a.tpl.yaml'.partition('.')[2].partition('.')[0] }}|{{ 'plain'.rpartition('.') | list }}|"
                + "{{ 'abc'.isalpha() }} {{ 'a1'.isupper() }}"));
    }

    @Test
    void saltModulesAnswerAsAttributesToo() throws TemplateException {
        assertEquals("app|app/files", render("{{ salt.file.dirname(tpldir ~ '/map.jinja') }}|"
                + "{{ salt.file.join(tpldir, 'files') }}"));
    }

    @Test
    void noneFromATemplateIsAnOmittedArgument() throws TemplateException {
        assertEquals("{'pkg': 'app'}", render("{{ salt['grains.filter_by']({'Debian': {'pkg': 'app'}},"
                + " merge=salt['pillar.get']('app:lookup', none)) }}"));
        assertEquals("{'pkg': 'app'}", render("{{ salt['grains.filter_by']({'Debian': {'pkg': 'app'}},"
                + " merge=salt['pillar.get']('app:lookup')) }}")); // '' merges nothing, as 'if merge:' in Salt
    }

    @Test
    void odictKeepsTheOrderItIsGiven() throws TemplateException {
        assertEquals("b a|z", render("{{ odict([('b', 1), ('a', 2)]).keys() | join(' ') }}|"
                + "{{ odict({'z': 0}).keys() | first }}"));
    }

    @Test
    void saltFiltersAndFunctionsFormulasUse() throws TemplateException {
        assertEquals("/etc/salt/minion.d|/abs", render("{{ '/etc/salt' | path_join('minion.d') }}|"
                + "{{ 'rel' | path_join('/abs') }}"));
        assertEquals("True False", render("{{ [1] | is_iter }} {{ 'text' | is_iter }}"));
        assertTrue(render("{{ salt['status.time']('%Y') }}").matches("\\d{4}"));
    }

    @Test
    void aFailedImportIsReportedRatherThanTheNameItLeftUndefined() throws Exception {
        Files.createDirectories(dir.resolve("app"));
        Files.writeString(dir.resolve("app/map.jinja"), "{% set app = {'x': 1} | nosuchfilter %}");
        TemplateException e = assertThrows(TemplateException.class, () -> render(
                "{% from 'app/map.jinja' import app with context %}\n{{ app.x }}"));
        assertTrue(e.getMessage().contains("nosuchfilter"), e.getMessage());
    }

    @Test
    void macrosMayCallThemselvesAsJinjaAllows() throws TemplateException {
        String printer = "{% macro show(data, depth=0) %}{% if data is mapping %}{% for item in data | dictsort %}"
                + "{{ ' ' * depth }}{{ item[0] }}:{{ show(item[1], depth=depth + 1) }}{% endfor %}"
                + "{% else %} {{ data | string }}\n{% endif %}{% endmacro %}";
        assertEquals("a: 1\nb: c: True\n d: None\n", render(printer + "{{ show({'b': {'d': none, 'c': true}, 'a': 1}) }}"));
    }

    @Test
    void dictsortGivesIndexablePairsSortedAsJinjaSortsThem() throws TemplateException {
        assertEquals("a=1 B=2 c=3|c B a|B=2", render("{% for k, v in {'c': 3, 'a': 1, 'B': 2} | dictsort %}{{ k }}={{ v }}"
                + "{{ ' ' if not loop.last }}{% endfor %}|{{ {'c': 3, 'a': 1, 'B': 2} | dictsort(reverse=true) | map('first')"
                + " | join(' ') }}|{% set p = ({'B': 2} | dictsort)[0] %}{{ p[0] }}={{ p[1] }}"));
        assertEquals("x y", render("{{ {'y': 2, 'x': 1} | dictsort(by='value') | map('first') | join(' ') }}"));
    }

    @Test
    void aKeywordArgumentTakesTheWholeExpression() throws TemplateException {
        assertEquals("[3][8080]", render("{% macro m(n=0) %}[{{ n }}]{% endmacro %}{{ m(n=2 + 1) }}"
                + "{{ m(n=pillar.app.port | int) }}"));
    }

    @Test
    void booleansAreNumbersAndPrintAsPythonPrintsThem() throws TemplateException {
        assertEquals("True True|False None", render("{{ true is number }} {{ 3 is number }}|{{ false | string }} "
                + "{{ none | string }}"));
    }

    @Test
    void filtersOverADictWorkOnItsKeysAsPythonIteratesIt() throws TemplateException {
        // each checked against Jinja2 3.1: a dict iterates as its keys, in insertion order
        String d = "{'b': 2, 'a': 1}";
        assertEquals("['a', 'b']|['b', 'a']|b,a|['a', 'b']|['B', 'A']|[['b'], ['a']]|['b', 'a']", render(
                "{{ " + d + " | sort }}|{{ " + d + " | list }}|{{ " + d + " | join(',') }}|{{ " + d
                + " | reverse | list }}|{{ " + d + " | map('upper') | list }}|{{ " + d + " | batch(1) | list }}|{{ "
                + d + " | sort(reverse=true) }}"));
        assertEquals("web1=10.0.0.1;web2=10.0.0.2;", render("{% set web = {'web2': '10.0.0.2', 'web1': '10.0.0.1'} %}"
                + "{% for id in web | sort %}{{ id }}={{ web[id] }};{% endfor %}"));
    }
}
