package io.brine.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PreflightTest {
    @TempDir
    Path dir;

    private static final ConfigFile FILE = ConfigFile.parse("interface: 127.0.0.1\napi:\n  port: 8000\n", "m.yaml");

    @Test
    void aProblemNamesTheFileTheLineOfItsKeyAndTheKey() {
        assertEquals("m.yaml:1: interface: x", Preflight.message(FILE, "interface", "x"));
        assertEquals("m.yaml:2: api.port: x", Preflight.message(FILE, "api.port", "x"), "nested: its section's line");
        assertEquals("m.yaml: ret_port: x", Preflight.message(FILE, "ret_port", "x"), "a default: no line");
    }

    @Test
    void requireStopsAtTheFirstFailureAndProblemsListsEveryOne() {
        List<SettingCheck> checks = List.of(new SettingCheck("interface", () -> Finding.ok("fine")),
                new SettingCheck("ret_port", () -> Finding.fail("first")),
                new SettingCheck("api.port", () -> Finding.fail("second")));
        ConfigException e = assertThrows(ConfigException.class, () -> new Preflight(FILE, checks).require());
        assertEquals("m.yaml: ret_port: first", e.getMessage());
        assertEquals(List.of("m.yaml: ret_port: first", "m.yaml:2: api.port: second"),
                new Preflight(FILE, checks).problems());
    }

    @Test
    void aListeningPortIsInUseAndAClosedOneIsFree() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
            assertEquals(Finding.fail("127.0.0.1:" + port + " is already in use"), HostChecks.port("127.0.0.1", port));
            assertEquals(Finding.fail("0.0.0.0:" + port + " is already in use"), HostChecks.port("0.0.0.0", port),
                    "a listener on one address takes the port from every-address");
        }
        assertEquals(Finding.ok("127.0.0.1:" + port + " is free"), HostChecks.port("127.0.0.1", port));
    }

    @Test
    void directoriesAreUsableCreatableOrNamedWithWhatStandsInTheWay() throws Exception {
        assertEquals(Finding.ok(dir + " is writable"), HostChecks.directory(dir));
        Path deep = dir.resolve("a/b");
        assertEquals(Finding.ok(deep + " can be created in " + dir), HostChecks.directory(deep));
        Path file = Files.writeString(dir.resolve("f"), "");
        assertEquals(Finding.fail(file + " is not a directory (cannot create " + file.resolve("x") + ")"),
                HostChecks.directory(file.resolve("x")));
    }

    @Test
    void filesAreReadableOrMissing() throws Exception {
        Path file = Files.writeString(dir.resolve("cert.pem"), "x");
        assertTrue(HostChecks.readableFile(file).status() == Finding.Status.OK);
        assertEquals(Finding.fail(dir.resolve("nope.pem") + " does not exist"),
                HostChecks.readableFile(dir.resolve("nope.pem")));
        assertEquals(Finding.fail(dir + " is not a file"), HostChecks.readableFile(dir));
    }
}
