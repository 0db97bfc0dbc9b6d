package io.brine.modules.accounts;

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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AccountStatesTest {
    @TempDir Path treeDir;
    @TempDir Path homes;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();
    final SystemAccounts accounts = new SystemAccounts();
    String user;
    String group;
    String other;

    @BeforeEach
    void setUp() {
        tree = new StateTree(treeDir);
        user = accounts.track(SystemAccounts.uniqueName());
        group = accounts.trackGroup(SystemAccounts.uniqueName());
        other = accounts.trackGroup(SystemAccounts.uniqueName());
    }

    @AfterEach
    void cleanUp() throws Exception {
        accounts.removeAll();
    }

    private StateOutcome apply(String sls) {
        tree.file("t.sls", sls);
        return engine.apply(tree.job("t"));
    }

    private static String line(String file, String name) throws Exception {
        return Files.readAllLines(Path.of(file)).stream().filter(l -> l.startsWith(name + ":")).findFirst().orElse(null);
    }

    @Test
    void groupsAndAUserAreCreatedChangedAndRemoved() throws Exception {
        String sls = """
            %1$s:
              group.present:
                - gid: 47311
            %2$s:
              group.present: []
            %3$s:
              user.present:
                - uid: 47312
                - gid: %1$s
                - home: %4$s/%3$s
                - shell: /bin/sh
                - fullname: Brine Test
                - groups: [%2$s]
                - password: '$6$salt$hash'
                - require:
                  - group: %1$s
                  - group: %2$s
            """.formatted(group, other, user, homes);
        StateOutcome first = apply(sls);
        assertTrue(first.success(), () -> first.ret().toString());
        assertEquals(user + ":x:47312:47311:Brine Test:" + homes.resolve(user) + ":/bin/sh", line("/etc/passwd", user));
        assertEquals(group + ":x:47311:", line("/etc/group", group));
        assertTrue(line("/etc/group", other).endsWith(":" + user));
        assertTrue(Files.isDirectory(homes.resolve(user)));
        assertTrue(line("/etc/shadow", user).startsWith(user + ":$6$salt$hash:"));

        StateOutcome second = engine.apply(tree.job("t"));
        assertFalse(anyChanges(second), () -> second.ret().toString());

        StateOutcome changed = apply("""
            %1$s:
              user.present:
                - shell: /bin/bash
                - groups: []
            %2$s:
              group.present:
                - members: [%1$s]
            """.formatted(user, group));
        Map<?, ?> changes = (Map<?, ?>) state(changed, user, "user.present").get("changes");
        // as Salt's user.info, groups lists the primary group too
        assertEquals(Map.of("shell", "/bin/bash", "groups", List.of(group)), changes);
        assertTrue(line("/etc/passwd", user).endsWith(":/bin/bash"));
        assertFalse(line("/etc/group", other).endsWith(user));
        assertEquals(group + ":x:47311:" + user, line("/etc/group", group));

        StateOutcome removed = apply("""
            %1$s:
              user.absent:
                - purge: true
            %2$s:
              group.absent:
                - require:
                  - user: %1$s
            """.formatted(user, other));
        assertTrue(removed.success(), () -> removed.ret().toString());
        assertNull(line("/etc/passwd", user));
        assertNull(line("/etc/group", other));
        assertFalse(anyChanges(engine.apply(tree.job("t"))));
    }

    @Test
    void addusersAndDelusersChangeOnlyTheMembersNamed() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                ProcessHandle.current().info().user().map("root"::equals).orElse(false), "creating users needs root (CI)");
        String second = accounts.track(SystemAccounts.uniqueName());
        StateOutcome made = apply("""
            %1$s:
              user.present: [{createhome: false}]
            %2$s:
              user.present: [{createhome: false}]
            %3$s:
              group.present:
                - members: [%1$s]
            """.formatted(user, second, group));
        assertTrue(made.success(), () -> made.ret().toString());
        StateOutcome added = apply("%s:\n  group.present:\n    - addusers: [%s]\n".formatted(group, second));
        assertTrue(added.success(), () -> added.ret().toString());
        assertTrue(line("/etc/group", group).endsWith(":" + user + "," + second)
                || line("/etc/group", group).endsWith(":" + second + "," + user), line("/etc/group", group));
        StateOutcome removed = apply("%s:\n  group.present:\n    - delusers: [%s]\n".formatted(group, user));
        assertTrue(removed.success(), () -> removed.ret().toString());
        assertTrue(line("/etc/group", group).endsWith(":" + second), line("/etc/group", group));
        assertFalse(anyChanges(engine.apply(tree.job("t"))), "again: nothing to do");
        StateOutcome both = apply("%s:\n  group.present:\n    - members: [%s]\n    - addusers: [%s]\n"
                .formatted(group, user, second));
        assertEquals(false, state(both, group, "group.present").get("result"));
    }

    @Test
    void testModeCreatesNobody() throws Exception {
        tree.file("t.sls", "%s:\n  user.present:\n    - createhome: false\n%s:\n  group.present: []\n".formatted(user, group));
        StateOutcome out = engine.apply(tree.testJob("t"));
        assertNull(state(out, user, "user.present").get("result"));
        assertNull(line("/etc/passwd", user));
        assertNull(line("/etc/group", group));
    }

    @Test
    void aMemberWhoIsNotAUserYetFailsTheGroupButNotItsPlan() throws Exception {
        String sls = "%s:\n  group.present:\n    - members: [%s]\n".formatted(group, user);
        tree.file("t.sls", sls);
        Map<String, Object> planned = state(engine.apply(tree.testJob("t")), group, "group.present");
        assertNull(planned.get("result"), planned::toString);
        assertEquals("Group " + group + " is set to be added; not users yet: " + user, planned.get("comment"));
        Map<String, Object> applied = state(apply(sls), group, "group.present");
        assertEquals(false, applied.get("result"));
        assertEquals("The following members are not users: " + user, applied.get("comment"));
        assertNull(line("/etc/group", group));
    }

    @Test
    void aMissingGroupFailsTheUserWithoutCreatingIt() throws Exception {
        StateOutcome out = apply("%s:\n  user.present:\n    - groups: [%s]\n    - createhome: false\n".formatted(user, other));
        assertEquals(false, state(out, user, "user.present").get("result"));
        assertTrue(state(out, user, "user.present").get("comment").toString().contains(other));
        assertNull(line("/etc/passwd", user));
    }
}
