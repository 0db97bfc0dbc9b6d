package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import io.brine.api.generated.ApiClient;
import io.brine.api.generated.client.JobsApi;
import io.brine.api.generated.client.KeysApi;
import io.brine.api.generated.model.Job;
import io.brine.api.generated.model.JobRow;
import io.brine.api.generated.model.KeyList;
import io.brine.api.generated.model.MinionReturn;
import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Java client generated from {@code openapi.json} by openapi-generator (its Maven plugin, in this module's test
 * build: api/pom.xml) runs a job, finds it in the job list and accepts a key against a real master and real
 * minions: the document is usable the way most orchestrators consume the API. The client is strict, so a field
 * the master sends that the document does not describe fails the test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GeneratedClientTest {
    ApiFixture cluster;
    JobsApi jobs;
    KeysApi keys;

    @BeforeAll
    void startAMasterWithItsApiAndOneAcceptedMinion(@TempDir Path root) throws Exception {
        cluster = ApiFixture.start(root);
        cluster.addAcceptedMinion("web1");
        ApiClient client = generatedClient(cluster.api.address(), cluster.tokens.create("ci", null));
        jobs = new JobsApi(client);
        keys = new KeysApi(client);
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    /**
     * The generated client as an orchestrator would set it up: the document's server is relative ({@code /}), so
     * the master's address is given here, and bearer auth is a header on every request (the native library has no
     * auth hook of its own). Unlike the generator's default, unknown fields fail, to hold the document complete.
     */
    static ApiClient generatedClient(URI master, String token) {
        ApiClient client = new ApiClient();
        client.updateBaseUri(master.toString());
        client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + token));
        client.setReadTimeout(Duration.ofSeconds(30)); // a call waits for its returns: the master's timeout is 10 s
        client.setObjectMapper(ApiClient.createDefaultObjectMapper()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES));
        return client;
    }

    @Test
    void aCallOnARealMinionAnswersItsReturnAndTheJobIsListed() throws Exception {
        // the generated JobRequest, not this package's own (a single-type name would shadow it; this says which)
        Job job = jobs.runJob(new io.brine.api.generated.model.JobRequest().target("web1").fun("test.ping")
                .mode(io.brine.api.generated.model.JobRequest.ModeEnum.CALL));

        assertTrue(job.getJid().matches("\\d{20}"), job.getJid());
        assertEquals(Set.of("web1"), job.getReturns().keySet(), job.toString());
        assertEquals(Map.of(), job.getMissing());
        MinionReturn web1 = job.getReturns().get("web1");
        assertEquals(Boolean.TRUE, web1.getRet());
        assertEquals(0, web1.getRetcode());
        assertEquals(Boolean.TRUE, web1.getSuccess());
        assertFalse(web1.getEndTime().isBefore(web1.getStartTime()), web1.toString());

        List<JobRow> pings = jobs.listJobs(100, "test.ping", null, null, null, null, null).getJobs();
        JobRow row = pings.stream().filter(r -> r.getJid().equals(job.getJid())).findFirst()
                .orElseThrow(() -> new AssertionError(job.getJid() + " is not listed: " + pings));
        assertEquals("test.ping", row.getFunction());
        assertEquals("web1", row.getTarget());
        assertEquals("glob", row.getTgtType());
        assertEquals("token:ci", row.getCaller());
        assertEquals(1, row.getExpected());
        assertEquals(1, row.getReturned());
        assertTrue(row.getStartTime() != null, row.toString());
        assertEquals(List.of(), jobs.listJobs(100, "test.echo", null, null, null, null, null).getJobs(),
                "a filter the job does not pass");
    }

    @Test
    void aPendingKeyIsAcceptedAndItsMinionThenAnswersJobs() throws Exception {
        Minion db1 = cluster.addMinion("db1"); // not pre-accepted: it waits in pending, as a new machine's key would
        KeyList before = keys.listKeys();
        assertTrue(before.getPending().contains("db1"), before.toString());
        assertFalse(before.getAccepted().contains("db1"), before.toString());

        assertEquals(List.of("db1"), keys.acceptKey("db1").getAccepted());

        KeyList after = keys.listKeys();
        assertTrue(after.getAccepted().contains("db1"), after.toString());
        assertFalse(after.getPending().contains("db1"), after.toString());
        ApiFixture.await(() -> db1.status() == KeyStatus.ACCEPTED, "db1 told its key is accepted");
        Job ping = jobs.runJob(new io.brine.api.generated.model.JobRequest().target("db1").fun("test.ping"));
        assertEquals(Boolean.TRUE, ping.getReturns().get("db1").getRet(), ping.toString());

        // an error answer is an exception carrying the status and the document's Error body
        io.brine.api.generated.ApiException again = assertThrows(io.brine.api.generated.ApiException.class,
                () -> keys.acceptKey("db1"));
        assertEquals(404, again.getCode(), again.getResponseBody());
        assertTrue(again.getResponseBody().contains("\"error\""), again.getResponseBody());
    }
}
