package io.brine.states;

import io.brine.functions.StateFiles;
import static io.brine.states.Outcomes.anyChanges;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sample tree under src/test/resources/tree, applied by highstate as a minion would. */
class StateTreeFixtureTest {
    @TempDir Path base;
    final SystemAccounts accounts = new SystemAccounts();
    final StateEngine engine = StateEngine.withInstalledFunctions();
    StateFiles files;
    Map<String, Object> pillar;

    @BeforeEach
    void setUp() throws Exception {
        files = new DirectoryStateFiles(List.of(Path.of(getClass().getResource("/tree").toURI())));
        pillar = Map.of("base", base.toString(), "owner", accounts.newUser(), "port", 8443);
    }

    @AfterEach
    void cleanUp() throws Exception {
        accounts.removeAll();
    }

    private StateJob job(boolean test) {
        return new StateJob(List.of(), files, "web7", Map.of("os_family", "Debian"), pillar, test, Runners.LOCAL);
    }

    @Test
    void highstateAppliesTheTreeAndASecondRunChangesNothing() throws Exception {
        StateOutcome first = engine.apply(job(false));
        assertTrue(first.success(), () -> first.ret().toString());
        assertEquals("# app.conf for web7 (Debian)\nport = 8443\nworkers = 2\n", Files.readString(base.resolve("etc/app.conf")));
        assertEquals(base.resolve("etc"), Files.readSymbolicLink(base.resolve("current")));
        StateOutcome second = engine.apply(job(false));
        assertTrue(second.success(), () -> second.ret().toString());
        assertFalse(anyChanges(second), () -> second.ret().toString());
    }

    @Test
    void testModeLeavesTheDiskUntouched() throws Exception {
        StateOutcome out = engine.apply(job(true));
        assertTrue(out.success(), () -> out.ret().toString());
        assertTrue(anyChanges(out));
        try (Stream<Path> left = Files.list(base)) {
            assertEquals(0, left.count());
        }
    }
}
