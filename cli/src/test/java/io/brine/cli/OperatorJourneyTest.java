package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An operator's first session: three minions wait as pending, get accepted, and run jobs through the CLI. */
class OperatorJourneyTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path root;
    static TestCluster cluster;

    @BeforeAll
    static void startAndAcceptThreeMinions() throws Exception {
        cluster = TestCluster.start(root);
        for (String id : List.of("alpha", "beta", "gamma")) {
            cluster.addMinion(id);
        }
        for (Minion m : cluster.minions) {
            TestCluster.awaitStatus(m, KeyStatus.PENDING, Duration.ofSeconds(10));
        }
        JsonNode keys = JSON.readTree(cluster.cli("key", "list", "--out", "json").out());
        assertEquals("[\"alpha\",\"beta\",\"gamma\"]", keys.get("pending").toString());
        assertEquals(0, keys.get("accepted").size());
        assertEquals(0, cluster.cli("key", "accept", "--all").exit());
        for (Minion m : cluster.minions) {
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(10));
        }
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    @Test
    void pingFromTheCliReturnsTrueForEveryAcceptedMinion() throws Exception {
        TestCluster.CliResult r = cluster.cli("run", "--out", "json", "*", "test.ping");
        assertEquals(0, r.exit(), r.err());
        JsonNode doc = JSON.readTree(r.out());
        for (String id : List.of("alpha", "beta", "gamma")) {
            JsonNode ret = doc.get("returns").get(id);
            assertTrue(ret.get("ret").asBoolean(), id + " returned " + ret);
            assertEquals(0, ret.get("retcode").asInt());
            assertTrue(ret.get("success").asBoolean());
        }
        assertEquals(0, doc.get("missing").size());
        assertTrue(doc.get("jid").asText().matches("[0-9]{20}"));
    }

    @Test
    void textOutputReadsPerMinionLikeSalt() {
        TestCluster.CliResult r = cluster.cli("run", "-L", "alpha,gamma", "test.echo", "hello");
        assertEquals(0, r.exit(), r.err());
        assertEquals("alpha:\n    hello\ngamma:\n    hello\n", r.out());
    }

    @Test
    void cmdRunAllReturnsStdoutStderrAndTheRetcode() throws Exception {
        TestCluster.CliResult r = cluster.cli("run", "--out", "json", "beta", "cmd.run_all",
                "echo out; echo err >&2; exit 3");
        assertEquals(1, r.exit(), "a non-zero retcode is a failed return");
        JsonNode beta = JSON.readTree(r.out()).get("returns").get("beta");
        assertEquals("out", beta.get("ret").get("stdout").asText());
        assertEquals("err", beta.get("ret").get("stderr").asText());
        assertEquals(3, beta.get("retcode").asInt());
        assertFalse(beta.get("success").asBoolean());
        // cmd.run itself answers with the output alone, as Salt's does; the retcode is still the command's
        JsonNode plain = JSON.readTree(cluster.cli("run", "--out", "json", "beta", "cmd.run",
                "echo out; exit 3").out()).get("returns").get("beta");
        assertEquals("out", plain.get("ret").asText());
        assertEquals(3, plain.get("retcode").asInt());
    }

    @Test
    void regexTargetSelectsOnlyMatchingIds() throws Exception {
        TestCluster.CliResult r = cluster.cli("run", "-E", "^(alpha|beta)$", "--out", "json", "test.ping");
        assertEquals(0, r.exit(), r.err());
        assertEquals(List.of("alpha", "beta"), fieldNames(JSON.readTree(r.out()).get("returns")));
    }

    @Test
    void anUnknownFunctionIsRefusedBeforePublishingSayingSo() throws Exception {
        awaitDeclarations("alpha");
        TestCluster.CliResult r = cluster.cli("run", "--out", "json", "alpha", "no.such_function");
        assertEquals(2, r.exit(), r.out());
        assertTrue(r.err().contains("alpha: 'no.such_function' is not available on this minion (nothing was "
                + "published)"), r.err());
    }

    @Test
    void aMissingRequiredArgumentIsRefusedBeforePublishingNamingIt() throws Exception {
        awaitDeclarations("alpha");
        TestCluster.CliResult r = cluster.cli("run", "--out", "json", "alpha", "test.echo");
        assertEquals(2, r.exit(), r.out());
        assertTrue(r.err().contains("alpha: test.echo is missing its required argument 'text' (nothing was published)"),
                r.err());
    }

    @Test
    void aSleepLongerThanTheTimeoutShowsEachMinionStoppedItAtItsTimeout() throws Exception {
        TestCluster.CliResult r = cluster.cli("run", "--out", "json", "--timeout", "1", "-L", "alpha,beta",
                "test.sleep", "5");
        assertEquals(1, r.exit());
        JsonNode doc = JSON.readTree(r.out());
        // both were running it at the timeout: the call waited the moment their own stops took, not 'running'
        assertEquals(0, doc.get("missing").size(), r.out());
        for (String id : new String[] {"alpha", "beta"}) {
            assertEquals(124, doc.get("returns").get(id).get("retcode").asInt(), r.out());
        }
    }

    @Test
    void aCastPrintsTheJidAtOnceAndJobShowHasTheReturnsLater() throws Exception {
        TestCluster.CliResult cast = cluster.cli("run", "--async", "*", "test.sleep", "1");
        assertEquals(0, cast.exit(), cast.err());
        Matcher m = Pattern.compile("job ID: ([0-9]{20})").matcher(cast.out());
        assertTrue(m.find(), cast.out());
        String jid = m.group(1);

        JsonNode early = JSON.readTree(cluster.cli("job", "show", "--out", "json", jid).out());
        assertEquals(3, early.get("missing").size(), "nobody has finished sleeping yet: " + early);

        JsonNode later = null;
        for (int i = 0; i < 100; i++) {
            later = JSON.readTree(cluster.cli("job", "show", "--out", "json", jid).out());
            if (later.get("missing").size() == 0) {
                break;
            }
            Thread.sleep(100);
        }
        assertEquals(List.of("alpha", "beta", "gamma"), fieldNames(later.get("returns")));
        assertEquals(jid, later.get("jid").asText());
    }

    @Test
    void jobListShowsRecentJobsNewestFirst() throws Exception {
        cluster.cli("run", "alpha", "test.echo", "first");
        cluster.cli("run", "alpha", "test.version");
        JsonNode jobs = JSON.readTree(cluster.cli("job", "list", "--out", "json", "--limit", "2").out());
        assertEquals(2, jobs.size());
        assertEquals("test.version", jobs.get(0).get("function").asText());
        assertEquals("test.echo", jobs.get(1).get("function").asText());
        assertEquals("local", jobs.get(0).get("caller").asText());
    }

    @Test
    void aMalformedTargetOrUnknownFormatIsAUsageError() {
        TestCluster.CliResult r = cluster.cli("run", "-E", "([unclosed", "test.ping");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("invalid regular expression"), r.err());
        assertEquals(2, cluster.cli("run", "--out", "xml", "*", "test.ping").exit());
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        names.sort(null);
        return names;
    }

    /** A minion's declarations came with its grains: once a grain target finds it, the master knows them. */
    private static void awaitDeclarations(String id) throws InterruptedException {
        Await.until(() -> cluster.cli("run", "-C", "G@id:" + id, "test.ping").exit() == 0, id + "'s grains",
                Duration.ofSeconds(15));
    }
}
