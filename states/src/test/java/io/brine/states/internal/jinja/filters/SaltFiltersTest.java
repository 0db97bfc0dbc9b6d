package io.brine.states.internal.jinja.filters;

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

/** Salt's filters and tests, each with the output Salt documents for it (salt/doc/topics/jinja). */
class SaltFiltersTest {
    @TempDir
    Path dir;

    private String render(String template) throws TemplateException {
        JinjaTemplates t = new JinjaTemplates(new DirectoryStateFiles(List.of(dir)), "m1", Map.of("os", "Debian"),
                Map.of("app", Map.of("ports", List.of(80, 443))), false, FunctionCaller.NONE);
        return t.render(template, "init.sls", Map.of());
    }

    @Test
    void jsonAndTojsonWriteSortedJsonAsPythonDoes() throws TemplateException {
        assertEquals("{\"a\": true, \"b\": [1, 2], \"c\": null}", render("{{ {'b': [1, 2], 'a': true, 'c': None} | json }}"));
        assertEquals("{\"b\": \"\\u003cx\\u003e\"}", render("{{ {'b': '<x>'} | tojson }}"));
    }

    @Test
    void yamlIsFlowStyleByDefaultAndBlockOnRequest() throws TemplateException {
        assertEquals("{bar: 42, baz: [1, 2, 3], foo: true, qux: 2.0}",
                render("{{ {'foo': true, 'bar': 42, 'baz': [1, 2, 3], 'qux': 2.0} | yaml }}"));
        assertEquals("bar: 42\nbaz:\n- 1\n- 2", render("{{ {'bar': 42, 'baz': [1, 2]} | yaml(False) }}"));
        assertEquals("{s: \"yes\", v: \"42\"}",
                render("{{ {'s': 'yes', 'v': '42'} | yaml }}")); // strings YAML would read as other types stay strings
    }

    @Test
    void yamlScalarFiltersQuoteSoYamlReadsTheSameValueBack() throws TemplateException {
        assertEquals("7 null true \"plain\"", render("{{ 7 | yaml_encode }} {{ None | yaml_encode }} "
                + "{{ true | yaml_encode }} {{ 'plain' | yaml_encode }}")); // Salt double-quotes every string
        assertEquals("- contents: \"/var/log/*.log {\\n  weekly\\n}\"", render(
                "- contents: {{ '/var/log/*.log {\n  weekly\n}' | yaml_encode }}")); // one line, whatever the text
        assertEquals("\"a \\\"b\\\"\\\\c\" 'it''s'", render("{{ 'a \"b\"\\\\c' | yaml_dquote }} {{ \"it's\" | yaml_squote }}"));
    }

    @Test
    void loadYamlAndLoadJsonGiveDataBack() throws TemplateException {
        assertEquals("['x', 'y']", render("{{ ('a: 1\\nb: [x, y]' | load_yaml).b }}"));
        assertEquals("[1, True] 1", render("{% set d = '{\"a\": [1, true]}' | load_json %}{{ d.a }} {{ d.get('a')[0] }}"));
    }

    @Test
    void dictToSlsYamlParamsWritesAStatesParameterList() throws TemplateException {
        assertEquals("- name: thing\n- changes: true\n- warnings: OMG! Stuff is happening!",
                render("{{ {'name': 'thing', 'changes': true, 'warnings': 'OMG! Stuff is happening!'} | dict_to_sls_yaml_params }}"));
    }

    @Test
    void traverseFollowsAColonPathThroughDictsAndLists() throws TemplateException {
        assertEquals("443 def", render("{{ pillar | traverse('app:ports:1') }} {{ pillar | traverse('app:nope', 'def') }}"));
    }

