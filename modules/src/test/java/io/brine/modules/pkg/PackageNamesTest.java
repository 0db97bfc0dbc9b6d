package io.brine.modules.pkg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brine.functions.Arguments;
import io.brine.functions.FunctionPolicy;
import io.brine.states.DirectoryStateFiles;
import io.brine.states.StateEngine;
import io.brine.states.StateJob;
import io.brine.states.StateOutcome;
import io.brine.modules.RecordingCommands;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A package name never reaches a package tool as an option: apt-get's {@code -oDPkg::Pre-Invoke::=CMD} would run
 * CMD as root whatever cmd_allowed says.
 */
class PackageNamesTest {
    @TempDir
    Path dir;

    @Test
    void aWordStartingWithADashOrHoldingSpacesIsNotAPackageName() {
        for (String bad : List.of("-oDPkg::Pre-Invoke::=touch /tmp/x", "--setopt=pluginpath=/tmp", "a b", "", " ")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new PackageManager.Request(bad, null), bad);
            assertEquals("'" + bad + "' is not a package name: a name is one word and does not start with '-'",
                    e.getMessage());
        }
        assertEquals("libc6", PackageManager.requireName("libc6"));
        assertEquals("g++", new PackageManager.Request("g++", "4:12.2.0-3").name());
    }

    @Test
    void pkgInstalledWithAnOptionForANameFailsBeforeAnyToolRuns() {
        RecordingCommands commands = new RecordingCommands();
        StateJob job = new StateJob(List.of(), new DirectoryStateFiles(List.of(dir)), "web1",
                Map.of("os_family", "Debian"), Map.of(), false, FunctionPolicy.ALLOW_ALL, false, commands,
                io.brine.functions.FunctionCaller.NONE);
        String name = "-oDPkg::Pre-Invoke::=touch " + dir.resolve("x");
        StateOutcome out = StateEngine.withInstalledFunctions().single("pkg.installed",
                Map.of("name", "ok", "pkgs", List.of("curl", name)), job);
        Map<String, Object> state = out.states().values().iterator().next();
        assertEquals(false, state.get("result"), state.toString());
        assertEquals(List.of(), commands.argvs());
        assertThrows(IllegalArgumentException.class, () -> Targets.of(Arguments.of(Map.of("name", name))));
    }
}
