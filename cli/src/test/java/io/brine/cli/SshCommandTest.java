package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.config.ConfigException;
import io.brine.master.MasterConfig;
import io.brine.master.TestPorts;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code brine ssh} and {@code brine cp --ssh} where no sshd is needed: what is refused, and how, before or instead of
 * reaching a host; a host that is down. (Real hosts: SshIT.)
 */
class SshCommandTest {
    @TempDir
    Path root;

    @Test
    void withoutARosterOrWithAMalformedOneTheJobIsRefusedSayingWhere() throws Exception {
        Path roster = root.resolve("roster");
        try (TestCluster c = TestCluster.start(root, "roster_file: " + roster + "\n")) {
            TestCluster.CliResult none = c.cli("ssh", "*", "test.ping");
            assertEquals(2, none.exit(), none.out() + none.err()); // the configuration is the operator's to fix
            assertTrue(none.err().contains("brine ssh has no roster: roster_file " + roster + " does not exist"),
                    none.err());

            Files.writeString(roster, "web1:\n  host: 10.0.0.5\n  pasword: x\n");
            TestCluster.CliResult malformed = c.cli("ssh", "*", "test.ping");
            assertEquals(2, malformed.exit(), malformed.out() + malformed.err());
            assertTrue(malformed.err().contains(roster + ":1") && malformed.err().contains("unknown key 'pasword'"),
                    malformed.err());
        }
    }

    @Test
    void aDownHostIsNotConnectedAndAQueuedOrMixedUpRequestIsAUsageError() throws Exception {
        int down = TestPorts.free(); // nobody listens there
        Path roster = Files.writeString(root.resolve("roster"), "db1:\n  host: 127.0.0.1\n  port: " + down + "\n");
        try (TestCluster c = TestCluster.start(root, "roster_file: " + roster + "\n")) {
            TestCluster.CliResult r = c.cli("ssh", "--out", "json", "db*", "cmd.run", "true");
            assertEquals(1, r.exit(), r.out() + r.err());
            JsonNode job = new ObjectMapper().readTree(r.out());
            assertEquals("not-connected", job.at("/missing/db1").asText(), r.out());
            assertEquals(0, job.path("returns").size(), r.out());

            TestCluster.CliResult queued = c.cli("ssh", "--queue", "10m", "db*", "test.ping");
            assertEquals(2, queued.exit(), queued.err());
            assertTrue(queued.err().contains("a job over SSH is not queued"), queued.err());
            Path file = Files.writeString(root.resolve("f"), "x");
            TestCluster.CliResult mixed = c.cli("cp", "--accept-new", "db1", file.toString(), "/tmp/");
            assertEquals(2, mixed.exit(), mixed.err());
            assertTrue(mixed.err().contains("--accept-new is for --ssh"), mixed.err());
        }
    }

    @Test
    void theMastersSshKeysAreCheckedLikeTheRest() throws Exception {
        Path yaml = Files.writeString(root.resolve("master.yaml"), "ssh_max_procs: 0\n");
        ConfigException e = assertThrows(ConfigException.class, () -> MasterConfig.load(yaml));
        assertTrue(e.getMessage().contains("ssh_max_procs"), e.getMessage());
        Path ok = Files.writeString(root.resolve("ok.yaml"), "pki_dir: " + root.resolve("pki") + "\nroster_file: /srv/brine/roster\n");
        MasterConfig config = MasterConfig.load(ok);
        assertEquals(Path.of("/srv/brine/roster"), config.ssh().rosterFile());
        assertEquals(root.resolve("pki/ssh/known_hosts"), config.ssh().knownHosts());
    }
}
