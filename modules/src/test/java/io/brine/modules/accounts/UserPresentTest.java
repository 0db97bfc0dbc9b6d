package io.brine.modules.accounts;

import static io.brine.states.Outcomes.anyChanges;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import io.brine.states.SystemAccounts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** user.present with Salt's full argument set, against real accounts with unique names. */
class UserPresentTest {
    @TempDir Path treeDir;
    @TempDir Path homes;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();
    final SystemAccounts accounts = new SystemAccounts();
    String user;
    String primary;
    String extra;
    long uid;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "managing users needs root (CI)");
        tree = new StateTree(treeDir);
        user = accounts.track(SystemAccounts.uniqueName());
        primary = accounts.trackGroup(SystemAccounts.uniqueName());
        extra = accounts.trackGroup(SystemAccounts.uniqueName());
        uid = 48000 + ThreadLocalRandom.current().nextInt(1000);
        run("groupadd", primary);
        run("groupadd", extra);
    }

    @AfterEach
    void cleanUp() throws Exception {
        accounts.removeAll();
    }

    private StateOutcome apply(String sls) {
        tree.file("t.sls", sls);
        return engine.apply(tree.job("t"));
    }

    private Map<String, Object> result(StateOutcome out) {
        return state(out, user, "user.present");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> changes(StateOutcome out) {
        return (Map<String, Object>) result(out).get("changes");
    }

    private String[] entry(String database) throws Exception {
        Process p = new ProcessBuilder("getent", database, user).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        return p.waitFor() == 0 ? out.split(":", -1) : null;
    }

    private static String run(String... argv) throws Exception {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), () -> String.join(" ", argv) + ": " + out);
        return out;
    }

    @Test
    void aNewUserGetsEveryAttributeAndReappliesWithoutChanges() throws Exception {
        String sls = """
            %1$s:
              user.present:
                - uid: %2$d
                - gid: %3$s
                - groups: [%4$s]
                - optional_groups: [%4$s, nosuchgroup%1$s]
                - home: %5$s/%1$s
                - shell: /bin/sh
                - fullname: Ann Lee
                - roomnumber: '12'
                - workphone: 555-1
                - homephone: 555-2
                - other: x,y
                - password: s3cret
                - hash_password: True
                - mindays: 1
                - maxdays: 90
                - warndays: 5
                - inactdays: 3
                - expire: 30000
                - date: 19000
                - nologinit: True
            """.formatted(user, uid, primary, extra, homes);
        StateOutcome first = apply(sls);
        assertEquals(true, result(first).get("result"), () -> first.ret().toString());
        assertEquals("New user " + user + " created", result(first).get("comment"));
        String[] pw = entry("passwd");
        assertEquals(List.of(Long.toString(uid), gidOf(primary), "Ann Lee,12,555-1,555-2,x,y", homes + "/" + user,
                "/bin/sh"), List.of(pw[2], pw[3], pw[4], pw[5], pw[6]));
        assertTrue(Files.isDirectory(homes.resolve(user)));
        String[] sh = entry("shadow");
        assertTrue(sh[1].startsWith("$6$"), sh[1]);
        String salt = sh[1].split("\\$")[2];
        assertEquals(sh[1], opensslHash("s3cret", salt), "the stored hash is SHA-512 crypt of the clear text");
        assertEquals(List.of("19000", "1", "90", "5", "3", "30000"), List.of(sh[2], sh[3], sh[4], sh[5], sh[6], sh[7]));
        Map<String, Object> changes = changes(first);
        assertEquals(UserPresent.REDACTED, changes.get("password"));
        assertEquals(List.of(extra, primary).stream().sorted().toList(), changes.get("groups"));
        assertEquals("x,y", changes.get("other"));
        assertEquals(90L, ((Number) changes.get("maxdays")).longValue());
        assertFalse(changes.toString().contains(sh[1]), "the hash is never reported");

        StateOutcome again = engine.apply(tree.job("t"));
        assertTrue(again.success(), () -> again.ret().toString());
        assertFalse(anyChanges(again), () -> "re-apply changed something: " + again.ret());
    }

    @Test
    void testModePredictsEachChangeAndTheRunReportsSaltsKeys() throws Exception {
        run("useradd", "-M", "-g", primary, "-s", "/bin/sh", "-c", "Old Name", user);
        String sls = """
            %1$s:
              user.present:
                - createhome: False
                - shell: /bin/bash
                - fullname: New Name
                - workphone: '777'
                - groups: [%2$s]
                - password: '$6$abcdefgh$notarealhash'
                - maxdays: 60
            """.formatted(user, extra);
        tree.file("t.sls", sls);
        StateOutcome dry = engine.apply(tree.testJob("t"));
        assertNull(result(dry).get("result"), () -> dry.ret().toString());
        assertEquals(Map.of("shell", "/bin/bash", "fullname", "New Name", "workphone", "777", "groups", List.of(extra),
                "passwd", UserPresent.REDACTED, "maxdays", 60L), changes(dry));
        assertTrue(result(dry).get("comment").toString().contains("maxdays: 60"));
        assertEquals("/bin/sh", entry("passwd")[6], "test mode changed nothing");
        assertEquals("!", entry("shadow")[1]);

        StateOutcome real = apply(sls);
        assertEquals(true, result(real).get("result"), () -> real.ret().toString());
        Map<String, Object> changes = changes(real);
        assertEquals(Set.of("shell", "fullname", "workphone", "groups", "passwd", "max"), changes.keySet());
        assertEquals(UserPresent.REDACTED, changes.get("passwd"));
        assertEquals(List.of(extra, primary).stream().sorted().toList(), changes.get("groups"));
        assertEquals("New Name,,777", entry("passwd")[4]);
        assertEquals("$6$abcdefgh$notarealhash", entry("shadow")[1]);
        assertFalse(anyChanges(engine.apply(tree.job("t"))), "re-apply changes nothing");
    }

    @Test
    void uidAndGidChangesFailUnlessAllowed() throws Exception {
        run("useradd", "-M", "-u", Long.toString(uid), "-g", primary, user);
        StateOutcome refused = apply("""
            %1$s:
              user.present:
                - createhome: False
                - uid: %2$d
                - gid: %3$s
            """.formatted(user, uid + 1, extra));
        assertEquals(false, result(refused).get("result"));
        String comment = result(refused).get("comment").toString();
        assertTrue(comment.contains("allow_uid_change") && comment.contains("allow_gid_change"), comment);
        assertEquals(Long.toString(uid), entry("passwd")[2], "nothing changed");

        StateOutcome allowed = apply("""
            %1$s:
              user.present:
                - createhome: False
                - uid: %2$d
                - gid: %3$s
                - allow_uid_change: True
                - allow_gid_change: True
            """.formatted(user, uid + 1, extra));
        assertEquals(true, result(allowed).get("result"), () -> allowed.ret().toString());
        assertEquals(uid + 1, ((Number) changes(allowed).get("uid")).longValue());
        assertEquals(List.of(Long.toString(uid + 1), gidOf(extra)), List.of(entry("passwd")[2], entry("passwd")[3]));
    }

    @Test
    void passwordsFollowEnforceAndEmptyPassword() throws Exception {
        run("useradd", "-M", user);
        run("sh", "-c", "echo '" + user + ":$6$aaaaaaaa$kept' | chpasswd -e");
        StateOutcome kept = apply("%s:\n  user.present:\n    - createhome: False\n    - password: '$6$b$new'\n"
                .formatted(user) + "    - enforce_password: False\n");
        assertTrue(kept.success(), () -> kept.ret().toString());
        assertFalse(anyChanges(kept), "a password already set is kept without enforce_password");
        assertEquals("$6$aaaaaaaa$kept", entry("shadow")[1]);

        StateOutcome emptied = apply("%s:\n  user.present:\n    - createhome: False\n    - empty_password: True\n"
                .formatted(user));
        assertEquals(UserPresent.REDACTED, changes(emptied).get("passwd"));
        assertEquals("", entry("shadow")[1]);
        assertFalse(anyChanges(engine.apply(tree.job("t"))));
    }

    @Test
    void removeGroupsFalseOnlyAddsAndUsergroupFalseMakesNoOwnGroup() throws Exception {
        StateOutcome made = apply("""
            %1$s:
              user.present:
                - createhome: False
                - usergroup: False
                - groups: [%2$s]
            """.formatted(user, primary));
        assertEquals(true, result(made).get("result"), () -> made.ret().toString());
        assertFalse(SystemAccounts.exists("group", user), "usergroup False: no group named as the user");
        StateOutcome added = apply("""
            %1$s:
              user.present:
                - createhome: False
                - groups: [%2$s]
                - remove_groups: False
            """.formatted(user, extra));
        assertTrue(added.success(), () -> added.ret().toString());
        String groups = run("id", "-Gn", user);
        assertTrue(groups.contains(primary) && groups.contains(extra), groups);
    }

    @Test
    void anExistingUserWithoutAHomeGetsOneAndBadArgumentsFailClearly() throws Exception {
        run("useradd", "-M", "-d", homes.resolve(user).toString(), user);
        StateOutcome home = apply("%s:\n  user.present: []\n".formatted(user));
        assertEquals(true, result(home).get("result"), () -> home.ret().toString());
        assertTrue(Files.isDirectory(homes.resolve(user)));
        assertEquals(homes.resolve(user).toString(), changes(home).get("home"));

        StateOutcome comma = apply("%s:\n  user.present:\n    - fullname: 'Lee, Ann'\n".formatted(user));
        assertEquals(false, result(comma).get("result"));
        assertTrue(result(comma).get("comment").toString().contains("','"));
        StateOutcome missing = apply("%s:\n  user.present:\n    - gid: nosuch%s\n".formatted(user, user));
        assertEquals(false, result(missing).get("result"));
        assertTrue(result(missing).get("comment").toString().contains("nosuch" + user));
        assertNotEquals(null, entry("passwd"));
    }

    private static String gidOf(String group) throws Exception {
        return run("getent", "group", group).split(":")[2];
    }

    private static String opensslHash(String clear, String salt) throws Exception {
        Process p = new ProcessBuilder("openssl", "passwd", "-6", "-salt", salt, "-stdin").start();
        p.getOutputStream().write((clear + "\n").getBytes());
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertEquals(0, p.waitFor());
        return out;
    }
}
