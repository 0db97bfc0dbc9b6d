package io.brine.states.internal.jinja.python;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brine.functions.FunctionCaller;
import io.brine.states.DirectoryStateFiles;
import io.brine.states.internal.jinja.JinjaTemplates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Python's None, booleans and numbers in comparisons, {@code in}, truthiness and string conversion, each with what
 * Salt's Jinja (Python's semantics) renders. An apache-formula-like docroot loop over pillar with YAML nulls planned
 * three states fewer and one more than Salt while None compared equal to False and a pillar null became "None".
 */
class PythonNoneAndEqualityTest {
    /** template, then what Salt renders. */
    private static final String[][] TABLE = {
        {"{{ none != false }} {{ none == false }} {{ none == 0 }} {{ 'None' == none }}", "True False False False"},
        {"{{ 0 == false }} {{ 1 == true }} {{ 1.0 == 1 }} {{ 2 == true }} {{ '' == false }}",
            "True True True False False"},
        {"{{ none in [false] }} {{ false in [0] }} {{ 0 in [false] }} {{ 1 in ['1'] }} {{ 'a' in {'a': 1} }}",
            "False True True False True"},
        {"{{ 'b' in 'abc' }} {{ 'x' not in 'abc' }} {{ none not in [false] }}", "True True True"},
        {"{{ [1, none] == [true, none] }} {{ {'a': 0} == {'a': false} }} {{ [1] == [1, 2] }}", "True True False"},
        {"{{ pillar.site.docroot is none }} {{ pillar.site.docroot }} {{ pillar.site.docroot != false }}",
            "True None True"},
        {"{% if pillar.site.docroot %}T{% else %}F{% endif %} {{ not pillar.site.docroot }}", "F True"},
        {"{{ pillar.site.port == false }} {{ pillar.site.port != none }} {{ pillar.flag == 0 }}", "True True True"},
        {"{{ pillar.site }}", "{'port': 0, 'docroot': None}"},
        {"{{ none | string }} {{ [none] }} {{ none ~ 'x' }}", "None [None] Nonex"},
        {"{% import_yaml 'd.yaml' as d %}{{ d.a is none }} {{ d.b != false }} {{ d }}",
            "True True {'a': None, 'b': None, 'c': False}"},
        // Python's not binds more loosely than a comparison (users-formula lost four states to this)
        {"{{ not 'a' in ['b'] }} {{ not 1 == 2 }} {{ not 1 < 0 }} {{ not none is none }} {{ not false and true }}",
            "True True True False True"},
        {"{{ not pillar.flag }} {{ not [] or 'x' }} {{ 'a' not in ['b'] }}", "True True True"},
        // first and last of a dict are keys, as Python iterates a dict
        {"{{ {'b': {'rev': 'x'}, 'c': 1} | first }} {{ {'b': 1, 'c': 2} | last }}", "b c"},
        {"{{ [3, 4] | first }} {{ 'xyz' | last }}", "3 z"},
    };

    @TempDir
    Path dir;

    @Test
    void rendersAsSaltsJinjaDoes() throws Exception {
        Files.writeString(dir.resolve("d.yaml"), "a: ~\nb: null\nc: false\n");
        Map<String, Object> site = new java.util.LinkedHashMap<>();
        site.put("port", 0);
        site.put("docroot", null); // a YAML null in pillar
        JinjaTemplates t = new JinjaTemplates(new DirectoryStateFiles(List.of(dir)), "m1", Map.of("os", "Debian"),
                Map.of("site", site, "flag", false), false, FunctionCaller.NONE);
        assertEquals(List.of(), JinjaTable.mismatches(t, TABLE));
    }
}
