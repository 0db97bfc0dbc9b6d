package io.brine.modules.ssh;

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
import io.brine.states.SystemAccounts;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ssh_known_hosts states with keys given in the state (no network), checked against ssh-keygen's own
 * reading of the file; fetching with ssh-keyscan only from 127.0.0.1.
 */
class SshKnownHostsStatesTest {
    @TempDir Path treeDir;
    @TempDir Path dir;
    final SystemAccounts accounts = new SystemAccounts();
    final StateEngine engine = StateEngine.withInstalledFunctions();
    StateTree tree;
    Path file;
    String key;
    String rsaKey;

    @BeforeEach
    void setUp() throws Exception {
        tree = new StateTree(treeDir);
        file = dir.resolve("known_hosts");
        key = AccountWithHome.newKey(dir, "host").split(" ")[1];
        rsaKey = "AAAAB3NzaC1yc2EAAAADAQABAAAAgQC7";
    }

    @AfterEach
    void cleanUp() throws Exception {
        accounts.removeAll();
    }

    private StateOutcome apply(String sls) {
        tree.file("t.sls", sls.replace("FILE", file.toString()));
        return engine.apply(tree.job("t"));
    }

    /** Test mode first (nothing written, the change predicted), then for real, then nothing left to do. */
    private Map<String, Object> converge(String id, String function, String sls) throws Exception {
        tree.file("t.sls", sls.replace("FILE", file.toString()));
        String original = Files.exists(file) ? Files.readString(file) : null;
        StateOutcome dry = engine.apply(tree.testJob("t"));
        Map<String, Object> predicted = state(dry, id, function);
        assertNull(predicted.get("result"), () -> dry.ret().toString());
        assertEquals(original, Files.exists(file) ? Files.readString(file) : null, "test mode wrote");
        StateOutcome first = engine.apply(tree.job("t"));
        assertTrue(first.success(), () -> first.ret().toString());
        Map<String, Object> result = state(first, id, function);
        assertEquals(predicted.get("changes"), result.get("changes"));
        StateOutcome second = engine.apply(tree.job("t"));
        assertTrue(second.success(), () -> second.ret().toString());
        assertFalse(anyChanges(second), () -> second.ret().toString());
        return result;
    }

    /** What ssh itself finds for the host in the file: the lines ssh-keygen -F prints. */
    private List<String> sshFinds(String host) throws Exception {
        Process p = new ProcessBuilder("ssh-keygen", "-F", host, "-f", file.toString()).redirectErrorStream(true).start();
        List<String> lines = new String(p.getInputStream().readAllBytes()).lines().filter(l -> !l.startsWith("#")).toList();
        p.waitFor();
        return lines;
    }

    @Test
    void aGivenKeyIsSavedUnderAHashedNameThatSshFinds() throws Exception {
        Files.writeString(file, "other.example.com ssh-rsa " + rsaKey + "\n");
        Map<String, Object> result = converge("git.example.com", "ssh_known_hosts.present", """
            git.example.com:
              ssh_known_hosts.present:
                - config: FILE
                - enc: ed25519
                - key: %s
            """.formatted(key));
        assertEquals("Key of git.example.com saved to " + file + " (key: " + key + ")", result.get("comment"));
        Map<?, ?> changes = (Map<?, ?>) result.get("changes");
        assertNull(changes.get("old"));
        assertEquals(List.of(Map.of("hostname", "git.example.com", "enc", "ssh-ed25519", "key", key,
                "fingerprint", Fingerprints.of(key, null).orElseThrow())), changes.get("new"));
        List<String> lines = Files.readAllLines(file);
        assertEquals("other.example.com ssh-rsa " + rsaKey, lines.get(0));
        assertTrue(lines.get(1).matches("\\|1\\|\\S+\\|\\S+ ssh-ed25519 " + key.replace("+", "\\+")), lines.get(1));
        assertEquals(List.of(lines.get(1)), sshFinds("git.example.com"));
        assertEquals(List.of(), sshFinds("gitx.example.com"));
    }

    @Test
    void anUnhashedEntryOnAnotherPortIsWrittenAsSshLooksItUp() throws Exception {
        converge("git.example.com", "ssh_known_hosts.present", """
            git.example.com:
              ssh_known_hosts.present:
                - config: FILE
                - enc: ssh-ed25519
                - key: %s
                - port: 2222
                - hash_known_hosts: false
            """.formatted(key));
        assertEquals("[git.example.com]:2222 ssh-ed25519 " + key + "\n", Files.readString(file));
        assertEquals(1, sshFinds("[git.example.com]:2222").size());
    }

    @Test
    void aNewKeyReplacesTheStoredKeyOfItsTypeOnly() throws Exception {
        Files.writeString(file, "git.example.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOld\n"
                + "git.example.com ssh-rsa " + rsaKey + "\n");
        Map<String, Object> result = converge("git.example.com", "ssh_known_hosts.present", """
            git.example.com:
              ssh_known_hosts.present:
                - config: FILE
                - enc: ssh-ed25519
                - key: %s
                - hash_known_hosts: false
            """.formatted(key));
        assertEquals(2, ((List<?>) ((Map<?, ?>) result.get("changes")).get("old")).size());
        assertEquals("git.example.com ssh-rsa " + rsaKey + "\ngit.example.com ssh-ed25519 " + key + "\n",
                Files.readString(file));
    }