    @Test
    void toBoolAndQuoteAndEncodingsMatchSalt() throws TemplateException {
        assertEquals("True True True False False", render("{{ 'yes' | to_bool }} {{ 'true' | to_bool }} {{ 1 | to_bool }} "
                + "{{ 'no' | to_bool }} {{ [] | to_bool }}"));
        assertEquals("'it'\"'\"'s here' safe-word", render("{{ \"it's here\" | quote }} {{ 'safe-word' | quote }}"));
        assertEquals("cmFuZG9t get salted", render("{{ 'random' | base64_encode }} {{ 'Z2V0IHNhbHRlZA==' | base64_decode }}"));
        assertEquals("7ddf32e17a6ac5ce04a8ecbf782ca509 a441b15fe9a3cf56661190a0b93b9dec7d04127288cc87250967cf3b52894d11",
                render("{{ 'random' | md5 }} {{ 'random' | sha256 }}"));
    }

    @Test
    void regexFiltersReturnGroupsOrNoneAsSaltDoes() throws TemplateException {
        assertEquals("['defabcdef'] None ['a', 'b']", render("{{ 'abcdefabcdef' | regex_search('BC(.*)', ignorecase=True) }} "
                + "{{ 'abcdefabcdef' | regex_match('BC(.*)', ignorecase=True) }} {{ 'abc' | regex_match('(a)(b)') }}"));
        assertEquals("yes,__this__is__a__TEST",
                render("{{ 'yes, this is a TEST' | regex_replace(' ([a-z])', '__\\\\1', ignorecase=True) }}"));
    }

    @Test
    void listFiltersMatchSalt() throws TemplateException {
        assertEquals("['a'] ['a']", render("{{ 'a' | sequence }} {{ ['a'] | sequence }}"));
        assertEquals("[1, 2] True False", render("{{ [1, 2, 1] | unique | list }} {{ [1] | is_list }} {{ 'a' | is_list }}"));
        assertEquals("1|1, 2, 3, 4", render("{{ [1, 2, 3] | difference([2, 3, 4]) | join(', ') }}|"
                + "{{ [1, 2, 3] | union([2, 3, 4]) | join(', ') }}"));
    }

    @Test
    void isIpAcceptsAddressLiteralsOnly() throws TemplateException {
        assertEquals("True True False False", render("{{ '10.0.0.1' | is_ip }} {{ '::1' | is_ip }} "
                + "{{ 'example.com' | is_ip }} {{ '300.1.1.1' | is_ip }}"));
    }

    @Test
    void strftimeFormatsEpochSecondsAndDates() throws TemplateException {
        assertEquals("08.03.2016 17:00 02", render("{{ 1457456400 | strftime('%d.%m.%Y %H:%M') }} "
                + "{{ '2002/12/25' | strftime('%y') }}"));
    }

    @Test
    void jinjavasSelectMapAndDictsortBehaveAsJinjas() throws TemplateException {
        assertEquals("[3, 1] [{'a': 2}] [1, 2] ['A', 'B'] [('a', 2), ('b', 1)]", render(
                "{{ [3, 1, 2] | select('odd') | list }} {{ [{'a': 1}, {'a': 2}] | selectattr('a', 'equalto', 2) | list }} "
                + "{{ [{'a': 1}, {'a': 2}] | map(attribute='a') | list }} {{ ['a', 'b'] | map('upper') | list }} "
                + "{{ {'b': 1, 'a': 2} | dictsort }}"));
    }

    @Test
    void callableListAndMatchTestsWork() throws TemplateException {
        assertEquals("True False True False True False", render("{{ salt['pillar.get'] is callable }} {{ 'x' is callable }} "
                + "{{ [1] is list }} {{ 'x' is list }} {{ 'abc' is match('a.c') }} {{ 'xabc' is match('a') }}"));
    }

    @Test
    void noneIsANameAsInJinja() throws TemplateException {
        assertEquals("None None ok", render("{{ None }} {{ none }} {% if None is none %}ok{% endif %}"));
    }

    @Test
    void anUnknownFilterStaysAnErrorNamingFileAndLine() {
        TemplateException e = assertThrows(TemplateException.class, () -> render("ok\n{{ 'x' | yaml_encod }}"));
        assertTrue(e.getMessage().contains("init.sls") && e.getMessage().contains("2")
                && e.getMessage().contains("yaml_encod"), e.getMessage());
    }
}
