package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.http.ConnectionDrop;
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
 * others: the slowloris attack that took every JDK server thread, tried against the real listener; and an address
 * over its share of connections still sending headers loses its oldest, so that its newest, perhaps an honest
 * client's, is served. (Floods of thousands: ApiFloodTest.)
 */
class ApiSlowClientTest {
    /** More slow connections than the API has worker threads, from more than one address's share. */
    private static final int SLOW = ApiListener.WORKERS + 8;

    @TempDir
    Path root;

    @Test
    void slowHeadersHoldNoThreadAndOthersAreAnsweredWithinASecond() throws Exception {
        // The address's share of waiting connections is raised so that every slow one stays open: the point here is
        // threads.
        try (ApiFixture cluster = ApiFixture.start(root, "api: {interface: 127.0.0.1, port: 0}\n",
                HttpClient.newHttpClient(), Duration.ofSeconds(15), ApiListener.LIMITS.withWaitingPerAddress(SLOW + 8))) {
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
    void anAddressOverItsShareOfWaitingConnectionsLosesItsOldestNeverTheNewest() throws Exception {
        // No grace for new connections: which are "the oldest" is then the order they were opened in, not their age.
        try (ApiFixture cluster = ApiFixture.start(root, "api: {interface: 127.0.0.1, port: 0}\n",
                HttpClient.newHttpClient(), Duration.ofSeconds(15), ApiListener.LIMITS.withGrace(Duration.ZERO))) {
            String token = cluster.tokens.create("ci", null);
            int share = ApiListener.LIMITS.waitingPerAddress();
            List<RawHttp> held = new ArrayList<>();
            try {
                for (int i = 0; i < share + 4; i++) {
                    held.add(RawHttp.connect(cluster.api.port()));
                    int opened = i + 1;
                    // one at a time, so that "oldest" is the order they were opened in
                    ApiFixture.await(() -> cluster.api.waitingConnections() == Math.min(opened, share)
                            && cluster.api.connectionsDropped(ConnectionDrop.OLDEST_OF_ADDRESS)
                            == Math.max(0, opened - share), "connection " + opened + " seen");
                }
                for (int i = 0; i < 4; i++) {
                    assertTrue(held.get(i).closedByServer(), "connection " + i + " was among the oldest");
                }
                // A new connection from the same address is served (the next oldest goes for it), and so is the
                // newest of those held.
                try (RawHttp fresh = RawHttp.connect(cluster.api.port())) {
                    assertEquals(200, fresh.exchange("/keys", token));
                }
                assertEquals(5, cluster.api.connectionsDropped(ConnectionDrop.OLDEST_OF_ADDRESS));
                assertTrue(held.get(4).closedByServer(), "the next oldest went for the fresh connection");
                assertEquals(200, held.get(held.size() - 1).exchange("/keys", token));
            } finally {
                for (RawHttp c : held) {
                    c.close();
                }
            }
        }
    }
}
