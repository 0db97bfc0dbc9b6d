package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.api.ApiServer;
import io.brine.api.TokenStore;
import io.brine.jobs.Batch;
import io.brine.jobs.Job;
import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobSpec;
import io.brine.jobs.MinionResult;
import io.brine.jobs.internal.PublishRequests;
import io.brine.master.CachedRecords;
import io.brine.protocol.CallReport;
import io.brine.protocol.JobRecord;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.MinionReturn;
import io.brine.protocol.ReturnNotice;
import io.brine.protocol.Role;
import io.brine.protocol.crypto.KeyFiles;
import io.brine.protocol.crypto.StaticKeyPair;
import io.brine.targeting.TargetType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One job description: the same job asked for on the command line, through the REST API, by a reactor rule and
 * through the Java library is the same job, compared field by field as the job cache holds it (read back after a
 * master restart, so nothing comes from memory).
 */
class OneJobSpecTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String TARGET = "web* or db*";
    private static final String TAG = "jobspec/go";
    private static final List<String> MINIONS = List.of("db1", "web1", "web2");

    @TempDir
    Path root;

    @Test
    void theCliRestReactorAndJavaPathsRecordTheSameJob() throws Exception {
        String config = "auto_accept: true\n"
                + "api: {interface: 127.0.0.1, port: 0}\n"
                + "publisher_acl:\n  token:ci: ['*']\n"
                + "reactor:\n"
                + "  - tag: '" + TAG + "'\n"
                + "    fun: grains.get\n"
                + "    tgt: '" + TARGET + "'\n"
                + "    tgt_type: compound\n"
                + "    arg: [no_such_grain]\n"
                + "    kwarg: {default: fallback}\n";
        try (TestCluster c = TestCluster.start(root, config)) {
            for (String id : MINIONS) {
                TestCluster.awaitStatus(c.addMinion(id), KeyStatus.ACCEPTED, WAIT);
            }
            String cli = viaCli(c);
            String rest = viaRest(c);
            String reactor = viaReactor(c);
            String java = c.master.client().call(new JobSpec(TARGET, TargetType.COMPOUND, "grains.get",
                    List.of("no_such_grain"), Map.of("default", "fallback"), null, null, null)).jid();

            c.restartMaster();
            JobRecord fromCli = cached(c, cli);
            for (JobRecord other : List.of(cached(c, rest), cached(c, reactor), cached(c, java))) {
                assertSameJob(fromCli, other);
            }
            // What legitimately differs: who asked (so the ACL and 'brine job list --caller' can tell them apart).
            assertEquals(List.of("local", "token:ci", "reactor", "library"), List.of(fromCli.caller(),
                    cached(c, rest).caller(), cached(c, reactor).caller(), cached(c, java).caller()));
        }
    }

    @Test
    void theCliRefusesABadBatchWithTheSpecsMessage() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            TestCluster.CliResult r = c.cli("run", "-b", "150%", "*", "test.ping");
            assertEquals(2, r.exit(), r.err());
            assertEquals("brine: --batch: batch percentage must be from 1% to 100%, not '150%'", r.err().strip());
            r = c.cli("run", "-b", "0", "*", "test.ping");
            assertEquals("brine: --batch: batch count must be from 1 to 9999999, not '0'", r.err().strip());
        }
    }

    @Test
    void theLibraryBatchesAsTheCliDoes() throws Exception {
        try (TestCluster c = TestCluster.start(root, "auto_accept: true\n")) {
            for (String id : MINIONS) {
                TestCluster.awaitStatus(c.addMinion(id), KeyStatus.ACCEPTED, WAIT);
            }
            Job r = c.master.client().call(JobSpec.of("*", "test.sleep", 0.3).withBatch(Batch.parse("1")));
            assertEquals(new HashSet<>(MINIONS), r.returns().keySet(), "every minion ran it: " + r.returns());
            List<MinionResult> byStart = new ArrayList<>(r.returns().values());
            byStart.sort((a, b) -> a.start().compareTo(b.start()));
            for (int i = 1; i < byStart.size(); i++) {
                assertTrue(!byStart.get(i).start().isBefore(byStart.get(i - 1).end()),
                        "one at a time, so each starts after the one before ended: " + byStart);
            }
        }
    }

    @Test
    void aCallsLastAnswerNamesTheStreamedReturnsInsteadOfSendingThemAgain() throws Exception {
        try (TestCluster c = TestCluster.start(root, "auto_accept: true\npublisher_acl:\n  orchestrator: ['*']\n")) {
            for (String id : MINIONS) {
                TestCluster.awaitStatus(c.addMinion(id), KeyStatus.ACCEPTED, WAIT);
            }
            StaticKeyPair key = StaticKeyPair.generate();
            KeyFiles.writePublicKey(root.resolve("master/pki/clients/orchestrator"), key.publicKey());
            String large = "x".repeat(50_000);
            try (RogueClient client = new RogueClient(c.port, Role.CLIENT, "orchestrator", key)) {
                assertEquals(KeyStatus.ACCEPTED, client.endpoint.awaitStatus(WAIT));
                client.endpoint.send(PublishRequests.toWire(1, JobSpec.of("*", "test.echo", large)
                        .withTimeout(WAIT), false));
                Await.until(() -> client.received.stream().anyMatch(m -> m instanceof CallReport), "the report",
                        WAIT);
                Map<String, MinionReturn> streamed = new HashMap<>();
                client.received.stream().filter(m -> m instanceof ReturnNotice).map(m -> (ReturnNotice) m)
                        .forEach(n -> streamed.put(n.minionId(), n.result()));
                CallReport report = (CallReport) client.received.stream().filter(m -> m instanceof CallReport)
                        .findFirst().orElseThrow();
                assertEquals(new HashSet<>(MINIONS), streamed.keySet(), "each return was streamed");
                assertEquals(Map.of(), report.rest().returns(), "and none of them sent again");
                assertEquals(new HashSet<>(MINIONS), new HashSet<>(report.streamed()));
                JobRecord whole = report.merge(streamed);
                assertEquals(CachedRecords.find(c.master, whole.jid()).orElseThrow(), whole,
                        "merged, the job as looked up");
                whole.returns().values().forEach(r -> assertEquals(large, r.ret()));
            }
        }
    }

    /**
     * Field by field. Differ, and are not compared: the jid (each job has its own), the start time (they ran
     * one after another), the caller (each path has its own identity: local, token:NAME, reactor, library; checked
     * by the caller), and in each return its start and end times. The order in which minions acknowledged is
     * compared as a set: it is the order their acknowledgements arrived in.
     */
    private static void assertSameJob(JobRecord expected, JobRecord actual) {
        String which = "job " + actual.jid() + " of " + actual.caller();
        assertNotEquals(expected.jid(), actual.jid());
        assertEquals(expected.function(), actual.function(), which);
        assertEquals(expected.args(), actual.args(), which);
        assertEquals(expected.kwargs(), actual.kwargs(), which);
        assertEquals(expected.target(), actual.target(), which);
        assertEquals(expected.targetType(), actual.targetType(), which);
        assertEquals(expected.timeoutMillis(), actual.timeoutMillis(), which);
        assertEquals(expected.expected(), actual.expected(), which);
        assertEquals(expected.unreachable(), actual.unreachable(), which);
        assertEquals(new HashSet<>(expected.acknowledged()), new HashSet<>(actual.acknowledged()), which);
        assertEquals(expected.unknown(), actual.unknown(), which);
        assertEquals(expected.queueUntilMillis(), actual.queueUntilMillis(), which);
        assertEquals(expected.disconnected(), actual.disconnected(), which);
        assertEquals(expected.returns().keySet(), actual.returns().keySet(), which);
        expected.returns().forEach((id, want) -> {
            MinionReturn got = actual.returns().get(id);
            assertEquals(List.of(want.success(), want.retcode(), String.valueOf(want.ret())),
                    List.of(got.success(), got.retcode(), String.valueOf(got.ret())), which + ", " + id);
        });
        // and what they all asked for, so that equal does not mean equally wrong
        assertEquals(List.of("grains.get", List.of("no_such_grain"), Map.of("default", "fallback"), TARGET,
                "compound", 10_000L, MINIONS), List.of(actual.function(), actual.args(), actual.kwargs(),
                actual.target(), actual.targetType(), actual.timeoutMillis(), actual.expected()), which);
        actual.returns().values().forEach(r -> assertEquals("fallback", r.ret(), which));
    }

    private static String viaCli(TestCluster c) throws Exception {
        TestCluster.CliResult r = c.cli("run", "--out", "json", "-C", TARGET, "grains.get", "no_such_grain",
                "default=fallback");
        assertEquals(0, r.exit(), r.err());
        return JSON.readTree(r.out()).get("jid").asText();
    }

    private static String viaRest(TestCluster c) throws Exception {
        try (ApiServer api = ApiServer.start(c.master)) {
            String token = TokenStore.forMaster(c.master.config()).create("ci", null);
            HttpRequest post = HttpRequest.newBuilder(URI.create(api.address() + "/jobs")).timeout(WAIT)
                    .header("Authorization", "Bearer " + token)
                    .POST(HttpRequest.BodyPublishers.ofString("{\"target\": \"" + TARGET + "\", \"tgt_type\": "
                            + "\"compound\", \"fun\": \"grains.get\", \"arg\": [\"no_such_grain\"], "
                            + "\"kwarg\": {\"default\": \"fallback\"}}"))
                    .build();
            HttpResponse<String> r = HttpClient.newHttpClient().send(post, HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), r.body());
            return JSON.readTree(r.body()).get("jid").asText();
        }
    }

    private static String viaReactor(TestCluster c) throws Exception {
        c.master.events().publish(TAG, Map.of());
        JobFilter byReactor = new JobFilter(10, null, null, "reactor", 0, false);
        Await.until(() -> !c.master.client().jobs(byReactor).isEmpty(), "the reactor's job", WAIT);
        List<JobOverview> jobs = c.master.client().jobs(byReactor);
        assertEquals(1, jobs.size(), "one event, one job: " + jobs);
        String jid = jobs.get(0).jid();
        Await.until(() -> c.master.client().job(jid).orElseThrow().returns().size() == MINIONS.size(),
                "the reactor's job to return", WAIT);
        return jid;
    }

    private static JobRecord cached(TestCluster c, String jid) {
        return CachedRecords.find(c.master, jid)
                .orElseThrow(() -> new AssertionError("no job " + jid + " in the cache"));
    }
}
