package io.brine.modules.pip;

import static io.brine.states.Outcomes.anyChanges;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import io.brine.states.SystemAccounts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A wheel built here (a wheel is a zip with metadata), installed offline and removed. */
class PipStatesTest {
    @TempDir Path treeDir;
    @TempDir Path wheels;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();
    String pkg;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue(new ProcessBuilder("python3", "-m", "pip", "--version").start().waitFor() == 0, "needs python3 with pip");
        tree = new StateTree(treeDir);
        pkg = SystemAccounts.uniqueName();
        writeWheel();
    }

    @AfterEach
    void uninstall() throws Exception {
        if (pkg != null) {
            new ProcessBuilder("python3", "-m", "pip", "uninstall", "-y", pkg).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
        }
    }

    private void writeWheel() throws Exception {
        String dist = pkg + "-1.0.dist-info/";
        Map<String, String> files = Map.of(
                pkg + "/__init__.py", "VERSION = '1.0'\n",
                dist + "METADATA", "Metadata-Version: 2.1\nName: " + pkg + "\nVersion: 1.0\n",
                dist + "WHEEL", "Wheel-Version: 1.0\nGenerator: brine-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n");
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(wheels.resolve(pkg + "-1.0-py3-none-any.whl")))) {
            StringBuilder record = new StringBuilder();
            for (Map.Entry<String, String> f : files.entrySet()) {
                zip.putNextEntry(new ZipEntry(f.getKey()));
                zip.write(f.getValue().getBytes(StandardCharsets.UTF_8));
                record.append(f.getKey()).append(",,\n");
            }
            zip.putNextEntry(new ZipEntry(dist + "RECORD"));
            zip.write(record.append(dist).append("RECORD,,\n").toString().getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void aWheelIsInstalledFromLocalLinksThenRemoved() {
        tree.file("t.sls", "%s:\n  pip.installed:\n    - version: '1.0'\n    - no_index: true\n    - find_links: %s\n".formatted(pkg, wheels));
        StateOutcome installed = engine.apply(tree.job("t"));
        assertEquals(Map.of(pkg, Map.of("old", "", "new", "1.0")), state(installed, pkg, "pip.installed").get("changes"));
        assertFalse(anyChanges(engine.apply(tree.job("t"))));
        tree.file("t.sls", "%s:\n  pip.removed: []\n".formatted(pkg));
        StateOutcome removed = engine.apply(tree.job("t"));
        assertEquals(Map.of(pkg, Map.of("old", "1.0", "new", "")), state(removed, pkg, "pip.removed").get("changes"));
        assertFalse(anyChanges(engine.apply(tree.job("t"))));
    }
}
