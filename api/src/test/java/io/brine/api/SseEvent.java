package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * One Server-Sent Event as read: its id (or null), its event name (or null), its data; and the few steps tests take
 * to read them from {@code GET /events}.
 *
 * <pre>{@code
 * try (BufferedReader lines = SseEvent.reader(SseEvent.open(cluster, "/events?tag=brine/**", token, null))) {
 *     SseEvent e = SseEvent.next(lines);
 * }
 * }</pre>
 */
record SseEvent(String id, String event, String data) {
    /** Opens {@code path} as {@code bearer}, resuming after {@code lastEventId} (null: none). */
    static HttpResponse<InputStream> open(ApiFixture cluster, String path, String bearer, String lastEventId)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(cluster.api.address() + path))
                .header("Authorization", "Bearer " + bearer);
        if (lastEventId != null) {
            b.header("Last-Event-ID", lastEventId);
        }
        return cluster.http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
    }

    static BufferedReader reader(HttpResponse<InputStream> r) {
        return new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8));
    }

    /** The next event on the stream (comments skipped), within ten seconds. */
    static SseEvent next(BufferedReader lines) {
        return assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            String id = null;
            String event = null;
            String data = null;
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isEmpty() && data != null) {
                    return new SseEvent(id, event, data);
                } else if (line.startsWith("id: ")) {
                    id = line.substring(4);
                } else if (line.startsWith("event: ")) {
                    event = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    data = line.substring(6);
                }
            }
            throw new AssertionError("the stream ended");
        });
    }

    /** The data as the JSON document {@code {"tag", "data", "time"}}. */
    @SuppressWarnings("unchecked")
    Map<String, Object> json() throws Exception {
        return ApiExchange.JSON.readValue(data, Map.class);
    }
}
