package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients that send their headers slowly, or open connections in bulk, cannot keep the API from answering
 * others: the slowloris attack that took every JDK server thread, tried against the real listener.
 */
class ApiSlowClientTest {
    /** More slow connections than the API has worker threads, from more than one address's share. */
    private static final int SLOW = ApiListener.WORKERS + 8;

    @TempDir
    Path root;

    @Test
    void slowHeadersHoldNoThreadAndOthersAreAnsweredWithinASecond() throws Exception {
        // The per-address limit is raised so that every slow connection is really open: the point here is threads.
        try (ApiFixture cluster = ApiFixture.start(root, "api: {interface: 127.0.0.1, port: 0}\n",
                HttpClient.newHttpClient(), Duration.ofSeconds(15), SLOW + 8)) {
            String token = cluster.tokens.create("ci", null);
            List<Socket> slow = new ArrayList<>();
            try {
                for (int i = 0; i < SLOW; i++) {
                    Socket s = new Socket("127.0.0.1", cluster.api.port());
                    s.getOutputStream().write("GET /keys HTTP/1.1\r\nHost: x\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII));
                    slow.add(s);
                }
                for (int round = 0; round < 3; round++) {
                    for (Socket s : slow) {
                        s.getOutputStream().write('a'); // still sending its headers
                    }
                    HttpResponse<String> r = cluster.send("GET", "/keys", token, null, Duration.ofSeconds(1));
                    assertEquals(200, r.statusCode(), r.body());
                }
            } finally {
                for (Socket s : slow) {
                    s.close();
                }
            }
        }
    }

    @Test
    void oneAddressMayHoldOnlyItsShareOfConnections() throws Exception {
        try (ApiFixture cluster = ApiFixture.start(root)) {
            String token = cluster.tokens.create("ci", null);
            List<Socket> held = new ArrayList<>();
            try {
                for (int i = 0; i < ApiListener.PER_ADDRESS + 4; i++) {
                    held.add(new Socket("127.0.0.1", cluster.api.port()));
                }
                // The connections beyond the share are closed by the server: their reads end at once (the rest are
                // left open, far within the idle timeout, and time out on our side).
                int closed = 0;
                for (Socket s : held) {
                    s.setSoTimeout(300);
                    try (InputStream in = s.getInputStream()) {
                        if (in.read() == -1) {
                            closed++;
                        }
                    } catch (java.net.SocketTimeoutException stillOpen) {
                        // within its address's share: left open by the server
                    }
                }
                assertEquals(4, closed);
                assertTrue(cluster.api.connectionsRefusedByAddress() >= 4);
            } finally {
                for (Socket s : held) {
                    s.close();
                }
            }
            // Once they are gone, the same address is served again.
            assertEquals(200, cluster.send("GET", "/keys", token, null).statusCode());
        }
    }

}
