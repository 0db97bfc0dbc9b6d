package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import java.io.BufferedReader;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The leak the trust review found: a token with {@code @events} watched other identities' job arguments and
 * returns (a pillar password among them) that {@code GET /jobs/ID} rightly hid from it. A restricted stream
 * carries its own jobs' events and the events of the minions its grants cover, live and on resuming with
 * {@code Last-Event-ID}, and never another identity's job.
 */
class ApiEventVisibilityTest {
    private static final String SECRET = "hunter2-" + System.nanoTime();

    @TempDir
    Path root;
    private ApiFixture cluster;
    private String watcher;

    @BeforeEach
    void start() throws Exception {
        cluster = ApiFixture.start(root, """
                api: {interface: 127.0.0.1, port: 0}
                publisher_acl:
                  token:watcher:
                    - '@events'
                    - 'web*': [test.*]
                """, HttpClient.newHttpClient(), Duration.ofSeconds(15));
        watcher = cluster.tokens.create("watcher", null);
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    @Test
    void aRestrictedStreamCarriesItsOwnJobsAndCoveredMinionsButNeverAnotherIdentitysJob() throws Exception {
        List<SseEvent> seen = new ArrayList<>();
        String othersJid;
        try (BufferedReader lines = SseEvent.reader(SseEvent.open(cluster, "/events?tag=**", watcher, null))) {
            cluster.addAcceptedMinion("web1");
            cluster.addAcceptedMinion("db1");
            // root's job on both, with a secret in its arguments and in its return
            Job others = cluster.master.client().call(JobSpec.of("*", "test.echo", SECRET));
            assertEquals(2, others.returns().size());
            cluster.master.events().publish("brine/hook/ci/done", Map.of("status", "passed"));
            // the watcher's own job, last: once its return is on the stream, everything before it was judged
            java.net.http.HttpResponse<String> own = cluster.send("POST", "/jobs", watcher,
                    "{\"target\": \"web1\", \"fun\": \"test.ping\"}");
            assertEquals(200, own.statusCode(), own.body());
            String ownRet = "brine/job/" + ApiFixture.json(own).get("jid") + "/ret/web1";
            othersJid = others.jid();
            for (SseEvent e = SseEvent.next(lines); !e.json().get("tag").equals(ownRet); e = SseEvent.next(lines)) {
                seen.add(e);
            }
        }
        List<String> tags = seen.stream().map(ApiEventVisibilityTest::tag).toList();
        assertFalse(seen.stream().anyMatch(e -> e.data().contains(SECRET)), "another identity's job: " + tags);
        assertFalse(tags.stream().anyMatch(t -> t.contains(othersJid)), tags.toString());
        assertFalse(tags.stream().anyMatch(t -> t.contains("/db1")), "db1 is not the watcher's: " + tags);
        assertTrue(tags.contains("brine/key/web1/accepted"), tags.toString());
        assertTrue(tags.contains("brine/minion/web1/start"), tags.toString());
        assertTrue(tags.contains("brine/hook/ci/done"), tags.toString());
        assertTrue(tags.stream().anyMatch(t -> t.matches("brine/job/[0-9]+/new")), "its own job's start: " + tags);

        // Resuming from before all of it replays only what it may see.
        List<String> replayed = new ArrayList<>();
        try (BufferedReader lines = SseEvent.reader(SseEvent.open(cluster, "/events?tag=**", watcher,
                seen.get(0).id()))) {
            cluster.master.events().publish("brine/hook/ci/end", Map.of());
            for (SseEvent e = SseEvent.next(lines); !tag(e).equals("brine/hook/ci/end"); e = SseEvent.next(lines)) {
                assertFalse(e.data().contains(SECRET), e.data());
                replayed.add(tag(e));
            }
        }
        assertFalse(replayed.stream().anyMatch(t -> t.contains("/db1")), replayed.toString());
        assertTrue(replayed.stream().anyMatch(t -> t.endsWith("/ret/web1")), "its own return: " + replayed);
    }

    private static String tag(SseEvent e) {
        try {
            return (String) e.json().get("tag");
        } catch (Exception ex) {
            throw new AssertionError(ex);
        }
    }
}
