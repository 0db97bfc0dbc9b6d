package io.brine.modules.pkg;

import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.functions.Command;
import io.brine.functions.CommandRunner;
import io.brine.states.DirectoryStateFiles;
import io.brine.states.Runners;
import io.brine.states.StateEngine;
import io.brine.states.StateJob;
import io.brine.states.StateTree;
import io.brine.states.SystemAccounts;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** pkg.installed's fromrepo on apt: the install targets that release (-t), from a throwaway repository. */
class PkgFromrepoTest {
    @TempDir Path treeDir;
    @TempDir Path repoDir;
    final StateEngine engine = StateEngine.withInstalledFunctions();
    final String pkg = SystemAccounts.uniqueName();
    StateTree tree;
    CommandRunner apt;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "installing packages needs root");
        LocalAptRepo repo = new LocalAptRepo(repoDir);
        repo.publish(repo.build(pkg, "1.0-1", Map.of()));
        repo.release("brinetest");
        apt = repo.confine(Runners.LOCAL);
        assertTrue(apt.run(Command.of("apt-get", "update", "-q")).ok());
        tree = new StateTree(treeDir);
    }

    @AfterEach
    void purge() throws Exception {
        if (Runners.LOCAL.run(Command.of("dpkg-query", "-W", "-f=${Status}", pkg)).stdout().contains(" installed")) {
            LocalAptRepo.run("dpkg", "--purge", pkg);
        }
    }

    private Map<String, Object> installed(String fromrepo, boolean test) {
        tree.file("t.sls", "%s:\n  pkg.installed:\n    - fromrepo: %s\n    - runas: nobody\n".formatted(pkg, fromrepo));
        StateJob job = new StateJob(List.of("t"), new DirectoryStateFiles(List.of(treeDir)), "web1", tree.grains,
                tree.pillar, test, apt);
        return state(engine.apply(job), pkg, "pkg.installed");
    }

    @Test
    void theReleaseNamedByFromrepoIsTheOneInstalledFrom() throws Exception {
        Map<String, Object> predicted = installed("brinetest", true);
        assertNull(predicted.get("result"));
        assertFalse(Runners.LOCAL.run(Command.of("dpkg-query", "-W", pkg)).ok());

        Map<String, Object> unknown = installed("nosuchrelease", false);
        assertEquals(false, unknown.get("result"));
        assertTrue(unknown.get("comment").toString().contains("nosuchrelease"), unknown::toString);

        Map<String, Object> done = installed("brinetest", false);
        assertEquals(true, done.get("result"), done::toString);
        assertEquals(Map.of(pkg, Map.of("old", "", "new", "1.0-1")), done.get("changes"));
        assertEquals(Map.of(), installed("brinetest", false).get("changes"));
    }
}
