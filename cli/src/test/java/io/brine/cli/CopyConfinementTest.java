package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The escalation the trust review found: an operator granted only {@code cp.*} on one minion copied the master's
 * {@code client.pem} to it and was admin from then on. Through the real CLI with the operator's own key: every
 * file of the master's keys, cache and configuration is refused with the one answer a missing file gets, the
 * refusal is audited with the full path and the identity, and what the operator's {@code cp_roots} hold still
 * copies. Her roots even include the folder holding the master's keys and cache, as a careless configuration
 * might: they are still never copied.
 */
class CopyConfinementTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path root;

    @Test
    void anOperatorGrantedCopyCannotCopyTheMastersKeysAndTheAttemptIsAuditedWithThePath() throws Exception {
        Path release = Files.createDirectories(root.resolve("release"));
        Files.writeString(release.resolve("app.conf"), "port: 80\n");
        try (TestCluster c = TestCluster.start(root, "publisher_acl:\n  alice:\n    - 'm1': ['cp.*']\n"
                + "cp_roots:\n  alice: ['" + release + "', '" + root.resolve("master") + "']\n")) {
            c.acceptedMinion("m1");
            String alice = operator(c, "alice");
            Path pki = c.master.config().pkiDir();
            Files.createSymbolicLink(release.resolve("key.pem"), pki.resolve("client.pem"));
            List<String> secrets = new ArrayList<>();
            try (Stream<Path> files = Files.walk(pki)) {
                files.filter(Files::isRegularFile).forEach(p -> secrets.add(p.toString()));
            }
            assertTrue(secrets.contains(pki.resolve("client.pem").toString()), secrets.toString());
            secrets.add(c.masterYaml.toString());
            secrets.add(c.master.config().auditLog().toString());
            secrets.add(release.resolve("key.pem").toString());
            secrets.add(root.resolve("nothing-here.txt").toString());
            Files.writeString(root.resolve("nothing-here.txt"), "outside the roots");

            Path loot = Files.createDirectories(root.resolve("minions/m1/files")).resolve("loot");
            for (String secret : secrets) {
                TestCluster.CliResult r = c.cli("cp", "--client-key", alice, "m1", secret, loot + "/");
                assertEquals(2, r.exit(), secret + ": " + r.out() + r.err());
                assertTrue(r.err().contains("cannot copy '" + secret + "': no such file among those 'alice' may "
                        + "copy"), r.err());
            }
            assertFalse(Files.exists(loot), "nothing reached the minion");

            TestCluster.CliResult ok = c.cli("cp", "--client-key", alice, "m1", release.resolve("app.conf").toString(),
                    loot + "/");
            assertEquals(0, ok.exit(), ok.out() + ok.err());
            assertEquals("port: 80\n", Files.readString(loot.resolve("app.conf")));

            List<JsonNode> audit = new ArrayList<>();
            for (String line : Files.readAllLines(c.master.config().auditLog())) {
                audit.add(JSON.readTree(line));
            }
            String clientPem = pki.resolve("client.pem").toString();
            assertTrue(audit.stream().anyMatch(l -> l.get("identity").asText().equals("alice")
                    && l.get("action").asText().equals("refused")
                    && l.get("sources").toString().contains(clientPem)
                    && l.get("outcome").asText().contains("never copied")), audit.toString());
            assertTrue(audit.stream().anyMatch(l -> l.get("identity").asText().equals("alice")
                    && l.get("action").asText().equals("copy")
                    && l.get("sources").toString().contains(release.resolve("app.conf").toString())), audit.toString());
        }
    }

    private static String operator(TestCluster c, String name) {
        Path dir = c.root.resolve("operators").resolve(name);
        TestCluster.CliResult r = c.cli("client", "create", name, "--out", dir.toString());
        assertEquals(0, r.exit(), r.err());
        return dir.resolve(name + ".pem").toString();
    }
}