    @Test
    void aStoredKeyWithTheGivenFingerprintNeedsNoFetching() throws Exception {
        Files.writeString(file, "git.example.com ssh-ed25519 " + key + "\n");
        StateOutcome out = apply("""
            git.example.com:
              ssh_known_hosts.present:
                - config: FILE
                - fingerprint: %s
            """.formatted(Fingerprints.of(key, null).orElseThrow()));
        assertTrue(out.success(), () -> out.ret().toString());
        assertFalse(anyChanges(out));
        assertEquals("Host git.example.com is already in " + file,
                state(out, "git.example.com", "ssh_known_hosts.present").get("comment"));
    }

    @Test
    void absentRemovesHashedAndPlainEntriesOfTheHostAsSshKeygenRDoes() throws Exception {
        Files.writeString(file, "git.example.com ssh-rsa " + rsaKey + "\nkeep.example.com ssh-rsa " + rsaKey + "\n"
                + "h.example.com ssh-ed25519 " + key + "\n");
        AccountWithHome.run("ssh-keygen", "-H", "-f", file.toString()); // hashes every name, as ssh would write them
        Files.writeString(file, Files.readString(file) + "# a comment\ngit.example.com,10.0.0.9 ssh-ed25519 " + key
                + "\n");
        Map<String, Object> result = converge("git.example.com", "ssh_known_hosts.absent",
                "git.example.com:\n  ssh_known_hosts.absent:\n    - config: FILE\n");
        assertEquals(2, ((List<?>) ((Map<?, ?>) result.get("changes")).get("old")).size());
        assertEquals(List.of(), sshFinds("git.example.com"));
        assertEquals(1, sshFinds("keep.example.com").size());
        assertEquals(1, sshFinds("h.example.com").size());
        assertTrue(Files.readString(file).contains("# a comment\n"));
    }

    @Test
    void aUsersFileIsCreatedPrivateInItsSshDirectory() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "creating accounts needs root");
        String user = AccountWithHome.create(accounts, dir);
        file = dir.resolve(user).resolve(".ssh/known_hosts");
        converge("git.example.com", "ssh_known_hosts.present", """
            git.example.com:
              ssh_known_hosts.present:
                - user: %s
                - enc: ssh-ed25519
                - key: %s
            """.formatted(user, key));
        PosixFileAttributes f = Files.readAttributes(file, PosixFileAttributes.class);
        PosixFileAttributes d = Files.readAttributes(file.getParent(), PosixFileAttributes.class);
        assertEquals(List.of(user, "rw-------", user, "rwx------"), List.of(f.owner().getName(),
                PosixFilePermissions.toString(f.permissions()), d.owner().getName(),
                PosixFilePermissions.toString(d.permissions())));
        assertEquals(1, sshFinds("git.example.com").size());
        converge("git.example.com", "ssh_known_hosts.absent", "git.example.com:\n  ssh_known_hosts.absent:\n"
                + "    - user: " + user + "\n");
        assertEquals("", Files.readString(file));
    }

    @Test
    void badArgumentsFailWithAReasonAndWriteNothing() throws Exception {
        StateOutcome out = apply("""
            both:
              ssh_known_hosts.present:
                - config: FILE
                - enc: ssh-ed25519
                - key: %1$s
                - fingerprint: 'aa:bb'
            no-enc:
              ssh_known_hosts.present:
                - config: FILE
                - key: %1$s
            relative:
              ssh_known_hosts.present:
                - config: known_hosts
                - enc: ssh-ed25519
                - key: %1$s
            bad-key:
              ssh_known_hosts.present:
                - config: FILE
                - enc: ssh-ed25519
                - key: 'not*base64'
            """.formatted(key));
        assertFalse(out.success());
        assertEquals("Specify either key or fingerprint, not both", comment(out, "both"));
        assertEquals("The key argument needs enc, the key's type", comment(out, "no-enc"));
        assertTrue(comment(out, "relative").contains("absolute"), comment(out, "relative"));
        assertTrue(comment(out, "bad-key").startsWith("Invalid public key"), comment(out, "bad-key"));
        assertFalse(Files.exists(file));
    }

    @Test
    void aHostThatCannotBeReachedFailsWithAReason() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        StateOutcome out = apply("""
            127.0.0.1:
              ssh_known_hosts.present:
                - config: FILE
                - port: %d
                - hash_known_hosts: false
                - timeout: 1
            """.formatted(closedPort));
        assertFalse(out.success());
        assertEquals("Unable to receive remote host keys of [127.0.0.1]:" + closedPort, comment(out, "127.0.0.1"));
        assertFalse(Files.exists(file));
    }

    @Test
    void aLocalSshdsKeysAreFetchedWithSshKeyscan() throws Exception {
        assumeTrue(sshdListensLocally(), "no sshd on 127.0.0.1:22");
        String sls = "127.0.0.1:\n  ssh_known_hosts.present:\n    - config: FILE\n    - enc: ssh-ed25519\n";
        StateOutcome first = apply(sls);
        assertTrue(first.success(), () -> first.ret().toString());
        assertEquals(1, sshFinds("127.0.0.1").size());
        assertFalse(anyChanges(apply(sls)), "a stored key is not fetched again");
    }

    private static boolean sshdListensLocally() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", 22), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String comment(StateOutcome out, String id) {
        return state(out, id, "ssh_known_hosts.present").get("comment").toString();
    }
}
