package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code POST /jobs} with {@code "queue": "10m"}: a minion that is not connected reads {@code queued} in the job
 * document, and gets the job when it connects.
 */
class ApiQueuedJobTest {

    @Test
    void aJobQueuedThroughTheApiReadsQueuedAndRunsWhenTheMinionConnects(@TempDir Path root) throws Exception {
        try (ApiFixture cluster = ApiFixture.start(root)) {
            String token = cluster.tokens.create("ci", null);
            Minion late = cluster.addAcceptedMinion("late");
            MinionConfig config = late.config();
            late.close();
            cluster.minions.remove(late);
            ApiFixture.await(() -> "not-connected".equals(outcome(ping(cluster, token), "late")), "late to be away");

            HttpResponse<String> cast = cluster.send("POST", "/jobs", token, "{\"mode\": \"cast\", \"target\": \"late\","
                    + " \"fun\": \"test.echo\", \"arg\": [\"queued hello\"], \"queue\": \"10m\"}");
            assertEquals(202, cast.statusCode(), cast.body());
            String jid = (String) ApiFixture.json(cast).get("jid");
            HttpResponse<String> queued = cluster.send("GET", "/jobs/" + jid, token, null);
            assertEquals(200, queued.statusCode(), queued.body());
            assertEquals("queued", outcome(ApiFixture.json(queued), "late"), queued.body());

            cluster.minions.add(Minion.start(config));
            ApiFixture.await(() -> returns(job(cluster, token, jid)).containsKey("late"), "the queued job's return");
            Map<String, Object> done = job(cluster, token, jid);
            assertEquals("queued hello", ((Map<?, ?>) returns(done).get("late")).get("ret"), done.toString());
            assertFalse(((Map<?, ?>) done.get("missing")).containsKey("late"), done.toString());
        }
    }

    /** A call of test.ping to {@code late}: a minion that is away ends it at once as not-connected. */
    private static Map<String, Object> ping(ApiFixture cluster, String token) {
        try {
            return ApiFixture.json(cluster.send("POST", "/jobs", token, "{\"target\": \"late\", \"fun\": \"test.ping\","
                    + " \"timeout\": 5}"));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, Object> job(ApiFixture cluster, String token, String jid) {
        try {
            return ApiFixture.json(cluster.send("GET", "/jobs/" + jid, token, null));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object outcome(Map<String, Object> job, String id) {
        return job.get("missing") instanceof Map<?, ?> missing ? missing.get(id) : null;
    }

    private static Map<?, ?> returns(Map<String, Object> job) {
        return job.get("returns") instanceof Map<?, ?> returns ? returns : Map.of();
    }
}
