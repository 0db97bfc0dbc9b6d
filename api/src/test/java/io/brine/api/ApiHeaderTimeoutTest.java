package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The API needs no header read timeout of its own: Jetty's idle timeout runs while it reads a request's headers,
 * so a client that stops halfway through them is cut off, and holds no worker meanwhile (ApiSlowClientTest).
 */
class ApiHeaderTimeoutTest {
    /** Short, so that the test sees the cut within seconds; the real listener's is 30 s. */
    private static final Duration IDLE = Duration.ofSeconds(2);

    @TempDir
    Path root;

    @Test
    void aConnectionWhoseHeadersStallIsClosedAfterTheIdleTimeout() throws Exception {
        try (ApiFixture cluster = ApiFixture.start(root, "api: {interface: 127.0.0.1, port: 0}\n",
                HttpClient.newHttpClient(), Duration.ofMillis(500), ApiListener.PER_ADDRESS, IDLE)) {
            String token = cluster.tokens.create("ci", null);
            stall(cluster, token);
            assertEquals(200, cluster.send("GET", "/keys", token, null).statusCode());
        }
    }

    private static void stall(ApiFixture cluster, String token) throws Exception {
        try (Socket s = new Socket("127.0.0.1", cluster.api.port())) {
            s.getOutputStream().write(("GET /keys HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token + "\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            s.setSoTimeout((int) IDLE.toMillis() * 5);
            long start = System.nanoTime();
            byte[] answer = s.getInputStream().readAllBytes(); // until the server closes the connection
            long tookMillis = (System.nanoTime() - start) / 1_000_000;
            String text = new String(answer, StandardCharsets.US_ASCII);
            assertTrue(text.isEmpty() || text.startsWith("HTTP/1.1 408"), text);
            assertTrue(tookMillis >= IDLE.toMillis() - 200, "closed after " + tookMillis + " ms");
        }
    }

}
