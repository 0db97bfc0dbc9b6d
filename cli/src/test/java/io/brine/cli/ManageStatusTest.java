package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.minion.Minion;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code brine manage status}: up and down minions with when they were last seen, for those allowed to ask. */
class ManageStatusTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path root;

    @Test
    void aStoppedMinionIsDownSinceItsSessionEndedAndTheOtherStaysUp() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            c.acceptedMinion("web1");
            Minion web2 = c.acceptedMinion("web2");
            Instant beforeStop = Instant.now().minusMillis(1);
            web2.close();
            Await.until(() -> status(c).get("down").toString().contains("web2"), "web2 reported down",
                    Duration.ofSeconds(15));
            JsonNode doc = status(c);
            assertEquals(List.of("web1"), JSON.convertValue(doc.get("up"), List.class));
            assertEquals(List.of("web2"), JSON.convertValue(doc.get("down"), List.class));
            JsonNode down = doc.get("minions").get("web2");
            assertEquals(false, down.get("up").asBoolean());
            Instant seen = Instant.parse(down.get("last_seen").asText());
            assertTrue(!seen.isBefore(beforeStop) && !seen.isAfter(Instant.now()), "last seen " + seen);

            TestCluster.CliResult text = c.cli("manage", "status");
            assertEquals(0, text.exit(), text.err());
            assertTrue(text.out().matches("(?s)up:\n    - web1  \\(last seen .*Z\\)\ndown:\n    - web2  \\(last seen "
                    + down.get("last_seen").asText().replace(".", "\\.") + "\\)\n"), text.out());
        }
    }

    @Test
    void aNamedOperatorWithoutKeysRightsIsRefusedAndOneWithThemIsAnswered() throws Exception {
        try (TestCluster c = TestCluster.start(root, "publisher_acl:\n  alice: ['*']\n  keeper: ['@keys']\n")) {
            c.acceptedMinion("web1");
            TestCluster.CliResult refused = c.cli("manage", "status", "--client-key", client(c, "alice"));
            assertEquals(2, refused.exit(), refused.out());
            assertTrue(refused.err().contains("needs @keys"), refused.err());
            TestCluster.CliResult keeper = c.cli("manage", "status", "--client-key", client(c, "keeper"), "--out",
                    "json");
            assertEquals(0, keeper.exit(), keeper.err());
            assertEquals(List.of("web1"), JSON.convertValue(JSON.readTree(keeper.out()).get("up"), List.class));
        }
    }

    @Test
    void aMasterThatIsNotRunningIsSaidAsForOtherClientCommands() throws Exception {
        TestCluster c = TestCluster.start(root);
        c.close();
        TestCluster.CliResult status = c.cli("manage", "status");
        TestCluster.CliResult jobs = c.cli("job", "list");
        assertEquals(jobs.exit(), status.exit());
        assertTrue(status.err().contains("no answer from the master"), status.err());
    }

    private static JsonNode status(TestCluster c) {
        TestCluster.CliResult r = c.cli("manage", "status", "--out", "json");
        assertEquals(0, r.exit(), r.err());
        try {
            return JSON.readTree(r.out());
        } catch (java.io.IOException e) {
            throw new AssertionError(r.out(), e);
        }
    }

    private static String client(TestCluster c, String name) {
        Path dir = c.root.resolve("operators").resolve(name);
        TestCluster.CliResult r = c.cli("client", "create", name, "--out", dir.toString());
        assertEquals(0, r.exit(), r.err());
        return dir.resolve(name + ".pem").toString();
    }
}
