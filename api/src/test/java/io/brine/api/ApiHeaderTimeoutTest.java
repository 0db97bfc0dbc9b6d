package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.http.ConnectionDrop;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A connection must send a complete request within the header deadline, however slowly it sends (an idle timeout
 * alone is reset by every byte); between requests, only a connection whose last request authenticated is kept
 * past it.
 */
class ApiHeaderTimeoutTest {
    /** Short, so that the test sees the cut within seconds; the real listener's is 5 s. */
    private static final Duration DEADLINE = Duration.ofSeconds(1);

    @TempDir
    Path root;

    @Test
    void aRequestWhoseHeadersTrickleInIsClosedAtTheHeaderDeadline() throws Exception {
        try (ApiFixture cluster = start()) {
            String token = cluster.tokens.create("ci", null);
            try (RawHttp slow = RawHttp.connect(cluster.api.port())) {
                long start = System.nanoTime();
                String request = RawHttp.get("/keys", token);
                slow.send(request.substring(0, 20));
                boolean closed = false;
                for (int i = 20; i < request.length() - 1 && !closed; i++) {
                    try {
                        slow.send(request.substring(i, i + 1)); // a byte every 100 ms: never idle
                        Thread.sleep(100);
                    } catch (java.io.IOException cutOff) {
                        closed = true;
                    }
                }
                assertTrue(closed || slow.closedByServer(), "the trickle was cut off");
                long tookMillis = (System.nanoTime() - start) / 1_000_000;
                assertTrue(tookMillis >= DEADLINE.toMillis() - 100 && tookMillis < 4 * DEADLINE.toMillis(),
                        "closed after " + tookMillis + " ms");
            }
            assertEquals(1, cluster.api.connectionsDropped(ConnectionDrop.HEADER_DEADLINE));
            assertEquals(200, cluster.send("GET", "/keys", token, null).statusCode());
        }
    }

    @Test
    void betweenRequestsOnlyAnAuthenticatedConnectionIsKeptPastTheDeadline() throws Exception {
        try (ApiFixture cluster = start()) {
            String token = cluster.tokens.create("ci", null);
            try (RawHttp trusted = RawHttp.connect(cluster.api.port());
                    RawHttp stranger = RawHttp.connect(cluster.api.port())) {
                assertEquals(200, trusted.exchange("/keys", token));
                assertEquals(401, stranger.exchange("/keys", null));
                // A connection opened after both answers, closed at its deadline: theirs has passed too.
                try (RawHttp idle = RawHttp.connect(cluster.api.port())) {
                    assertTrue(idle.closedByServer(), "an idle connection is closed at the deadline");
                }
                assertTrue(stranger.closedByServer(), "after a 401 the connection waits like a new one");
                assertEquals(200, trusted.exchange("/keys", token), "the authenticated connection was kept");
                assertTrue(cluster.api.connectionsDropped(ConnectionDrop.HEADER_DEADLINE) >= 2);
            }
        }
    }

    private ApiFixture start() throws Exception {
        return ApiFixture.start(root, "api: {interface: 127.0.0.1, port: 0}\n", HttpClient.newHttpClient(),
                Duration.ofMillis(500), ApiListener.LIMITS.withHeaderDeadline(DEADLINE));
    }
}
