package io.brine.states;

import static io.brine.states.Outcomes.assertErrorMentions;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** YAML anchors and merge keys, and Salt's renderer lines, as formulas write them. */
class YamlAndRenderersTest {
    @TempDir Path dir;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();

    @BeforeEach
    void setUp() {
        tree = new StateTree(dir);
    }

    @Test
    void anchorsAliasesAndMergeKeysWorkAsInPyYaml() {
        tree.file("a.sls", """
            first: &shape
              test.configurable_test_state:
                - changes: false
                - comment: shared
            second: *shape
            third:
              <<: *shape
            fourth:
              test.configurable_test_state: &args
                - changes: false
                - comment: own
            """);
        StateOutcome out = engine.apply(tree.job("a"));
        assertTrue(out.success(), () -> out.ret().toString());
        for (String id : List.of("first", "second", "third")) {
            assertEquals("shared", state(out, id, "test.configurable_test_state").get("comment"), id);
        }
        assertEquals("own", state(out, "fourth", "test.configurable_test_state").get("comment"));
    }

    @Test
    void aKeyWrittenInTheMappingWinsOverAMergedOne() {
        tree.file("a.sls", """
            x: &x
              test.configurable_test_state:
                - changes: false
                - comment: merged
              module.wait:
                - test.echo:
                  - text: never called
            y:
              <<: *x
              test.configurable_test_state:
                - changes: false
                - comment: explicit
            """);
        StateOutcome out = engine.apply(tree.job("a"));
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals("merged", state(out, "x", "test.configurable_test_state").get("comment"));
        assertEquals("explicit", state(out, "y", "test.configurable_test_state").get("comment"));
        assertTrue(String.valueOf(state(out, "y", "module.wait").get("comment")).contains("module.wait runs only"),
                "the merged state of y");
    }

    @Test
    void renderersJsonYamlAndJinjaPipelinesAreUnderstood() {
        tree.file("j.sls", "#!json\n{\"from-json\": {\"test.nop\": []}}\n");
        tree.file("y.sls", "#!yaml\nfrom-yaml:\n  test.nop: []\n# {{ not jinja }}\n");
        tree.file("jj.sls", "#!jinja|json\n{\"{{ 'from-jinja-json' }}\": {\"test.nop\": []}}\n");
        for (String sls : List.of("j", "y", "jj")) {
            StateOutcome out = engine.apply(tree.job(sls));
            assertTrue(out.success(), () -> sls + ": " + out.ret());
        }
        tree.file("bad.sls", "#!mako|yaml\nx: {}\n");
        assertErrorMentions(engine.apply(tree.job("bad")), "bad.sls:1", "unsupported renderer 'mako|yaml'");
    }

    /**
     * yaml|jinja: the YAML is parsed first, then each string in it (keys too) is rendered, so template syntax lives
     * inside YAML strings and the structure is the file's own. A fault names the string's line. The old single
     * names (yaml_jinja) mean jinja|yaml, as in Salt.
     */
    @Test
    void yamlThenJinjaRendersEachStringAndOldStyleNamesWork() {
        tree.pillar.put("port", 8080);
        tree.file("yj.sls", """
            #!yaml|jinja
            "{{ 'web' ~ '-conf' }}":
              test.show_notification:
                - text: "port {{ pillar['port'] }} on {{ grains['os_family'] }}"
            plain:
              test.nop: []
            """);
        StateOutcome out = engine.apply(tree.job("yj"));
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals("port 8080 on Debian", state(out, "web-conf", "test.show_notification").get("comment"));
        tree.file("bad.sls", "#!yaml|jinja\nx:\n  test.show_notification:\n    - text: '{{ pillar.nope }}'\n");
        assertErrorMentions(engine.apply(tree.job("bad")), "bad.sls:4", "nope");

        tree.file("old.sls", "#!yaml_jinja\n{{ 'from-old-style' }}:\n  test.nop: []\n");
        StateOutcome old = engine.apply(tree.job("old"));
        assertTrue(old.success(), () -> old.ret().toString());
        assertTrue(old.ret().toString().contains("from-old-style"), () -> old.ret().toString());
    }

    @Test
    void anUnknownAliasIsAnErrorWithItsLine() {
        tree.file("a.sls", "x:\n  test.nop: []\ny: *nowhere\n");
        assertErrorMentions(engine.apply(tree.job("a")), "a.sls:3");
    }
}
