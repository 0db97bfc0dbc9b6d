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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** file.directory's clean, force and allow_symlink, as formulas use them. */
class FileDirectoryTest {
    @TempDir Path treeDir;
    @TempDir Path work;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();

    @BeforeEach
    void setUp() {
        tree = new StateTree(treeDir);
    }

    private Map<String, Object> directory(Path dir, String sls, boolean test) {
        tree.file("t.sls", sls);
        StateOutcome out = engine.apply(test ? tree.testJob("t") : tree.job("t"));
        return state(out, dir.toString(), "file.directory");
    }

    @Test
    void cleanKeepsOnlyWhatRequiredFileStatesManage() throws Exception {
        Path sites = Files.createDirectories(work.resolve("sites"));
        Files.writeString(sites.resolve("stale.conf"), "old");
        Files.createDirectories(sites.resolve("olddir/deep"));
        Files.createDirectories(sites.resolve("kept/inside"));
        Files.writeString(sites.resolve("kept/inside/own.conf"), "theirs");
        String sls = """
            %1$s/default.conf:
              file.managed:
                - contents: default
            %1$s/kept:
              file.directory: []
            %1$s:
              file.directory:
                - clean: True
                - require:
                  - file: %1$s/default.conf
                  - file: %1$s/kept
            """.formatted(sites);
        Map<String, Object> predicted = directory(sites, sls, true);
        assertNull(predicted.get("result"));
        assertEquals(Map.of("removed", List.of(sites + "/olddir", sites + "/stale.conf")),
                sortedRemoved(predicted));
        assertTrue(Files.exists(sites.resolve("stale.conf")));

        Map<String, Object> cleaned = directory(sites, sls, false);
        assertEquals(true, cleaned.get("result"), cleaned::toString);
        assertFalse(Files.exists(sites.resolve("stale.conf")));
        assertFalse(Files.exists(sites.resolve("olddir")));
        assertEquals("default\n", Files.readString(sites.resolve("default.conf")));
        assertEquals("theirs", Files.readString(sites.resolve("kept/inside/own.conf")));
        assertFalse(anyChanges(engine.apply(tree.job("t"))));
    }

    private static Map<String, Object> sortedRemoved(Map<String, Object> state) {
        Map<?, ?> changes = (Map<?, ?>) state.get("changes");
        return Map.of("removed", ((List<?>) changes.get("removed")).stream().map(String::valueOf).sorted().toList());
    }

    @Test
    void aFileOrForbiddenSymlinkInTheWayIsReplacedOnlyWithForce() throws Exception {
        Path dir = Files.writeString(work.resolve("data"), "a file");
        String plain = "%s:\n  file.directory: []\n".formatted(dir);
        Map<String, Object> refused = directory(dir, plain, false);
        assertEquals(false, refused.get("result"));
        assertEquals("Specified location " + dir + " exists and is a file", refused.get("comment"));

        String forced = "%s:\n  file.directory:\n    - force: True\n".formatted(dir);
        Map<String, Object> predicted = directory(dir, forced, true);
        assertNull(predicted.get("result"));
        assertEquals("File was forcibly replaced", ((Map<?, ?>) predicted.get("changes")).get("forced"));
        assertTrue(Files.isRegularFile(dir));
        Map<String, Object> replaced = directory(dir, forced, false);
        assertEquals(true, replaced.get("result"), replaced::toString);
        assertTrue(Files.isDirectory(dir));
        assertFalse(anyChanges(engine.apply(tree.job("t"))));

        Path real = Files.createDirectories(work.resolve("real"));
        Path link = Files.createSymbolicLink(work.resolve("link"), real);
        assertEquals(true, directory(link, "%s:\n  file.directory: []\n".formatted(link), false).get("result"));
        assertTrue(Files.isSymbolicLink(link), "a symlink to a directory is allowed by default");
        String noLinks = "%s:\n  file.directory:\n    - allow_symlink: False\n".formatted(link);
        assertEquals("Specified location " + link + " exists and is a symlink",
                directory(link, noLinks, false).get("comment"));
        Map<String, Object> relinked = directory(link, noLinks.replace("False", "False\n    - force: True"), false);
        assertEquals("Symlink was forcibly replaced", ((Map<?, ?>) relinked.get("changes")).get("forced"));
        assertFalse(Files.isSymbolicLink(link));
        assertTrue(Files.isDirectory(link) && Files.isDirectory(real));
    }
}
