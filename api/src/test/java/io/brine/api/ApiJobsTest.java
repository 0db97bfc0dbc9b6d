package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.JobFilter;
import io.brine.jobs.JobSpec;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** {@code GET /jobs}, {@code GET /jobs/JID?wait=}, {@code DELETE /jobs/JID}, and jobs whose target matches nothing. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ApiJobsTest {
    ApiFixture cluster;
    String token;

    @BeforeAll
    void startAMasterWithItsApiAndOneAcceptedMinion(@TempDir Path root) throws Exception {
        cluster = ApiFixture.start(root);
        cluster.addAcceptedMinion("web1");
        token = cluster.tokens.create("ci", null);
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void jobsAreListedWithTheFiltersOfBrineJobList() throws Exception {
        String echo = jid(post("{\"target\": \"web1\", \"fun\": \"test.echo\", \"arg\": [\"listed\"]}"));
        String ping = jid(post("{\"target\": \"web*\", \"fun\": \"test.ping\"}"));
        List<Map<String, Object>> all = jobs("/jobs?limit=100");
        assertEquals(List.of("jid", "function", "target", "tgt_type", "caller", "start_time", "expected", "returned"),
                List.copyOf(all.get(0).keySet()));
        assertTrue(all.stream().anyMatch(j -> j.get("jid").equals(echo)), all.toString());
        List<Map<String, Object>> echoes = jobs("/jobs?function=test.echo");
        assertTrue(echoes.stream().allMatch(j -> j.get("function").equals("test.echo")), echoes.toString());
        assertTrue(echoes.stream().anyMatch(j -> j.get("jid").equals(echo)));
        Map<String, Object> row = jobs("/jobs?target=web*&function=test.ping").get(0);
        assertEquals(ping, row.get("jid"));
        assertEquals("token:ci", row.get("caller"));
        assertEquals(1, row.get("expected"));
        assertEquals(1, row.get("returned"));
        java.time.Instant.parse((String) row.get("start_time"));
        assertEquals(1, jobs("/jobs?limit=1").size());
        assertEquals(List.of(), jobs("/jobs?caller=token:someone-else"));
        assertTrue(jobs("/jobs?since=1h&caller=token:ci").size() >= 2);
        assertEquals(List.of(), jobs("/jobs?since=2999-01-01"));
        assertEquals(400, get("/jobs?since=yesterday").statusCode());
        assertEquals(400, get("/jobs?limit=0").statusCode());
        assertEquals(400, get("/jobs?running=yes").statusCode());
        HttpResponse<String> unknown = get("/jobs?fun=test.ping");
        assertEquals(400, unknown.statusCode());
        assertTrue(unknown.body().contains("unknown query parameter 'fun'"), unknown.body());
    }

    @Test
    void aRunningJobIsListedKilledAndThenAnsweredAsAlreadyFinished() throws Exception {
        String sleeper = cast("{\"target\": \"web1\", \"fun\": \"test.sleep\", \"kwarg\": {\"length\": 20}}");
        String quick = jid(post("{\"target\": \"web1\", \"fun\": \"test.ping\"}"));
        List<Map<String, Object>> running = jobs("/jobs?running=true");
        assertTrue(running.stream().anyMatch(j -> j.get("jid").equals(sleeper)), running.toString());
        assertTrue(running.stream().noneMatch(j -> j.get("jid").equals(quick)), running.toString());

        HttpResponse<String> killed = send("DELETE", "/jobs/" + sleeper);
        assertEquals(202, killed.statusCode(), killed.body());
        assertEquals(Map.of("jid", sleeper, "kill", "sent"), ApiFixture.json(killed));
        HttpResponse<String> ended = get("/jobs/" + sleeper + "?wait=15");
        assertEquals("done", ended.headers().firstValue("brine-job-state").orElse(""), ended.body());

        HttpResponse<String> again = send("DELETE", "/jobs/" + sleeper);
        assertEquals(409, again.statusCode(), again.body());
        Map<String, Object> error = ApiFixture.json(again);
        assertTrue(((String) error.get("error")).contains("already finished"), again.body());
        assertEquals(Map.of("jid", sleeper, "state", "finished"), error.get("detail"));
        assertEquals(409, send("DELETE", "/jobs/" + quick).statusCode());
    }

    @Test
    void killingAnUnknownJobIsNotFound() throws Exception {
        HttpResponse<String> r = send("DELETE", "/jobs/20200101000000000000");
        assertEquals(404, r.statusCode());
        assertTrue(ApiFixture.json(r).get("error").toString().contains("no job"), r.body());
        assertEquals(404, send("DELETE", "/jobs/not-a-jid").statusCode());
        assertEquals(404, get("/jobs/20200101000000000000?wait=5").statusCode());
    }

    @Test
    void aLongPollAnswersWhenTheJobEnds() throws Exception {
        String jid = cast("{\"target\": \"web1\", \"fun\": \"test.sleep\", \"kwarg\": {\"length\": 1}}");
        long start = System.nanoTime();
        HttpResponse<String> r = get("/jobs/" + jid + "?wait=30");
        long tookMillis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("done", r.headers().firstValue("brine-job-state").orElse(""));
        assertTrue(((Map<?, ?>) ApiFixture.json(r).get("returns")).containsKey("web1"), r.body());
        assertTrue(tookMillis < 15_000, "answered after " + tookMillis + " ms");
    }

    @Test
    void aLongPollEndsWhenItsWaitPassesWithTheJobStillRunning() throws Exception {
        String jid = cast("{\"target\": \"web1\", \"fun\": \"test.sleep\", \"kwarg\": {\"length\": 10}}");
        long start = System.nanoTime();
        HttpResponse<String> r = get("/jobs/" + jid + "?wait=0.5");
        long tookMillis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(200, r.statusCode(), r.body());
        assertEquals("running", r.headers().firstValue("brine-job-state").orElse(""));
        assertTrue(tookMillis >= 400 && tookMillis < 5_000, "answered after " + tookMillis + " ms");
        assertEquals(400, get("/jobs/" + jid + "?wait=soon").statusCode());
        send("DELETE", "/jobs/" + jid);
    }

    @Test
    void oneTokenMayHoldOnlyFourLongPollsAndOthersStillWait() throws Exception {
        String a = cluster.tokens.create("a", null);
        String b = cluster.tokens.create("b", null);
        String jid = cast("{\"target\": \"web1\", \"fun\": \"test.sleep\", \"kwarg\": {\"length\": 30}}");
        List<CompletableFuture<HttpResponse<String>>> polls = new ArrayList<>();
        java.util.concurrent.ExecutorService pollers = java.util.concurrent.Executors.newFixedThreadPool(
                JobEndpoints.MAX_WAITING_PER_TOKEN);
        try {
            for (int i = 0; i < JobEndpoints.MAX_WAITING_PER_TOKEN; i++) {
                polls.add(CompletableFuture.supplyAsync(() -> call("GET", "/jobs/" + jid + "?wait=20", a), pollers));
            }
            ApiFixture.await(() -> cluster.api.waitingLookups() == JobEndpoints.MAX_WAITING_PER_TOKEN,
                    "four long polls waiting");
            HttpResponse<String> refused = call("GET", "/jobs/" + jid + "?wait=20", a);
            assertEquals(429, refused.statusCode(), refused.body());
            assertEquals("1", refused.headers().firstValue("retry-after").orElse(""));
            HttpResponse<String> other = call("GET", "/jobs/" + jid + "?wait=0.2", b);
            assertEquals(200, other.statusCode(), other.body());
            // without a wait, the token's own lookups are still answered
            assertEquals(200, call("GET", "/jobs/" + jid, a).statusCode());
        } finally {
            send("DELETE", "/jobs/" + jid);
            pollers.shutdown();
        }
        for (CompletableFuture<HttpResponse<String>> p : polls) {
            assertEquals(200, p.get().statusCode());
        }
        assertEquals(0, cluster.api.waitingLookups());
    }

    @Test
    void aCallOrCastMatchingNoMinionIs422AndRecordsNoJob() throws Exception {
        for (String mode : List.of("call", "cast")) {
            HttpResponse<String> r = post("{\"target\": \"nomatch*\", \"fun\": \"test.ping\", \"mode\": \"" + mode
                    + "\"}");
            assertEquals(422, r.statusCode(), r.body());
            Map<String, Object> doc = ApiFixture.json(r);
            assertEquals("no minions matched the target", doc.get("error"));
            assertEquals("nomatch*", doc.get("target"));
            assertEquals(Map.of("tgt_type", "glob", "undetermined", List.of()), doc.get("detail"));
        }
        assertEquals(422, post("{\"target\": \"G@role:nothing\", \"tgt_type\": \"compound\", \"fun\": \"test.ping\"}")
                .statusCode());
        assertEquals(List.of(), cluster.master.client().jobs(new JobFilter(100, null, "nomatch*", null, 0)));
        assertEquals(List.of(), jobs("/jobs?target=nomatch*"));
    }

    @Test
    void aFunctionNoTargetedMinionRunsIs400AndRecordsNoJob() throws Exception {
        // web1's declarations came with its grains: once a grain target finds it, the master knows them
        ApiFixture.await(() -> grainTargetFinds("web1"), "web1's grains and declarations");
        for (String mode : List.of("call", "cast")) {
            HttpResponse<String> r = post("{\"target\": \"web1\", \"fun\": \"nosuch.function\", \"mode\": \""
                    + mode + "\"}");
            assertEquals(400, r.statusCode(), r.body());
            assertEquals("web1: 'nosuch.function' is not available on this minion (nothing was published)",
                    ApiFixture.json(r).get("error"));
        }
        assertEquals(List.of(), jobs("/jobs?function=nosuch.function"));
    }

    @Test
    void aListTargetNamingAnIdThatIsNoAcceptedMinionReportsItUnknown() throws Exception {
        HttpResponse<String> r = post("{\"target\": \"web1,ghost\", \"tgt_type\": \"list\", \"fun\": \"test.ping\"}");
        assertEquals(200, r.statusCode(), r.body());
        Map<String, Object> doc = ApiFixture.json(r);
        assertEquals(Map.of("ghost", "unknown"), doc.get("missing"));
        assertTrue(((Map<?, ?>) doc.get("returns")).containsKey("web1"), r.body());
    }

    private boolean grainTargetFinds(String id) {
        String jid = cluster.master.client().cast(JobSpec.of("G@id:" + id, "test.ping")
                .withTargetType(io.brine.targeting.TargetType.COMPOUND));
        return cluster.master.client().job(jid).map(j -> j.expected().contains(id)).orElse(false);
    }

    private String cast(String body) throws Exception {
        HttpResponse<String> r = post(body.replaceFirst("\\{", "{\"mode\": \"cast\", "));
        assertEquals(202, r.statusCode(), r.body());
        return jid(r);
    }

    private static String jid(HttpResponse<String> r) throws Exception {
        return (String) ApiFixture.json(r).get("jid");
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> jobs(String path) throws Exception {
        HttpResponse<String> r = get(path);
        assertEquals(200, r.statusCode(), r.body());
        return (List<Map<String, Object>>) ApiFixture.json(r).get("jobs");
    }

    private HttpResponse<String> post(String body) throws Exception {
        return cluster.send("POST", "/jobs", token, body);
    }

    private HttpResponse<String> get(String path) throws Exception {
        return cluster.send("GET", path, token, null);
    }

    private HttpResponse<String> send(String method, String path) throws Exception {
        return cluster.send(method, path, token, null);
    }

    private HttpResponse<String> call(String method, String path, String bearer) {
        try {
            return cluster.send(method, path, bearer, null);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
