package io.brine.modules.service;

import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import io.brine.functions.StateResult;
import io.brine.states.Runners;
import io.brine.states.StateEngine;
import io.brine.states.StateTree;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Masks through the real systemctl, which edits /etc/systemd/system itself when systemd is not running, on a unit
 * name no package owns. Runtime masks are only recorded: setting one here would create /run/systemd/system, the
 * very directory by which every Brine process on this machine decides that systemd runs.
 */
class ServiceMaskingTest {
    @TempDir Path treeDir;
    @TempDir Path root;
    final String unit = "brine-mask-" + UUID.randomUUID().toString().substring(0, 8);
    final Path link = Path.of("/etc/systemd/system", unit + ".service");

    @AfterEach
    void removeMask() throws Exception {
        if (Files.isSymbolicLink(link)) {
            Files.delete(link);
        }
    }

    @Test
    void aPersistentMaskIsPredictedSetKeptAndRemoved() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")));
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/systemctl")), "systemctl is not installed");
        SystemdMasks masks = new SystemdMasks(Runners.LOCAL, Path.of("/"));
        ServiceMasking masked = new ServiceMasking(true);

        StateResult predicted = masked.converge("systemd", Optional.of(masks), unit, false, true);
        assertNull(predicted.result());
        assertEquals(Map.of("masked", Map.of("old", false, "new", true)), predicted.changes());
        assertFalse(Files.exists(link, LinkOption.NOFOLLOW_LINKS));

        StateResult done = masked.converge("systemd", Optional.of(masks), unit, false, false);
        assertEquals(true, done.result(), done.comment());
        assertEquals("Service " + unit + " was masked", done.comment());
        assertEquals(Path.of("/dev/null"), Files.readSymbolicLink(link));

        StateResult again = masked.converge("systemd", Optional.of(masks), unit, false, false);
        assertTrue(again.changes().isEmpty());
        assertEquals("Service " + unit + " is already masked", again.comment());

        StateResult unmasked = new ServiceMasking(false).converge("systemd", Optional.of(masks), unit, false, false);
        assertEquals(Map.of("masked", Map.of("old", true, "new", false)), unmasked.changes());
        assertFalse(Files.exists(link, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aRuntimeMaskIsSystemctlMaskRuntimeOfTheServiceUnit() throws Exception {
        List<List<String>> ran = new ArrayList<>();
        CommandRunner recording = command -> {
            ran.add(command.argv());
            Path runLink = root.resolve("run/systemd/system/sshd.service");
            Files.createDirectories(runLink.getParent());
            Files.createSymbolicLink(runLink, Path.of("/dev/null"));
            return new CommandResult(0, "", "", 0);
        };
        StateResult done = new ServiceMasking(true).converge("systemd", Optional.of(new SystemdMasks(recording, root)),
                "sshd", true, false);
        assertEquals(List.of(List.of("systemctl", "mask", "--runtime", "sshd.service")), ran);
        assertEquals(Map.of("runtime masked", Map.of("old", false, "new", true)), done.changes());
        assertEquals("ctrl-alt-del.target", SystemdMasks.unit("ctrl-alt-del.target"));
    }

    @Test
    void otherInitSystemsHaveNoMasks() throws Exception {
        StateResult refused = new ServiceMasking(true).converge("sysvinit", Optional.empty(), "nginx", false, false);
        assertEquals(false, refused.result());
        assertEquals("Service masking is a systemd feature; this minion's init system is sysvinit, so nginx cannot be"
                + " masked", refused.comment());
    }

    @Test
    void theStateFailsClearlyWhereSystemdDoesNotRun() {
        assumeFalse(Files.isDirectory(Path.of("/run/systemd/system")), "systemd runs here");
        StateTree tree = new StateTree(treeDir);
        tree.file("t.sls", unit + ":\n  service.unmasked: []\n");
        Map<String, Object> result = state(StateEngine.withInstalledFunctions().apply(tree.job("t")), unit,
                "service.unmasked");
        assertEquals(false, result.get("result"));
        assertTrue(((String) result.get("comment")).startsWith("Service masking is a systemd feature"));
    }
}
