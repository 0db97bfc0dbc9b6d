package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** State trees served by a real master, applied by real minions, with per-minion pillar. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StateApplyTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path root;
    static TestCluster cluster;
    static Path states;
    static Path pillar;

    @BeforeAll
    static void startMasterWithRootsAndTwoMinions() throws Exception {
        states = copyResource("statetree", root.resolve("states"));
        pillar = copyResource("pillartree", root.resolve("pillar"));
        for (String id : List.of("alpha", "beta")) {
            Files.writeString(pillar.resolve(id + ".sls"), "base: " + root.resolve("out/" + id) + "\nsecret: "
                    + id + "-secret-value\n");
        }
        Files.writeString(root.resolve("outside.txt"), "outside the roots");
        cluster = TestCluster.start(root, "file_roots:\n  base:\n    - " + states + "\npillar_roots:\n  base:\n    - "
                + pillar + "\n");
        for (String id : List.of("alpha", "beta")) {
            cluster.addMinion(id);
        }
        for (Minion m : cluster.minions) {
            TestCluster.awaitStatus(m, KeyStatus.PENDING, Duration.ofSeconds(15));
        }
        assertEquals(0, cluster.cli("key", "accept", "--all").exit());
        for (Minion m : cluster.minions) {
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(15));
        }
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    @Test
    @Order(1)
    void testModeReportsTheChangesAndLeavesTheDiskUntouched() throws Exception {
        Path out = root.resolve("out/alpha");
        TestCluster.CliResult r = cluster.cli("state", "apply", "--out", "json", "--test", "--timeout", "60", "alpha");
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode states = JSON.readTree(r.out()).get("returns").get("alpha").get("ret");
        assertEquals(2, states.size(), states.toString());
        for (JsonNode s : states) {
            assertTrue(s.get("result").isNull(), "test mode reports None: " + s);
        }
        assertFalse(Files.exists(out.resolve("conf/app.conf")));
        assertFalse(Files.exists(out.resolve("built")));
    }

    @Test
    void highstateAppliesEachMinionsPillarAndTheSecondRunChangesNothing() throws Exception {
        TestCluster.CliResult first = cluster.cli("state", "apply", "--out", "json", "--timeout", "60", "*");
        assertEquals(0, first.exit(), first.out() + first.err());
        for (String id : List.of("alpha", "beta")) {
            Path conf = root.resolve("out/" + id + "/conf/app.conf");
            String text = Files.readString(conf);
            assertTrue(text.contains("# for " + id), text);
            assertTrue(text.contains("secret = " + id + "-secret-value"), text);
            assertEquals("rw-r-----", java.nio.file.attribute.PosixFilePermissions.toString(
                    Files.getPosixFilePermissions(conf)));
            assertEquals("built\n", Files.readString(root.resolve("out/" + id + "/built")));
        }
        assertFalse(Files.readString(root.resolve("out/alpha/conf/app.conf")).contains("beta-secret"));
        JsonNode alphaFirst = JSON.readTree(first.out()).get("returns").get("alpha").get("ret");
        assertTrue(anyChanges(alphaFirst), "the first run changes things: " + alphaFirst);

        TestCluster.CliResult second = cluster.cli("state", "apply", "--out", "json", "--timeout", "60", "*");
        assertEquals(0, second.exit(), second.err());
        for (String id : List.of("alpha", "beta")) {
            JsonNode ret = JSON.readTree(second.out()).get("returns").get(id).get("ret");
            assertFalse(anyChanges(ret), "the second run of " + id + " changes nothing: " + ret);
        }
        TestCluster.CliResult text = cluster.cli("state", "apply", "--timeout", "60", "alpha");
        assertTrue(text.out().contains("Succeeded: 2 (changed=0)"), text.out());
        assertTrue(text.out().contains("Failed:    0"), text.out());
    }

    @Test
    void aMinionOnlyEverReceivesItsOwnPillar() throws Exception {
        TestCluster.CliResult r = cluster.cli("run", "--out", "json", "*", "pillar.items");
        assertEquals(0, r.exit(), r.err());
        JsonNode returns = JSON.readTree(r.out()).get("returns");
        assertEquals("alpha-secret-value", returns.get("alpha").get("ret").get("secret").asText());
        assertEquals("beta-secret-value", returns.get("beta").get("ret").get("secret").asText());
        assertFalse(returns.get("alpha").toString().contains("beta-secret"));
        assertFalse(returns.get("beta").toString().contains("alpha-secret"));
    }

    @Test
    void aSourceOutsideTheFileRootsIsRefused() throws Exception {
        TestCluster.CliResult r = cluster.cli("state", "apply", "--out", "json", "--timeout", "60", "alpha", "escape");
        assertEquals(1, r.exit(), r.out());
        JsonNode state = JSON.readTree(r.out()).get("returns").get("alpha").get("ret").elements().next();
        assertFalse(state.get("result").asBoolean());
        assertFalse(Files.exists(Path.of("/tmp/brine-escape-should-never-exist")));
    }

    @Test
    void aBrokenStateFileIsACompileErrorWithFileAndLineAndRunsNothing() throws Exception {
        TestCluster.CliResult r = cluster.cli("state", "apply", "--out", "json", "--timeout", "60", "alpha", "broken");
        assertEquals(1, r.exit(), r.out());
        JsonNode ret = JSON.readTree(r.out()).get("returns").get("alpha").get("ret");
        assertTrue(ret.isArray(), ret.toString());
        assertTrue(ret.get(0).asText().contains("broken.sls:"), ret.toString());
        TestCluster.CliResult text = cluster.cli("state", "apply", "--timeout", "60", "alpha", "broken");
        assertTrue(text.out().contains("Data failed to compile"), text.out());
    }

    @Test
    void theExampleWebServerTreeCompilesAndPlansInTestMode() throws Exception {
        Path examples = repositoryRoot().resolve("examples");
        Path masterDir = Files.createDirectories(root.resolve("example-master"));
        try (TestCluster c = TestCluster.start(masterDir, "file_roots:\n  base:\n    - " + examples.resolve("states")
                + "\npillar_roots:\n  base:\n    - " + examples.resolve("pillar") + "\n")) {
            Minion m = c.addMinion("web1");
            TestCluster.awaitStatus(m, KeyStatus.PENDING, Duration.ofSeconds(15));
            c.cli("key", "accept", "web1");
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(15));
            TestCluster.CliResult r = c.cli("state", "apply", "--out", "json", "--test", "--timeout", "60", "web1");
            JsonNode ret = JSON.readTree(r.out()).get("returns").get("web1").get("ret");
            assertTrue(ret.isObject(), "the example compiles: " + ret);
            assertEquals(5, ret.size(), ret.toString());
            Iterator<JsonNode> states = ret.elements();
            while (states.hasNext()) {
                JsonNode s = states.next();
                assertNotEquals(Boolean.FALSE, s.get("result").isBoolean() ? s.get("result").asBoolean() : null,
                        "no state fails in test mode: " + s);
            }
        }
    }

    private static boolean anyChanges(JsonNode states) {
        for (JsonNode s : states) {
            if (s.get("changes").size() > 0) {
                return true;
            }
        }
        return false;
    }

    static Path repositoryRoot() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("examples/states"))) {
            p = p.getParent();
        }
        return p;
    }

    private static Path copyResource(String name, Path to) throws IOException, URISyntaxException {
        Path from = Path.of(StateApplyTest.class.getClassLoader().getResource(name).toURI());
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
        return to;
    }
}
