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
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** file.recurse from a state tree directory into a temporary target. */
class FileRecurseTest {
    @TempDir Path treeDir;
    @TempDir Path work;
    StateTree tree;
    StateEngine engine;
    Path target;

    @BeforeEach
    void setUp() {
        tree = new StateTree(treeDir);
        tree.pillar.put("target", work.resolve("app").toString());
        tree.file("app/conf/main.conf", "port = {{ pillar.port }}\n");
        tree.file("app/conf/sub/extra.conf", "host = {{ grains.os }}\n");
        tree.file("app/conf/skip.bak", "stale\n");
        engine = StateEngine.withInstalledFunctions();
        target = work.resolve("app");
    }

    private Map<String, Object> run(String sls, boolean test) {
        tree.file("t.sls", sls);
        StateOutcome out = engine.apply(test ? tree.testJob("t") : tree.job("t"));
        return state(out, "app", "file.recurse");
    }

    private List<String> listing() throws Exception {
        try (Stream<Path> walk = Files.walk(target)) {
            return walk.map(p -> target.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void aTemplatedTreeIsPredictedCopiedAndThenLeftAlone() throws Exception {
        tree.pillar.put("port", 8080);
        String sls = """
            app:
              file.recurse:
                - name: {{ pillar.target }}
                - source: salt://app/conf
                - template: jinja
                - file_mode: "0640"
                - exclude_pat: "*.bak"
            """;
        Map<String, Object> dry = run(sls, true);
        assertNull(dry.get("result"), dry::toString);
        assertFalse(Files.exists(target));
        Map<String, Object> real = run(sls, false);
        assertEquals(true, real.get("result"), real::toString);
        assertEquals(dry.get("changes"), real.get("changes"));
        Map<?, ?> changes = (Map<?, ?>) real.get("changes");
        assertEquals(Map.of("diff", "New file", "mode", "0640"), changes.get(target.resolve("main.conf").toString()));
        assertTrue(changes.containsKey(target.resolve("sub").toString()), changes::toString);
        assertEquals("port = 8080\n", Files.readString(target.resolve("main.conf")));
        assertEquals("host = Debian\n", Files.readString(target.resolve("sub/extra.conf")));
        assertEquals(List.of("", "main.conf", "sub", "sub/extra.conf"), listing());
        Map<String, Object> again = run(sls, false);
        assertEquals(Map.of(), again.get("changes"));
        assertEquals("The directory " + target + " is in the correct state", again.get("comment"));
    }

    @Test
    void cleanRemovesWhatTheSourceDoesNotHoldButNotExcludedPaths() throws Exception {
        Files.createDirectories(target.resolve("old/deeper"));
        Files.writeString(target.resolve("old/deeper/x"), "x");
        Files.writeString(target.resolve("local.bak"), "mine");
        Files.writeString(target.resolve("main.conf"), "edited by hand\n");
        String sls = """
            app:
              file.recurse:
                - name: {{ pillar.target }}
                - source: brine://app/conf
                - include_pat: "E@conf$"
                - exclude_pat: "*.bak"
                - clean: true
                - keep_symlinks: true
                - sym_mode: "0644"
            """;
        Map<String, Object> dry = run(sls, true);
        assertNull(dry.get("result"));
        assertTrue(Files.exists(target.resolve("old/deeper/x")));
        Map<String, Object> real = run(sls, false);
        assertEquals(dry.get("changes"), real.get("changes"));
        Map<?, ?> changes = (Map<?, ?>) real.get("changes");
        assertEquals(List.of(target.resolve("old").toString()), changes.get("removed"));
        assertTrue(((Map<?, ?>) changes.get(target.resolve("main.conf").toString())).get("diff").toString()
                .contains("+port = {{ pillar.port }}"));
        assertEquals(List.of("", "local.bak", "main.conf", "sub", "sub/extra.conf"), listing());
        assertEquals(Map.of(), run(sls, false).get("changes"));
    }

    /** As Salt's: a list of sources, the first that exists in the tree (salt-formula gives one). */
    @Test
    void aListOfSourcesTakesTheFirstThatExists() throws Exception {
        tree.pillar.put("port", 1);
        Map<String, Object> real = run("app:\n  file.recurse:\n    - name: {{ pillar.target }}\n    - source:\n"
                + "      - salt://app/missing\n      - salt://app/conf\n    - exclude_pat: '*.bak'\n", false);
        assertEquals(true, real.get("result"), real::toString);
        assertEquals("port = {{ pillar.port }}\n", Files.readString(target.resolve("main.conf")));
        try (Stream<Path> walk = Files.walk(target)) { // afresh: clean leaves excluded paths alone
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        run("app:\n  file.recurse:\n    - name: {{ pillar.target }}\n    - source: salt://app/conf\n"
                + "    - exclude_pat: ['*.bak', 'sub*']\n", false);
        assertEquals(List.of("", "main.conf"), listing(), "a list of exclude patterns, any of them excluding");
        Map<String, Object> none = run("app:\n  file.recurse:\n    - name: /tmp/x\n    - source: [salt://a, salt://b]\n",
                false);
        assertTrue(none.get("comment").toString().contains("'salt://a', 'salt://b' does not exist"), none::toString);
    }

    @Test
    void aSourceWhoseFilesAreAllExcludedIsInTheCorrectStateAndKeepLeavesModesAlone() throws Exception {
        String sls = "app:\n  file.recurse:\n    - name: {{ pillar.target }}\n    - source: salt://app/conf\n"
                + "    - exclude_pat: '*'\n";
        Map<String, Object> planned = run(sls, true);
        assertEquals(true, planned.get("result"), planned::toString);
        assertEquals("The directory " + work.resolve("app") + " is in the correct state", planned.get("comment"));
        Map<String, Object> applied = run(sls, false);
        assertEquals(Map.of(), applied.get("changes"), "Salt makes the directory without reporting it");
        assertTrue(Files.isDirectory(work.resolve("app")));

        Path kept = Files.writeString(work.resolve("app/main.conf"), "old\n");
        Files.setPosixFilePermissions(kept, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Map<String, Object> keep = run("app:\n  file.recurse:\n    - name: {{ pillar.target }}\n"
                + "    - source: salt://app/conf\n    - file_mode: keep\n", false);
        assertEquals(true, keep.get("result"), keep::toString);
        assertEquals("port = {{ pillar.port }}\n", Files.readString(kept), "copied as it is: no template");
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(
                Files.getPosixFilePermissions(kept)), "keep: the mode is left as it is");
    }

    @Test
    void badSourcesFailClearly() {
        Map<String, Object> missing = run("app:\n  file.recurse:\n    - name: /tmp/x\n    - source: salt://nope\n", false);
        assertEquals(false, missing.get("result"));
        assertTrue(missing.get("comment").toString().contains("does not exist"), missing::toString);
        Map<String, Object> local = run("app:\n  file.recurse:\n    - name: /tmp/x\n    - source: /etc\n", false);
        assertEquals(false, local.get("result"));
        assertTrue(local.get("comment").toString().contains("Invalid source"), local::toString);
        Map<String, Object> relative = run("app:\n  file.recurse:\n    - name: rel\n    - source: salt://app\n", false);
        assertEquals(false, relative.get("result"));
    }

    @Test
    void theStatesAreInstalled() {
        assertTrue(StateEngine.withInstalledFunctions().functionNames().containsAll(List.of("file.recurse", "file.accumulated")));
    }
}
