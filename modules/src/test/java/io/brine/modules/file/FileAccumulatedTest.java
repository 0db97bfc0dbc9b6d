package io.brine.modules.file;

import static io.brine.states.Outcomes.anyChanges;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** file.accumulated feeding a file.managed template and a file.blockreplace within one run. */
class FileAccumulatedTest {
    @TempDir Path treeDir;
    @TempDir Path work;
    StateTree tree;
    StateEngine engine;

    @BeforeEach
    void setUp() {
        tree = new StateTree(treeDir);
        tree.pillar.put("base", work.toString());
        engine = StateEngine.withInstalledFunctions();
    }

    private StateOutcome run(boolean test) {
        return engine.apply(test ? tree.testJob("t") : tree.job("t"));
    }

    @Test
    void twoAccumulatorsFeedATemplateAndABlock() throws Exception {
        Path motd = work.resolve("motd");
        Path hosts = Files.writeString(work.resolve("hosts"), "127.0.0.1 localhost\n");
        tree.file("motd.j2", "Hello{% for t in accumulator['greetings'] %} {{ t }}{% endfor %}.\n");
        tree.file("t.sls", """
            first-greeting:
              file.accumulated:
                - name: greetings
                - filename: {{ pillar.base }}/motd
                - text: world
                - require_in:
                  - file: motd
            second-greeting:
              file.accumulated:
                - name: greetings
                - filename: {{ pillar.base }}/motd
                - text: [and, moon]
                - watch_in:
                  - file: motd
            motd:
              file.managed:
                - name: {{ pillar.base }}/motd
                - source: salt://motd.j2
                - template: jinja
            db-host:
              file.accumulated:
                - name: hosts-lines
                - filename: {{ pillar.base }}/hosts
                - text: |
                    10.0.0.5 db
                    10.0.0.6 cache
                - require_in:
                  - file: hosts-block
            hosts-block:
              file.blockreplace:
                - name: {{ pillar.base }}/hosts
                - marker_start: "# BEGIN managed"
                - marker_end: "# END managed"
                - content: "10.0.0.1 gateway"
                - append_if_not_found: true
            """);
        StateOutcome dry = run(true);
        assertTrue(dry.success(), () -> dry.ret().toString());
        assertNull(state(dry, "motd", "file.managed").get("result"));
        assertFalse(Files.exists(motd));
        StateOutcome out = run(false);
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals("Hello world and moon.\n", Files.readString(motd));
        assertEquals("127.0.0.1 localhost\n# BEGIN managed\n10.0.0.1 gateway\n10.0.0.5 db\n10.0.0.6 cache\n"
                + "# END managed\n", Files.readString(hosts));
        assertEquals(state(dry, "hosts-block", "file.blockreplace").get("changes"),
                state(out, "hosts-block", "file.blockreplace").get("changes"));
        assertEquals(Map.of(), state(out, "first-greeting", "file.accumulated").get("changes"));
        StateOutcome again = run(false);
        assertTrue(again.success(), () -> again.ret().toString());
        assertFalse(anyChanges(again), () -> again.ret().toString());
    }

    @Test
    void anAccumulatorNoFileStateUsesIsOrphaned() {
        tree.file("t.sls", """
            lonely:
              file.accumulated:
                - filename: /tmp/nowhere
                - text: hi
            """);
        Map<String, Object> r = state(run(false), "lonely", "file.accumulated");
        assertEquals(false, r.get("result"));
        assertEquals("Orphaned accumulator lonely in t:lonely", r.get("comment"));
    }
}
