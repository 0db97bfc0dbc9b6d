package io.brine.modules.ssh;

import static io.brine.states.Outcomes.anyChanges;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionRegistry;
import io.brine.functions.MasterLink;
import io.brine.functions.MinionControl;
import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import io.brine.states.SystemAccounts;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ssh_auth states against a real throwaway account's home and keys made by ssh-keygen. */
class SshAuthStatesTest {
    @TempDir Path treeDir;
    @TempDir Path homes;
    final SystemAccounts accounts = new SystemAccounts();
    final StateEngine engine = StateEngine.withInstalledFunctions();
    StateTree tree;
    String user;
    Path home;
    Path keysFile;
    String key;      // ssh-ed25519 AAAA... comment
    String keyData;  // AAAA...

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "creating accounts needs root");
        tree = new StateTree(treeDir);
        user = AccountWithHome.create(accounts, homes);
        home = homes.resolve(user);
        keysFile = home.resolve(".ssh/authorized_keys");
        key = AccountWithHome.newKey(homes, "deploy@ci");
        keyData = key.split(" ")[1];
    }

    @AfterEach
    void cleanUp() throws Exception {
        accounts.removeAll();
    }

    private StateOutcome apply(String sls) {
        tree.file("t.sls", sls.replace("USER", user));
        return engine.apply(tree.job("t"));
    }

    /** Test mode first (nothing written, the change predicted), then for real, then nothing left to do. */
    private Map<String, Object> converge(String id, String function, String sls) throws Exception {
        tree.file("t.sls", sls.replace("USER", user));
        String original = Files.exists(keysFile) ? Files.readString(keysFile) : null;
        StateOutcome dry = engine.apply(tree.testJob("t"));
        Map<String, Object> predicted = state(dry, id, function);
        assertNull(predicted.get("result"), () -> dry.ret().toString());
        assertEquals(original, Files.exists(keysFile) ? Files.readString(keysFile) : null, "test mode wrote");
        StateOutcome first = engine.apply(tree.job("t"));
        assertTrue(first.success(), () -> first.ret().toString());
        Map<String, Object> result = state(first, id, function);
        assertFalse(((Map<?, ?>) result.get("changes")).isEmpty());
        assertEquals(predicted.get("changes"), result.get("changes"));
        StateOutcome second = engine.apply(tree.job("t"));
        assertTrue(second.success(), () -> second.ret().toString());
        assertFalse(anyChanges(second), () -> second.ret().toString());
        return result;
    }

    @Test
    void aWholeKeyLineIsAddedInANewPrivateDirectoryAndFileOwnedByTheUser() throws Exception {
        Map<String, Object> result = converge("k", "ssh_auth.present", """
            k:
              ssh_auth.present:
                - name: %s
                - user: USER
            """.formatted(key));
        assertEquals(Map.of(keyData, "New"), result.get("changes"));
        assertEquals(key + "\n", Files.readString(keysFile));
        assertOwnedPrivate(keysFile.getParent(), "rwx------");
        assertOwnedPrivate(keysFile, "rw-------");
    }

    @Test
    void aBareKeyTakesEncCommentAndOptionsAndAChangedCommentUpdatesItsLine() throws Exception {
        Files.createDirectory(home.resolve(".ssh"));
        Files.writeString(keysFile, "# managed by hand\nssh-rsa AAAAB3NzaC1yc2E= someone\n");
        String sls = """
            %s:
              ssh_auth.present:
                - user: USER
                - enc: ed25519
                - comment: %s
                - options: [no-pty, 'command="echo hi, there"']
            """;
        converge(keyData, "ssh_auth.present", sls.formatted(keyData, "first"));
        String line = "no-pty,command=\"echo hi, there\" ssh-ed25519 " + keyData + " first\n";
        assertEquals("# managed by hand\nssh-rsa AAAAB3NzaC1yc2E= someone\n" + line, Files.readString(keysFile));
        Map<String, Object> updated = converge(keyData, "ssh_auth.present", sls.formatted(keyData, "second"));
        assertEquals(Map.of(keyData, "Updated"), updated.get("changes"));
        assertEquals("# managed by hand\nssh-rsa AAAAB3NzaC1yc2E= someone\n" + line.replace("first", "second"),
                Files.readString(keysFile));
    }

    @Test
    void absentRemovesTheKeyWhateverItsCommentAndLeavesTheRest() throws Exception {
        Files.createDirectory(home.resolve(".ssh"));
        Files.writeString(keysFile, "ssh-rsa AAAAB3NzaC1yc2E= someone\nno-pty " + key + "\n");
        Map<String, Object> result = converge(keyData, "ssh_auth.absent",
                keyData + ":\n  ssh_auth.absent:\n    - user: USER\n");
        assertEquals(Map.of(keyData, "Removed"), result.get("changes"));
        assertEquals("ssh-rsa AAAAB3NzaC1yc2E= someone\n", Files.readString(keysFile));
    }

    @Test
    void keysFromASourceFileGoToAConfigPathWithTokens() throws Exception {
        String other = AccountWithHome.newKey(homes, "other@ci");
        tree.file("keys/team.pub", "# the team\n" + key + "\n" + other + "\n");
        Path custom = home.resolve("keys/" + user);
        Files.createDirectories(custom.getParent());
        keysFile = custom; // what converge watches
        Map<String, Object> result = converge("team", "ssh_auth.present", """
            team:
              ssh_auth.present:
                - user: USER
                - source: salt://keys/team.pub
                - config: '%h/keys/%u'
            """);
        assertEquals(Map.of("team", "New"), result.get("changes"));
        assertEquals(key + "\n" + other + "\n", Files.readString(custom));
        FunctionContext ctx = new FunctionContext("m", "1", Map.of(), MasterLink.NONE,
                Instant.now().plus(Duration.ofMinutes(1)), FunctionRegistry.installed(), treeDir, MinionControl.NONE);
        Map<?, ?> listed = (Map<?, ?>) ctx.call("ssh.auth_keys", List.of(user), Map.of("config", "keys/%u")).ret();
        assertEquals(2, listed.size());
        Map<?, ?> info = (Map<?, ?>) listed.get(keyData);
        assertEquals("ssh-ed25519", info.get("enc"));
        assertEquals("deploy@ci", info.get("comment"));
        assertEquals(Fingerprints.of(keyData, null).orElseThrow(), info.get("fingerprint"));
        String keygen = AccountWithHome.run("ssh-keygen", "-l", "-E", "sha256", "-f", custom.toString());
        assertTrue(keygen.contains(fingerprintInOpenSshForm(keyData)), keygen);
        Map<?, ?> byUser = (Map<?, ?>) ctx.call("ssh.auth_keys", List.of(), Map.of("user", List.of(user, "brinenosuch"),
                "config", "keys/%u")).ret();
        assertEquals(List.of(user), List.copyOf(byUser.keySet()));
    }

    @Test
    void theKeysOfANamesListAreEachAdded() throws Exception {
        String other = AccountWithHome.newKey(homes, "other@ci");
        StateOutcome out = apply("""
            keys:
              ssh_auth.present:
                - user: USER
                - names:
                  - %s
                  - %s
            """.formatted(key, other));
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals(key + "\n" + other + "\n", Files.readString(keysFile));
    }

    @Test
    void badArgumentsFailWithAReasonAndWriteNothing() throws Exception {
        StateOutcome out = apply("""
            bad-type:
              ssh_auth.present:
                - name: %s
                - user: USER
                - enc: blowfish
            bad-key:
              ssh_auth.present:
                - name: 'ssh-ed25519 not*base64 x'
                - user: USER
            no-user:
              ssh_auth.present:
                - name: %s
                - user: brinenosuchuser
            bad-config:
              ssh_auth.present:
                - name: %s
                - user: USER
                - config: '%%q/keys'
            no-source:
              ssh_auth.present:
                - user: USER
                - source: salt://missing.pub
            """.formatted(keyData, keyData, keyData));
        assertFalse(out.success());
        assertEquals("Incorrect encryption key type 'blowfish'.", comment(out, "bad-type"));
        assertTrue(comment(out, "bad-key").startsWith("Invalid public ssh key"), comment(out, "bad-key"));
        assertEquals("User 'brinenosuchuser' does not exist", comment(out, "no-user"));
        assertTrue(comment(out, "bad-config").contains("unknown token \"%q\""), comment(out, "bad-config"));
        assertTrue(comment(out, "no-source").contains("salt://missing.pub"), comment(out, "no-source"));
        assertFalse(Files.exists(keysFile.getParent()));
    }

    @Test
    void aUserWithoutAHomeDirectoryGetsNoKeysAndAReason() throws Exception {
        String homeless = accounts.newUser();
        String home = "/home/" + homeless;
        assumeTrue(!Files.exists(Path.of(home)), "useradd -M made no home");
        StateOutcome out = apply("k:\n  ssh_auth.present:\n    - name: " + key + "\n    - user: " + homeless + "\n");
        assertFalse(out.success());
        assertEquals("Cannot add the ssh key for " + homeless + ": home directory " + home + " does not exist",
                comment(out, "k"));
        assertFalse(Files.exists(Path.of(home)));
    }

    @Test
    void inTestModeTheFilesOfAUserCreatedAboveArePendingNotFailed() {
        String future = SystemAccounts.uniqueName();
        tree.file("t.sls", """
            %1$s:
              user.present: []
            k:
              ssh_auth.present:
                - name: %2$s
                - user: %1$s
            git.example.com:
              ssh_known_hosts.present:
                - user: %1$s
                - enc: ssh-ed25519
                - key: %3$s
            old.example.com:
              ssh_known_hosts.absent:
                - user: %1$s
            """.formatted(future, key, keyData));
        StateOutcome out = engine.apply(tree.testJob("t"));
        Map<String, Object> auth = state(out, "k", "ssh_auth.present");
        assertNull(auth.get("result"), auth.toString());
        assertEquals(Map.of(keyData, "New"), auth.get("changes"));
        Map<String, Object> host = state(out, "git.example.com", "ssh_known_hosts.present");
        assertNull(host.get("result"), host.toString());
        Map<String, Object> gone = state(out, "old.example.com", "ssh_known_hosts.absent");
        assertEquals(true, gone.get("result"), gone.toString());
        assertEquals("Host old.example.com is already absent: user " + future + " is created by an earlier state",
                gone.get("comment"));
    }

    @Test
    void theSshStatesAndFunctionsAreInstalled() {
        assertTrue(engine.functionNames().containsAll(List.of("ssh_auth.present", "ssh_auth.absent",
                "ssh_known_hosts.present", "ssh_known_hosts.absent")));
        assertTrue(FunctionRegistry.installed().names().contains("ssh.auth_keys"));
    }

    private static String comment(StateOutcome out, String id) {
        return state(out, id, "ssh_auth.present").get("comment").toString();
    }

    private void assertOwnedPrivate(Path path, String mode) throws Exception {
        PosixFileAttributes a = Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        assertEquals(user, a.owner().getName(), path.toString());
        assertEquals(user, a.group().getName(), path.toString());
        assertEquals(mode, PosixFilePermissions.toString(a.permissions()), path.toString());
    }

    private static String fingerprintInOpenSshForm(String key) throws Exception {
        byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
                .digest(java.util.Base64.getDecoder().decode(key));
        return "SHA256:" + java.util.Base64.getEncoder().withoutPadding().encodeToString(digest);
    }
}
