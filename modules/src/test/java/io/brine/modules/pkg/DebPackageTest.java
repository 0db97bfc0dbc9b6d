package io.brine.modules.pkg;

import static io.brine.states.Outcomes.anyChanges;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import io.brine.states.SystemAccounts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real .deb, built here with dpkg-deb, installed, upgraded and removed through the pkg states. */
class DebPackageTest {
    @TempDir Path treeDir;
    @TempDir Path build;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();
    String pkg;

    @BeforeEach
    void setUp() throws Exception {
        tree = new StateTree(treeDir);
        pkg = SystemAccounts.uniqueName();
        buildDeb("1.0-1", "debs/" + pkg + "_1.0.deb");
        buildDeb("2.0-1", "debs/" + pkg + "_2.0.deb");
    }

    @AfterEach
    void purge() throws Exception {
        if (dpkgStatus().contains("installed") || dpkgStatus().contains("config-files")) {
            run("dpkg", "--purge", pkg);
        }
    }

    private void buildDeb(String version, String into) throws Exception {
        Path root = build.resolve(version);
        Files.createDirectories(root.resolve("DEBIAN"));
        Path payload = Files.createDirectories(root.resolve("usr/share/" + pkg));
        Files.writeString(payload.resolve("version"), version + "\n");
        Files.writeString(root.resolve("DEBIAN/control"), """
            Package: %s
            Version: %s
            Architecture: all
            Maintainer: Brine tests <tests@brine.invalid>
            Description: throwaway package built by Brine's tests
            """.formatted(pkg, version));
        Path out = treeDir.resolve(into);
        Files.createDirectories(out.getParent());
        run("dpkg-deb", "--root-owner-group", "--build", root.toString(), out.toString());
    }

    private String dpkgStatus() throws Exception {
        Process p = new ProcessBuilder("dpkg-query", "-W", "-f=${Status}", pkg).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        return p.waitFor() == 0 ? out : "";
    }

    private static void run(String... argv) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", argv) + ": " + out);
        }
    }

    private StateOutcome apply(String sls) {
        tree.file("t.sls", sls);
        return engine.apply(tree.job("t"));
    }

    private Path payload() {
        return Path.of("/usr/share", pkg, "version");
    }

    @Test
    void aDebIsInstalledFromSourcesUpgradedByANewerSourceKeptLatestAndRemoved() throws Exception {
        String v1 = "%1$s:\n  pkg.installed:\n    - sources:\n      - %1$s: brine://debs/%1$s_1.0.deb\n".formatted(pkg);
        StateOutcome installed = apply(v1);
        assertTrue(installed.success(), () -> installed.ret().toString());
        assertEquals(Map.of(pkg, Map.of("old", "", "new", "1.0-1")), state(installed, pkg, "pkg.installed").get("changes"));
        assertEquals("1.0-1\n", Files.readString(payload()));
        assertFalse(anyChanges(engine.apply(tree.job("t"))), "installing the same file again changes nothing");

        StateOutcome upgraded = apply(v1.replace("_1.0.deb", "_2.0.deb"));
        assertEquals(Map.of(pkg, Map.of("old", "1.0-1", "new", "2.0-1")), state(upgraded, pkg, "pkg.installed").get("changes"));
        assertEquals("2.0-1\n", Files.readString(payload()));

        StateOutcome latest = apply("%s:\n  pkg.latest: []\n".formatted(pkg));
        assertTrue(latest.success(), () -> latest.ret().toString());
        assertFalse(anyChanges(latest), "the installed version is the newest one apt knows");
        StateOutcome versionLatest = apply("%s:\n  pkg.installed:\n    - version: latest\n    - refresh: False\n"
                .formatted(pkg));
        assertTrue(versionLatest.success(), () -> versionLatest.ret().toString());
        assertFalse(anyChanges(versionLatest), "Salt's version: latest is the newest version, installed already");

        StateOutcome removed = apply("%s:\n  pkg.removed: []\n".formatted(pkg));
        assertEquals(Map.of(pkg, Map.of("old", "2.0-1", "new", "")), state(removed, pkg, "pkg.removed").get("changes"));
        assertFalse(Files.exists(payload()));
        assertFalse(anyChanges(engine.apply(tree.job("t"))));
    }

    @Test
    void testModeReportsTheInstallWithoutInstalling() throws Exception {
        tree.file("t.sls", "%1$s:\n  pkg.installed:\n    - sources:\n      - %1$s: brine://debs/%1$s_1.0.deb\n".formatted(pkg));
        Map<String, Object> result = state(engine.apply(tree.testJob("t")), pkg, "pkg.installed");
        assertNull(result.get("result"));
        assertEquals(Map.of(pkg, Map.of("old", "", "new", "1.0-1")), result.get("changes"));
        assertEquals("", dpkgStatus());
    }

    @Test
    void aSourceHoldingAnotherPackageIsRefused() {
        StateOutcome out = apply("other:\n  pkg.installed:\n    - sources:\n      - other: brine://debs/%s_1.0.deb\n".formatted(pkg));
        assertEquals(false, state(out, "other", "pkg.installed").get("result"));
    }

    @Test
    void anUnknownOsFamilyFailsClearly() {
        tree.grains.put("os_family", "Plan9");
        StateOutcome out = apply("x:\n  pkg.installed: []\n");
        assertTrue(state(out, "x", "pkg.installed").get("comment").toString().contains("No package provider for os_family 'Plan9'"));
    }
}
