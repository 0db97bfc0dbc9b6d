package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Hooks, event ids and resuming with {@code Last-Event-ID}, and the limits on bodies, headers and streams. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ApiEventsAndLimitsTest {
    ApiFixture cluster;
    String token;

    @BeforeAll
    void startAMasterWithItsApi(@TempDir Path root) throws Exception {
        cluster = ApiFixture.start(root, "api: {interface: 127.0.0.1, port: 0}\n",
                java.net.http.HttpClient.newHttpClient(), Duration.ofMillis(500));
        token = cluster.tokens.create("ci", null);
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aHookArrivesOnTheEventStreamWithTheTokensName() throws Exception {
        HttpResponse<InputStream> r = stream("/events?tag=brine/hook/**", token, null);
        assertEquals(200, r.statusCode());
        try (BufferedReader lines = reader(r)) {
            HttpResponse<String> posted = cluster.send("POST", "/hook/ci/build-42", token,
                    "{\"status\": \"passed\", \"by\": \"forged\"}");
            assertEquals(200, posted.statusCode(), posted.body());
            assertEquals(Map.of("tag", "brine/hook/ci/build-42"), ApiFixture.json(posted));
            SseEvent e = next(lines);
            assertTrue(e.id() != null && e.id().matches("[0-9]+-[0-9]+"), String.valueOf(e));
            Map<String, Object> event = ApiExchange.JSON.readValue(e.data(), Map.class);
            assertEquals("brine/hook/ci/build-42", event.get("tag"));
            assertEquals(Map.of("status", "passed", "by", "token:ci"), event.get("data"));
            assertTrue(Instant.parse((String) event.get("time")).isAfter(Instant.now().minusSeconds(60)));
        }
        assertEquals(200, cluster.send("POST", "/hook/empty", token, null).statusCode());
        assertEquals(400, cluster.send("POST", "/hook/bad%20tag", token, "{}").statusCode());
        assertEquals(400, cluster.send("POST", "/hook/x", token, "[1]").statusCode());
        assertEquals(405, cluster.send("GET", "/hook/x", token, null).statusCode());
    }

    @Test
    void aClientResumingWithLastEventIdMissesNothingInTheWindow() throws Exception {
        List<String> ids = new ArrayList<>();
        HttpResponse<InputStream> first = stream("/events?tag=brine/resume/*", token, null);
        try (BufferedReader lines = reader(first)) {
            for (int i = 1; i <= 3; i++) {
                cluster.master.events().publish("brine/resume/e" + i, Map.of("n", i));
                ids.add(next(lines).id());
            }
        }
        for (int i = 4; i <= 8; i++) {
            cluster.master.events().publish("brine/resume/e" + i, Map.of("n", i)); // while nobody listens
            cluster.master.events().publish("brine/elsewhere/e" + i, Map.of("n", i));
        }
        HttpResponse<InputStream> resumed = stream("/events?tag=brine/resume/*", token, ids.get(2));
        try (BufferedReader lines = reader(resumed)) {
            for (int i = 4; i <= 8; i++) {
                SseEvent e = next(lines);
                assertEquals(null, e.event());
                assertEquals("brine/resume/e" + i, ApiExchange.JSON.readValue(e.data(), Map.class).get("tag"));
            }
            cluster.master.events().publish("brine/resume/e9", Map.of("n", 9));
            assertEquals("brine/resume/e9", ApiExchange.JSON.readValue(next(lines).data(), Map.class).get("tag"));
        }
    }

    @Test
    void anIdOlderThanTheWindowGetsAResetThenWhatIsStillKept() throws Exception {
        String old;
        try (BufferedReader lines = reader(stream("/events?tag=brine/old/*", token, null))) {
            cluster.master.events().publish("brine/old/first", Map.of());
            old = next(lines).id();
        }
        long evicted = cluster.api.eventsOutOfResumeWindow();
        for (int i = 0; i < EventStreams.WINDOW_EVENTS + 10; i++) {
            cluster.master.events().publish("brine/flood/" + i, Map.of("i", i));
        }
        cluster.master.events().publish("brine/old/last", Map.of());
        assertTrue(cluster.api.eventsOutOfResumeWindow() >= evicted + 11);
        try (BufferedReader lines = reader(stream("/events?tag=brine/old/*", token, old))) {
            SseEvent reset = next(lines);
            assertEquals("reset", reset.event());
            Map<String, Object> doc = ApiExchange.JSON.readValue(reset.data(), Map.class);
            assertEquals(old, ((Map<?, ?>) doc.get("detail")).get("last_event_id"));
            assertEquals("brine/old/last", ApiExchange.JSON.readValue(next(lines).data(), Map.class).get("tag"));
        }
        try (BufferedReader lines = reader(stream("/events?tag=brine/old/*", token, "1-1"))) {
            assertEquals("reset", next(lines).event(), "an id of another run of the API");
        }
    }

    @Test
    void oneTokenMayHoldOnlyFourStreams() throws Exception {
        String a = cluster.tokens.create("a", null);
        String b = cluster.tokens.create("b", null);
        List<HttpResponse<InputStream>> open = new ArrayList<>();
        try {
            for (int i = 0; i < EventStreams.MAX_STREAMS_PER_TOKEN; i++) {
                HttpResponse<InputStream> r = stream("/events", a, null);
                assertEquals(200, r.statusCode());
                open.add(r);
            }
            HttpResponse<InputStream> refused = stream("/events", a, null);
            assertEquals(429, refused.statusCode());
            assertTrue(new String(refused.body().readAllBytes(), StandardCharsets.UTF_8)
                    .contains("too many event streams open for this token"));
            HttpResponse<InputStream> other = stream("/events", b, null);
            assertEquals(200, other.statusCode());
            open.add(other);
        } finally {
            for (HttpResponse<InputStream> r : open) {
                r.body().close();
            }
        }
        ApiFixture.await(() -> cluster.api.openEventStreams() == 0, "the streams to end");
        HttpResponse<InputStream> again = stream("/events", a, null);
        assertEquals(200, again.statusCode());
        again.body().close();
    }

    @Test
    void aHookBodyBeyondOneMebibyteIs413() throws Exception {
        String huge = "{\"x\": \"" + "y".repeat(ApiExchange.MAX_BODY_BYTES) + "\"}";
        HttpResponse<String> r = chunked("/hook/big", huge);
        assertEquals(413, r.statusCode());
        assertTrue(ApiFixture.json(r).get("error").toString().contains("larger than"), r.body());
        assertEquals(413, chunked("/keys", huge).statusCode());
        assertEquals(413, chunked("/keys/generate", huge).statusCode());
    }

    /** Sent in chunks, with no length declared up front: the server finds out while it reads. */
    private HttpResponse<String> chunked(String path, String body) throws Exception {
        return cluster.http.send(HttpRequest.newBuilder(URI.create(cluster.api.address() + path))
                .header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(
                        body.getBytes(StandardCharsets.UTF_8)))).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<InputStream> stream(String path, String bearer, String lastEventId) throws Exception {
        return SseEvent.open(cluster, path, bearer, lastEventId);
    }

    private static BufferedReader reader(HttpResponse<InputStream> r) {
        return SseEvent.reader(r);
    }

    private static SseEvent next(BufferedReader lines) {
        return SseEvent.next(lines);
    }
}
