package io.brine.states.internal.jinja;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionCaller;
import io.brine.functions.TemplateException;
import io.brine.states.DirectoryStateFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Salt's tags ({@code import_yaml}, {@code load_json}, {@code from <expression> import}...), each with its output. */
class SaltTagsTest {
    @TempDir
    Path dir;

    private void file(String path, String text) throws IOException {
        Files.createDirectories(dir.resolve(path).getParent());
        Files.writeString(dir.resolve(path), text);
    }

    private String render(String template) throws TemplateException {
        JinjaTemplates t = new JinjaTemplates(new DirectoryStateFiles(List.of(dir)), "web1", Map.of("os", "Debian"),
                Map.of(), false, FunctionCaller.NONE);
        return t.render(template, "app/init.sls", Map.of("tplroot", "app", "tplfile", "app/init.sls"));
    }

    private TemplateException refused(String template) {
        return assertThrows(TemplateException.class, () -> render(template));
    }

    @Test
    void importYamlReadsARenderedFileAsPlainData() throws Exception {
        file("app/defaults.yaml", "port: 80\nos: {{ grains.os }}\nusers: [a, b]\n");
        assertEquals("80 Debian b 81", render("{% import_yaml tplroot ~ '/defaults.yaml' as d %}"
                + "{{ d.port }} {{ d.os }} {{ d.users[1] }} {{ d.get('port') + 1 }}"));
        assertEquals("Debian", render("{% import_yaml 'app/defaults.yaml' as d with context %}{{ d['os'] }}"));
    }

    @Test
    void importJsonAndImportText() throws Exception {
        file("app/data.json", "{\"a\": {\"b\": [1, 2]}}");
        file("app/motd.txt", "hello {{ grains.os }}");
        assertEquals("2", render("{% import_json 'app/data.json' as j %}{{ j.a.b[1] }}"));
        assertEquals("hello Debian", render("{% import_text tplroot ~ '/motd.txt' as t %}{{ t }}"));
    }

    @Test
    void loadBlocksReadTheirRenderedBody() throws Exception {
        assertEquals("Debian 3", render("{% load_yaml as y %}\nos: {{ grains.os }}\nn: 3\n{% endload %}"
                + "{{ y.os }} {{ y.n }}"));
        assertEquals("[1, 2]", render("{% load_json as j %}{\"l\": [1, 2]}{% endload %}{{ j.l }}"));
        assertEquals("plain text", render("{% load_text as t %}plain text{% endload %}{{ t }}"));
    }

    @Test
    void fromAndImportTakeAPathExpression() throws Exception {
        file("app/map.jinja", "{% set app = {'root': tplroot, 'pkg': 'apache2'} %}{% macro hi(n) %}hi {{ n }}{% endmacro %}");
        file("app/macros.jinja", "{% macro user(n) %}user:{{ n }}{% endmacro %}");
        assertEquals("app apache2 hi x", render("{% from tplroot ~ \"/map.jinja\" import app, hi with context %}"
                + "{{ app.root }} {{ app.pkg }} {{ hi('x') }}"));
        assertEquals("apache2", render("{% from 'app/map.jinja' import app as a %}{{ a.pkg }}"));
        assertEquals("user:u", render("{% import tplroot ~ '/macros.jinja' as m %}{{ m.user('u') }}"));
    }

    @Test
    void includeTakesAnExpressionAndMayIgnoreAMissingFile() throws Exception {
        file("app/part.sls", "part of {{ tplroot }}");
        assertEquals("[part of app]", render("[{% include tplroot ~ '/part.sls' %}]"));
        assertEquals("[]", render("[{% include 'app/absent.sls' ignore missing %}]"));
    }

    @Test
    void dotPathsAreRelativeToTheImportingFileAsInSalt() throws Exception {
        file("app/sub/map.jinja", "{% import_yaml './d.yaml' as d %}{% from '../macros.jinja' import tag %}"
                + "{% set v = tag(d.v) %}");
        file("app/sub/d.yaml", "v: 7");
        file("app/macros.jinja", "{% macro tag(x) %}<{{ x }}>{% endmacro %}");
        assertEquals("<7>", render("{% from './sub/map.jinja' import v %}{{ v }}"));
        TemplateException e = refused("{% include '../../outside.sls' %}");
        assertTrue(e.getMessage().contains("leaves the state tree"), e.getMessage());
    }

    @Test
    void pathsOutsideTheStateTreeAreRefused() {
        for (String path : List.of("'/etc/passwd'", "'app/../../etc/passwd'")) {
            TemplateException e = refused("{% import_text " + path + " as t %}");
            assertTrue(e.getMessage().contains("refused"), e.getMessage());
        }
    }

    @Test
    void aMissingFileIsAnErrorNamingIt() {
        TemplateException e = refused("line\n{% import_yaml 'app/absent.yaml' as d %}");
        assertTrue(e.getMessage().contains("app/absent.yaml") && e.getMessage().contains(":2"), e.getMessage());
        e = refused("{% from tplroot ~ '/absent.jinja' import x %}");
        assertTrue(e.getMessage().contains("app/absent.jinja"), e.getMessage());
        e = refused("{% include 'app/absent.sls' %}");
        assertTrue(e.getMessage().contains("app/absent.sls"), e.getMessage());
    }

    @Test
    void badDataIsAnErrorNamingTheFileAndItsLine() throws Exception {
        file("app/bad.yaml", "a: 1\nb: [unclosed\n");
        TemplateException e = refused("line\n{% import_yaml 'app/bad.yaml' as d %}");
        assertTrue(e.getMessage().contains("app/bad.yaml") && e.getMessage().contains("bad YAML"), e.getMessage());
        assertTrue(e.getMessage().contains(":2"), e.getMessage());
    }

    @Test
    void anErrorInAnImportedFileNamesThatFileAndLine() throws Exception {
        file("app/map.jinja", "{% set app = 1 %}\n{{ nope.x }}");
        TemplateException e = refused("line\n{% from 'app/map.jinja' import app %}");
        assertTrue(e.getMessage().contains("app/map.jinja:2: "), e.getMessage());
        assertTrue(e.getMessage().contains("nope"), e.getMessage());
    }

    @Test
    void importingANameTheFileDoesNotDefineIsAnError() throws Exception {
        file("app/map.jinja", "{% set app = 1 %}");
        TemplateException e = refused("{% from 'app/map.jinja' import other %}");
        assertTrue(e.getMessage().contains("other") && e.getMessage().contains("app/map.jinja"), e.getMessage());
    }

    @Test
    void aFileImportingItselfIsAnError() throws Exception {
        file("app/loop.jinja", "{% from 'app/loop.jinja' import x %}{% set x = 1 %}");
        TemplateException e = refused("{% from 'app/loop.jinja' import x %}");
        assertTrue(e.getMessage().contains("itself"), e.getMessage());
    }
}
