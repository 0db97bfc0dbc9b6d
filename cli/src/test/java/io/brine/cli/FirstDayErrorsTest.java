package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.config.ConfigException;
import io.brine.master.MasterConfig;
import io.brine.master.TestPorts;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16's first-day errors: each is one line naming the configuration file, the key's line, the key and the
 * address or path, exit 2, and nothing is created on disk (no pki_dir, no cachedir) before the check.
 */
class FirstDayErrorsTest {
    @TempDir
    Path root;

    private record Run(int exit, String out, String err) {
    }

    private static Run brine(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(exit, out.toString(), err.toString());
    }

    private Path masterYaml(String iface, int port, String extra) throws Exception {
        return Files.writeString(root.resolve("master.yaml"), "interface: " + iface + "\nret_port: " + port
                + "\npki_dir: " + root.resolve("pki") + "\ncachedir: " + root.resolve("cache") + "\n" + extra);
    }

    private void assertNothingCreated() {
        assertFalse(Files.exists(root.resolve("pki")), "pki_dir was created");
        assertFalse(Files.exists(root.resolve("cache")), "cachedir was created");
    }

    @Test
    void aPortInUseIsOneLineNamingTheFileTheLineAndTheKey() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Path yaml = masterYaml("127.0.0.1", taken.getLocalPort(), "");
            Run r = brine("master", "-c", yaml.toString());
            assertEquals(2, r.exit());
            assertEquals("brine: " + yaml + ":2: ret_port: 127.0.0.1:" + taken.getLocalPort()
                    + " is already in use\n", r.err());
            assertNothingCreated();
        }
    }

    /** The check cannot close the race with another process taking the port: the bind's failure reads alike. */
    @Test
    void aPortTakenBetweenTheCheckAndTheBindIsStillOneLineNamingTheKey() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Path yaml = masterYaml("127.0.0.1", taken.getLocalPort(), "");
            MasterCommand command = new MasterCommand();
            command.config = new MasterConfigOption();
            command.config.file = yaml;
            ConfigException e = assertThrows(ConfigException.class,
                    () -> command.startMaster(MasterConfig.load(yaml)).close());
            assertEquals(yaml + ":2: ret_port: cannot listen on tcp://127.0.0.1:" + taken.getLocalPort()
                    + ": Address already in use", e.getMessage());
        }
    }

    @Test
    void anInterfaceThisHostDoesNotHaveIsNotMistakenForABusyPort() throws Exception {
        // 192.0.2.0/24 is TEST-NET-1 (RFC 5737): documentation only, on no host
        Path yaml = masterYaml("192.0.2.1", TestPorts.free(), "");
        Run r = brine("master", "-c", yaml.toString());
        assertEquals(2, r.exit());
        assertEquals("brine: " + yaml + ":1: interface: 192.0.2.1 is not an address of this host\n", r.err());
        assertNothingCreated();
    }

    @Test
    void theApisPortInUseNamesApiPort() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            Path yaml = masterYaml("127.0.0.1", TestPorts.free(), "api:\n  port: " + taken.getLocalPort() + "\n");
            Run r = brine("master", "-c", yaml.toString());
            assertEquals(2, r.exit());
            assertEquals("brine: " + yaml + ":5: api.port: 127.0.0.1:" + taken.getLocalPort()
                    + " is already in use\n", r.err());
            assertNothingCreated();
        }
    }

    @Test
    void aMissingTlsFileNamesItsKeyAndPath() throws Exception {
        Path cert = root.resolve("tls/cert.pem");
        Path key = Files.writeString(Files.createDirectories(root.resolve("tls")).resolve("key.pem"), "x");
        Path yaml = masterYaml("127.0.0.1", TestPorts.free(), "api:\n  port: " + TestPorts.free()
                + "\n  tls_cert: " + cert + "\n  tls_key: " + key + "\n");
        Run r = brine("master", "-c", yaml.toString());
        assertEquals(2, r.exit());
        assertEquals("brine: " + yaml + ":5: api.tls_cert: " + cert + " does not exist\n", r.err());
        assertNothingCreated();
    }

    /** Root may write anywhere: the directory errors are shown by a real unprivileged process. */
    @Test
    void aDirectoryTheMasterMayNotCreateIsPermissionDeniedOnTheNearestExistingOne() throws Exception {
        assumeTrue(BrineProcess.root(), "needs root, to run brine as nobody");
        String classPath = BrineProcess.readableClassPath(root.resolve("classpath"));
        Path shared = Files.createDirectories(root.resolve("shared"));
        Path rootOnly = Files.createDirectories(root.resolve("root-only"));
        for (Path d : new Path[] {root, shared, rootOnly}) {
            Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Path yaml = Files.writeString(shared.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: "
                + TestPorts.free() + "\npki_dir: " + rootOnly.resolve("pki/master") + "\ncachedir: "
                + shared.resolve("cache") + "\n");
        Files.setPosixFilePermissions(yaml, PosixFilePermissions.fromString("rw-r--r--"));
        BrineProcess.Result r = BrineProcess.runAs("nobody", classPath, shared, "master", "-c", yaml.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("brine: " + yaml + ":3: pki_dir: permission denied on " + rootOnly + " (cannot create "
                + rootOnly.resolve("pki/master") + ")\n", r.err());
        assertFalse(Files.exists(shared.resolve("cache")), "cachedir was created");

        Path nobodys = Files.createDirectories(root.resolve("nobodys"));
        Files.setOwner(nobodys,
                nobodys.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
        Path minionYaml = Files.writeString(shared.resolve("minion.yaml"), "id: m1\nmaster_tofu: true\npki_dir: "
                + nobodys.resolve("pki") + "\ncachedir: " + rootOnly.resolve("cache") + "\n");
        Files.setPosixFilePermissions(minionYaml, PosixFilePermissions.fromString("rw-r--r--"));
        r = BrineProcess.runAs("nobody", classPath, shared, "minion", "-c", minionYaml.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("brine: " + minionYaml + ":4: cachedir: permission denied on " + rootOnly + " (cannot create "
                + rootOnly.resolve("cache") + ")\n", r.err());
        assertFalse(Files.exists(nobodys.resolve("pki")), "the minion's pki_dir was created");
    }

    @Test
    void aConfigurationThisUserMayNotReadIsPermissionDenied() throws Exception {
        assumeTrue(BrineProcess.root(), "needs root, to run brine as nobody");
        String classPath = BrineProcess.readableClassPath(root.resolve("classpath"));
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path yaml = masterYaml("127.0.0.1", TestPorts.free(), "");
        Files.setPosixFilePermissions(yaml, PosixFilePermissions.fromString("rw-------"));
        Path scratch = Files.createDirectories(root.resolve("scratch"));
        BrineProcess.Result r = BrineProcess.runAs("nobody", classPath, scratch, "master", "-c", yaml.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("brine: permission denied on " + yaml + " (the configuration; run as the daemon's user)\n",
                r.err());
        assertNothingCreated();
    }
}
