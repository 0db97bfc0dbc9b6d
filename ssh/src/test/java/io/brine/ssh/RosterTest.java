package io.brine.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brine.config.ConfigException;
import io.brine.config.ConfigFile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Salt's roster keys, their defaults, and what is refused naming the file and line. */
class RosterTest {
    private static final Path KEY = Path.of("/etc/brine/pki/ssh/id_ecdsa");

    @Test
    void hostsReadWithSaltsKeysAndDefaults() {
        Roster r = Roster.from(ConfigFile.parse("web1:\n  host: 10.0.0.5\n  user: deploy\n  sudo: true\n"
                + "  grains: {role: web}\ndb1:\n  host: db1.example\n  port: 2222\n  priv: /k\n  timeout: 3\n",
                "roster"), KEY);
        assertEquals(new RosterHost("web1", "10.0.0.5", 22, "deploy", KEY, true, Duration.ofSeconds(10),
                Map.of("role", "web")), r.host("web1").orElseThrow());
        assertEquals(new RosterHost("db1", "db1.example", 2222, "root", Path.of("/k"), false, Duration.ofSeconds(3),
                Map.of()), r.host("db1").orElseThrow());
    }

    @Test
    void whatCannotBeUsedIsRefusedNamingFileAndLine() {
        ConfigException unknown = assertThrows(ConfigException.class, () -> Roster.from(ConfigFile.parse(
                "web1:\n  host: a\ndb1:\n  host: b\n  passwd: x\n", "roster"), KEY));
        assertEquals("roster:3: unknown key 'passwd' for host db1; known: grains, host, port, priv, sudo, timeout, "
                + "user", unknown.getMessage());
        ConfigException noHost = assertThrows(ConfigException.class, () -> Roster.from(ConfigFile.parse(
                "web1:\n  port: 22\n", "roster"), KEY));
        assertEquals("roster:1: host web1 names no 'host' (its address or name)", noHost.getMessage());
    }
}
