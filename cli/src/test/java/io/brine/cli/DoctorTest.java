package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.master.TestPorts;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code brine doctor} on good and broken setups: every check one line, each failure named, exit 1 on any. */
class DoctorTest {
    private static final String OTHER_FINGER = String.join(":", java.util.Collections.nCopies(32, "ab"));

    @TempDir
    Path root;

    /** {@code brine doctor ARGS}, in this process (TestCluster.cli would add a second -c). */
    private static TestCluster.CliResult doctor(String... args) {
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        String[] all = new String[args.length + 1];
        all[0] = "doctor";
        System.arraycopy(args, 0, all, 1, args.length);
        int exit = Main.run(new java.io.PrintWriter(out, true), new java.io.PrintWriter(err, true), all);
        return new TestCluster.CliResult(exit, out.toString(), err.toString());
    }

    private static List<String> lines(TestCluster.CliResult r) {
        return Arrays.asList(r.out().split("\n"));
    }

    /** Every line reads ok (or warn, for the free space of a host the test does not choose). */
    private static void assertAllOk(TestCluster.CliResult r) {
        for (String line : lines(r)) {
            assertTrue(line.startsWith("ok   ") || line.startsWith("warn disk: "), r.out());
        }
        assertEquals(0, r.exit(), r.out() + r.err());
    }

    @Test
    void aRunningMastersSetupIsAllOkItsPortHeldByItself() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            TestCluster.CliResult r = c.cli("doctor");
            assertAllOk(r);
            assertTrue(r.out().startsWith("ok   config: " + c.masterYaml + " is a valid master configuration\n"),
                    r.out());
            assertTrue(r.out().contains("\nok   ret_port: 127.0.0.1:" + c.port + " is held by this master: it answers "
                    + "with the key in master.pub (the master holding the cachedir runs, pid "
                    + ProcessHandle.current().pid() + ")\n"), r.out());
            assertTrue(r.out().contains("\nok   key master.pem: " + root.resolve("master/pki/master.pem") + " is 0600, "
                    + "owned by " + System.getProperty("user.name") + "\n"), r.out());
            assertTrue(r.out().contains("\nok   cachedir: " + root.resolve("master/cache") + " is writable\n"),
                    r.out());
            assertTrue(r.out().contains("\nok   clock: "), r.out());
        }
    }

    @Test
    void aBrokenMasterSetupNamesTheKeyModeAndTheBusyPort() throws Exception {
        try (TestCluster c = TestCluster.start(root);
                ServerSocket squatter = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Path key = root.resolve("master/pki/master.pem");
            Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-r--r--"));
            // the same keys, but a port someone else holds and a cachedir no master runs on
            Path yaml = Files.writeString(root.resolve("other.yaml"), "interface: 127.0.0.1\nret_port: "
                    + squatter.getLocalPort() + "\npki_dir: " + root.resolve("master/pki") + "\ncachedir: "
                    + root.resolve("other-cache") + "\n");
            TestCluster.CliResult r = doctor("-c", yaml.toString());
            assertEquals(1, r.exit(), r.out());
            assertTrue(r.out().contains("\nFAIL ret_port: 127.0.0.1:" + squatter.getLocalPort() + " is already in use, "
                    + "and not by this master\n"), r.out());
            assertTrue(r.out().contains("\nFAIL key master.pem: " + key + " is 0644 (rw-r--r--); it must be 0600 or "
                    + "0400: chmod 600 " + key + "\n"), r.out());
            assertEquals(2, lines(r).stream().filter(l -> l.startsWith("FAIL")).count(), r.out());
        }
    }

    private Path minionYaml(TestCluster c, String finger) throws Exception {
        return Files.writeString(root.resolve("minion.yaml"), "id: doc1\nmaster: 127.0.0.1\nmaster_port: " + c.port
                + "\nmaster_finger: '" + finger + "'\npki_dir: " + root.resolve("doc1/pki") + "\ncachedir: "
                + root.resolve("doc1/cache") + "\n");
    }

    @Test
    void aMinionWhoseMasterAnswersWithTheKeyItsFingerNamesIsAllOk() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            TestCluster.CliResult r = doctor("-c", minionYaml(c, c.master.fingerprint()).toString());
            assertAllOk(r);
            assertTrue(r.out().contains("\nok   master: 127.0.0.1:" + c.port + " accepts connections\n"), r.out());
            assertTrue(r.out().contains("\nok   master_finger: the master's key is " + c.master.fingerprint()
                    + ", as master_finger says\n"), r.out());
            assertEquals(List.of(), c.master.keys().list().pending(), "the probe filed no key on the master");
        }
    }

    @Test
    void aMinionWithTheWrongFingerprintOrNoMasterIsNamed() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            TestCluster.CliResult r = doctor("-c", minionYaml(c, OTHER_FINGER).toString());
            assertEquals(1, r.exit(), r.out());
            assertTrue(r.out().contains("\nFAIL master_finger: the master at 127.0.0.1:" + c.port + " has key "
                    + c.master.fingerprint() + "; master_finger says " + OTHER_FINGER + "\n"), r.out());
            assertEquals(1, lines(r).stream().filter(l -> l.startsWith("FAIL")).count(), r.out());

            int nobodyListens = TestPorts.free();
            Path yaml = Files.writeString(root.resolve("away.yaml"), Files.readString(minionYaml(c, OTHER_FINGER))
                    .replace("master_port: " + c.port, "master_port: " + nobodyListens));
            r = doctor("-c", yaml.toString(), "--role", "minion");
            assertEquals(1, r.exit(), r.out());
            assertTrue(r.out().contains("\nFAIL master: cannot connect to 127.0.0.1:" + nobodyListens), r.out());
            assertTrue(r.out().contains("\nwarn master_finger: not checked: the master did not answer\n"), r.out());
        }
    }

    @Test
    void anInvalidConfigurationIsAFailedCheckAndAnUnguessableRoleAUsageError() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            Path bad = Files.writeString(root.resolve("bad-master.yaml"), "ret_port: 1\npublsh_port: 2\n");
            TestCluster.CliResult r = doctor("-c", bad.toString());
            assertEquals(1, r.exit());
            assertTrue(r.out().startsWith("FAIL config: " + bad + ":2: unknown key 'publsh_port'"), r.out());

            Path neutral = Files.writeString(root.resolve("brine.yaml"), "cachedir: /tmp/x\n");
            r = doctor("-c", neutral.toString());
            assertEquals(2, r.exit());
            assertEquals("brine: cannot tell whether " + neutral + " is a master's or a minion's configuration: give "
                    + "--role master or --role minion\n", r.err());
        }
    }
}
