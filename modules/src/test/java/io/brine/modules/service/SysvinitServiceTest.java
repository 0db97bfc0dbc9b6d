package io.brine.modules.service;

import static io.brine.states.Outcomes.anyChanges;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny daemon and its init.d script (unique name), started, restarted when its watched config
 * changes (the pid changes), stopped, enabled and disabled. This machine runs no systemd, so this
 * exercises the sysvinit provider, as the minion would use it here.
 */
class SysvinitServiceTest {
    @TempDir Path treeDir;
    @TempDir Path work;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();
    InitScriptDaemon daemon;
    String name;

    @BeforeEach
    void installDaemon() throws Exception {
        assumeFalse(Files.isDirectory(Path.of("/run/systemd/system")), "systemd runs here; this test is for sysvinit");
        daemon = InitScriptDaemon.install(work);
        name = daemon.name;
        tree = new StateTree(treeDir);
        tree.pillar.put("service", name);
        tree.pillar.put("config", work.resolve("daemon.conf").toString());
        tree.file("daemon.sls", """
            {{ pillar.config }}:
              file.managed:
                - contents: "greeting = {{ pillar.greeting }}"
            {{ pillar.service }}:
              service.running:
                - enable: true
                - watch:
                  - file: {{ pillar.config }}
            """);
    }

    @AfterEach
    void removeDaemon() throws Exception {
        if (daemon != null) {
            daemon.remove();
        }
    }

    private long pid() throws IOException {
        return daemon.pid();
    }

    private boolean alive(long pid) {
        return InitScriptDaemon.alive(pid);
    }

    private StateOutcome apply(String greeting) {
        tree.pillar.put("greeting", greeting);
        return engine.apply(tree.job("daemon"));
    }

    @Test
    void theServiceStartsRestartsWhenItsConfigChangesAndStops() throws Exception {
        StateOutcome started = apply("hello");
        assertTrue(started.success(), () -> started.ret().toString());
        long firstPid = pid();
        assertTrue(alive(firstPid));
        assertEquals(Map.of(name, true, "enabled", true), state(started, name, "service.running").get("changes"));
        assertTrue(Files.exists(Path.of("/etc/rc2.d/S01" + name)), "enabled at boot");

        StateOutcome unchanged = apply("hello");
        assertFalse(anyChanges(unchanged), () -> unchanged.ret().toString());
        assertEquals(firstPid, pid(), "nothing changed, so no restart");

        StateOutcome reconfigured = apply("bonjour");
        assertTrue(reconfigured.success(), () -> reconfigured.ret().toString());
        assertEquals("Service restarted", state(reconfigured, name, "service.running").get("comment"));
        long secondPid = pid();
        assertNotEquals(firstPid, secondPid);
        assertFalse(alive(firstPid));
        assertTrue(alive(secondPid));

        tree.file("stop.sls", "{{ pillar.service }}:\n  service.dead:\n    - enable: false\n");
        StateOutcome stopped = engine.apply(tree.job("stop"));
        assertEquals(Map.of(name, true, "disabled", true), state(stopped, name, "service.dead").get("changes"));
        assertFalse(alive(secondPid));
        assertFalse(anyChanges(engine.apply(tree.job("stop"))));
    }

    @Test
    void testModeStartsNothing() throws Exception {
        tree.pillar.put("greeting", "hi");
        StateOutcome out = engine.apply(tree.testJob("daemon"));
        assertNull(state(out, name, "service.running").get("result"));
        assertFalse(Files.exists(daemon.pidFile));
        assertFalse(Files.exists(work.resolve("daemon.conf")));
    }

    @Test
    void aServiceThatIsNotThereHasSaltsOutcomes() {
        String ghost = "brine-no-such-service";
        StringBuilder sls = new StringBuilder();
        for (String f : List.of("enabled", "disabled", "dead", "running")) {
            sls.append(f).append(":\n  service.").append(f).append(":\n    - name: ").append(ghost).append('\n');
        }
        tree.file("ghosts.sls", sls.toString());
        StateOutcome plan = engine.apply(tree.testJob("ghosts"));
        for (String verb : List.of("enabled", "stopped", "started")) {
            String function = switch (verb) {
                case "enabled" -> "service.enabled";
                case "stopped" -> "service.dead";
                default -> "service.running";
            };
            Map<String, Object> s = state(plan, function.substring("service.".length()), function);
            assertNull(s.get("result"), s::toString);
            assertEquals("Service " + ghost + " not present; if created in this state run, it would have been " + verb,
                    s.get("comment"));
        }
        StateOutcome applied = engine.apply(tree.job("ghosts"));
        assertEquals(true, state(applied, "disabled", "service.disabled").get("result"), "not there: not started at boot");
        assertEquals("The named service " + ghost + " is not available",
                state(applied, "dead", "service.dead").get("comment"));
        assertEquals(true, state(applied, "dead", "service.dead").get("result"));
        assertEquals(false, state(applied, "enabled", "service.enabled").get("result"));
    }

    @Test
    void anUnknownServiceFails() {
        tree.file("ghost.sls", "brine-no-such-service:\n  service.running: []\n");
        StateOutcome out = engine.apply(tree.job("ghost"));
        assertEquals(false, state(out, "brine-no-such-service", "service.running").get("result"));
    }
}
