package io.brine.modules.alternatives;

import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.functions.FunctionModule;
import io.brine.modules.test.TestStates;
import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Salt's alternatives states against Debian's real update-alternatives, in alternatives and administrative
 * directories of the test's own (--altdir, --admindir), so the system's are never touched.
 */
class AlternativesStatesTest {
    @TempDir
    Path dir;
    StateTree tree;
    StateEngine engine;
    Path altdir;
    Path vim;
    Path nano;
    Path link;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/update-alternatives")), "Debian's update-alternatives");
        altdir = Files.createDirectories(dir.resolve("alternatives"));
        Path admindir = Files.createDirectories(dir.resolve("admin"));
        Path bin = Files.createDirectories(dir.resolve("bin"));
        vim = program(bin.resolve("vim"));
        nano = program(bin.resolve("nano"));
        link = bin.resolve("editor");
        tree = new StateTree(Files.createDirectories(dir.resolve("tree")));
        List<FunctionModule> modules = List.of(new TestStates(), new AlternativesModule(altdir, admindir));
        engine = StateEngine.of(modules);
    }

    private static Path program(Path p) throws Exception {
        Files.writeString(p, "#!/bin/sh\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void installSetAutoAndRemoveAsSaltsStatesDo() throws Exception {
        tree.file("ed.sls", """
                editor-vim:
                  alternatives.install:
                    - name: editor
                    - link: %s
                    - path: %s
                    - priority: 60
                editor-nano:
                  alternatives.install:
                    - name: editor
                    - link: %s
                    - path: %s
                    - priority: 40
                """.formatted(link, vim, link, nano));
        StateOutcome planned = engine.apply(tree.testJob("ed"));
        Map<String, Object> plan = state(planned, "editor-vim", "alternatives.install");
        assertNull(plan.get("result"));
        assertEquals("Alternative will be set for editor to " + vim + " with priority 60", plan.get("comment"));

        StateOutcome first = engine.apply(tree.job("ed"));
        assertTrue(first.success(), () -> first.ret().toString());
        assertEquals("Alternative for editor set to path " + vim + " with priority 60",
                state(first, "editor-vim", "alternatives.install").get("comment"));
        assertEquals("Alternative " + nano + " for editor registered with priority 40 and not set to default",
                state(first, "editor-nano", "alternatives.install").get("comment"));
        assertEquals(vim, Files.readSymbolicLink(altdir.resolve("editor")));
        assertEquals(altdir.resolve("editor"), Files.readSymbolicLink(link));
        StateOutcome again = engine.apply(tree.job("ed"));
        assertEquals("Alternative " + vim + " for editor is already registered",
                state(again, "editor-vim", "alternatives.install").get("comment"));

        tree.file("set.sls", "editor:\n  alternatives.set:\n    - path: " + nano + "\n");
        StateOutcome set = engine.apply(tree.job("set"));
        assertEquals(Map.of("path", nano.toString()), state(set, "editor", "alternatives.set").get("changes"));
        assertEquals(nano, Files.readSymbolicLink(altdir.resolve("editor")));

        tree.file("auto.sls", "editor:\n  alternatives.auto: []\n");
        assertTrue(engine.apply(tree.job("auto")).success());
        assertEquals(vim, Files.readSymbolicLink(altdir.resolve("editor")), "auto: the highest priority");
        assertEquals("editor already in auto mode",
                state(engine.apply(tree.job("auto")), "editor", "alternatives.auto").get("comment"));

        tree.file("rm.sls", "editor:\n  alternatives.remove:\n    - path: " + vim + "\n");
        StateOutcome removed = engine.apply(tree.job("rm"));
        assertEquals("Alternative for editor removed. Falling back to path " + nano,
                state(removed, "editor", "alternatives.remove").get("comment"));
        assertEquals(nano, Files.readSymbolicLink(altdir.resolve("editor")));
    }
}
