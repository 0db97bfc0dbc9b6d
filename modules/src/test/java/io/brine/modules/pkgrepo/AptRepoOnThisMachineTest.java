package io.brine.modules.pkgrepo;

import static io.brine.states.Outcomes.anyChanges;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pkgrepo against this machine's own apt: a local repository (a .deb built with dpkg-deb, indexed with
 * dpkg-scanpackages) configured in the real /etc/apt/sources.list.d, refreshed, seen by apt-cache, and removed.
 * The refresh reads only the new file, so no network is touched.
 */
class AptRepoOnThisMachineTest {
    @TempDir Path treeDir;
    String pkg;
    Path repo;
    Path listFile;
    StateTree tree;
    StateEngine engine;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root to write /etc/apt");
        assumeTrue(new File("/usr/bin/dpkg-scanpackages").canExecute(), "needs dpkg-dev");
        String unique = UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        pkg = "brinerepo" + unique;
        listFile = Path.of("/etc/apt/sources.list.d/brine-test-" + unique + ".list");
        // apt reads file: repositories as its sandbox user, who cannot enter a private temporary directory
        repo = Files.createTempDirectory("brine-apt-repo-", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxr-xr-x")));
        buildAndIndex();
        tree = new StateTree(treeDir);
        engine = StateEngine.of(List.of(new PkgrepoStates()));
    }

    @AfterEach
    void cleanUp() throws Exception {
        if (listFile != null) {
            Files.deleteIfExists(listFile);
        }
        if (repo != null) {
            String listed = repo.toString().replace('/', '_');
            try (Stream<Path> lists = Files.list(Path.of("/var/lib/apt/lists"))) {
                for (Path p : lists.filter(p -> p.getFileName().toString().contains(listed)).toList()) {
                    Files.deleteIfExists(p);
                }
            }
            try (Stream<Path> all = Files.walk(repo)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    private void buildAndIndex() throws IOException, InterruptedException {
        Path root = Files.createDirectories(repo.resolve("build/DEBIAN"));
        Files.writeString(root.resolve("control"), """
            Package: %s
            Version: 1.0
            Architecture: all
            Maintainer: Brine tests <tests@brine.invalid>
            Description: throwaway package for Brine's pkgrepo test
            """.formatted(pkg));
        run(repo, "dpkg-deb", "--root-owner-group", "--build", "build", pkg + "_1.0_all.deb");
        Files.writeString(repo.resolve("Packages"), run(repo, "dpkg-scanpackages", "--multiversion", ".", "/dev/null"));
    }

    private static String run(Path dir, String... argv) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(argv).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), String.join(" ", argv));
        return out;
    }

    private String policy() throws IOException, InterruptedException {
        return run(Path.of("/"), "apt-cache", "policy", pkg);
    }

    @Test
    void managedRefreshesAptWhichThenKnowsThePackageAndAbsentTakesItAway() throws Exception {
        String line = "deb [trusted=yes] file:" + repo + " ./";
        tree.file("on.sls", """
            local:
              pkgrepo.managed:
                - name: %s
                - file: %s
            """.formatted(line, listFile));
        StateOutcome dry = engine.apply(tree.testJob("on"));
        assertNull(state(dry, "local", "pkgrepo.managed").get("result"), () -> dry.ret().toString());
        assertEquals(Map.of("repo", line), state(dry, "local", "pkgrepo.managed").get("changes"));
        assertFalse(Files.exists(listFile));

        StateOutcome on = engine.apply(tree.job("on"));
        assertTrue(on.success(), () -> on.ret().toString());
        assertEquals(line + "\n", Files.readString(listFile));
        assertTrue(policy().contains("Candidate: 1.0"), this::policyText);
        StateOutcome again = engine.apply(tree.job("on"));
        assertTrue(again.success() && !anyChanges(again), () -> again.ret().toString());

        tree.file("off.sls", "local:\n  pkgrepo.absent:\n    - name: " + line + "\n");
        StateOutcome off = engine.apply(tree.job("off"));
        assertTrue(off.success(), () -> off.ret().toString());
        assertEquals(Map.of("repo", line), state(off, "local", "pkgrepo.absent").get("changes"));
        assertFalse(Files.exists(listFile));
        assertFalse(policy().contains("Candidate: 1.0"), this::policyText);
    }

    private String policyText() {
        try {
            return policy();
        } catch (Exception e) {
            return e.toString();
        }
    }
}
