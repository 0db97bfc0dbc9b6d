package io.brine.states.internal.jinja;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.states.DirectoryStateFiles;
import io.brine.functions.TemplateException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Salt renders with Jinja's StrictUndefined unless {@code allow_undefined: True}: a typo in a pillar key is an error,
 * not an empty string in a command line (issue 11, finding 6b: a bare {@code echo} ran where a command was meant).
 */
class StrictUndefinedTest {
    @TempDir
    Path dir;

    private String render(String template, boolean allowUndefined) throws TemplateException {
        JinjaTemplates t = new JinjaTemplates(new DirectoryStateFiles(List.of(dir)), "m1", Map.of("os", "Debian"),
                Map.of("app", Map.of("port", 8080)), allowUndefined, io.brine.functions.FunctionCaller.NONE);
        return t.render(template, "web.sls", Map.of());
    }

    private void assertRefused(String template, String mentioned) {
        TemplateException e = assertThrows(TemplateException.class, () -> render("line one\n" + template, false),
                template);
        assertTrue(e.getMessage().contains("web.sls") && e.getMessage().contains("2"), e.getMessage());
        assertTrue(e.getMessage().contains(mentioned), template + " -> " + e.getMessage());
    }

    @Test
    void undefinedValuesAreErrorsNamingFileAndLine() {
        assertRefused("echo {{ nope }}", "nope");
        assertRefused("echo {{ pillar['nope']['deeper'] }}", "nope");
        assertRefused("echo {{ pillar.nope }}", "nope");
        assertRefused("echo {{ pillar.app.nope }}", "nope");
        assertRefused("{{ salt['pillar.gett']('app') }}", "pillar.gett");
    }

    @Test
    void unknownFiltersAndTestsAreErrors() {
        assertRefused("{{ 'x' | nosuchfilter }}", "nosuchfilter");
        assertRefused("{% if 1 is nosuchtest %}y{% endif %}", "nosuchtest");
    }

    @Test
    void whatSaltFormulasUseOnPurposeStillWorks() throws TemplateException {
        assertEquals("no", render("{% if nope is defined %}yes{% else %}no{% endif %}", false));
        assertEquals("yes", render("{% if nope is undefined %}yes{% endif %}", false));
        assertEquals("fallback", render("{{ nope | default('fallback') }}", false));
        assertEquals("fallback", render("{{ pillar.get('nope', 'fallback') }}", false));
        assertEquals("8080", render("{{ pillar.get('app:port', 0) }}", false));
        assertEquals("None", render("{{ pillar.get('nope') }}", false));
        assertEquals("yes", render("{% if pillar.get('nope') is none %}yes{% endif %}", false));
        assertEquals("none", render("{% if pillar.get('nope') %}some{% else %}none{% endif %}", false));
        assertEquals("8080", render("{{ pillar['app']['port'] }}", false));
    }

    @Test
    void allowUndefinedRendersUndefinedAsEmptyAsJinjaDoes() throws TemplateException {
        assertEquals("echo ", render("echo {{ nope }}", true));
        assertEquals("echo ", render("echo {{ pillar.nope }}", true));
    }
}
