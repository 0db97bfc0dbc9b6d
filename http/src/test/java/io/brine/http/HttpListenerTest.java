package io.brine.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpHandler;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A listener on 127.0.0.1 and small clients of the test's own on raw sockets: every path reaches the handler, headers
 * past the limit never do, waiting connections are closed oldest first and at the deadline, an authenticated client
 * keeps its connection through a flood of idle ones.
 */
class HttpListenerTest {
    private static final Duration LONG = Duration.ofSeconds(10);

    private final AtomicInteger handled = new AtomicInteger();
    /** Answers with the request's path; a request carrying {@code Authorization: ok} authenticates. */
    private final HttpHandler echo = exchange -> {
        handled.incrementAndGet();
        if ("ok".equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
            exchange.setAttribute(HttpListener.AUTHENTICATED, Boolean.TRUE);
        }
        byte[] body = exchange.getRequestURI().getPath().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    };
    private final List<HttpListener> listeners = new ArrayList<>();
    private final List<Socket> sockets = new ArrayList<>();

    @AfterEach
    void stop() throws IOException {
        for (Socket s : sockets) {
            s.close();
        }
        listeners.forEach(l -> l.stop(Duration.ZERO));
    }

    @Test
    void everyPathReachesTheHandlerOnThePortBoundAndAConnectionCarriesSeveralRequests() throws Exception {
        HttpListener http = listen(4096, new ConnectionLimits(8, 16, 32, Duration.ZERO, 0, LONG));
        assertTrue(http.port() > 0);
        assertEquals(http.port(), http.address().getPort());
        Socket client = connect(http);
        assertEquals("200 /a/b", request(client, "/a/b", ""));
        assertEquals("200 /c", request(client, "/c", ""));
        assertEquals(2, handled.get());
    }

    @Test
    void headersPastTheLimitAreAnsweredTooLargeAndNeverReachTheHandler() throws Exception {
        HttpListener http = listen(1024, new ConnectionLimits(8, 16, 32, Duration.ZERO, 0, LONG));
        String status = request(connect(http), "/big", "X-Big: " + "x".repeat(2048) + "\r\n");
        assertEquals("431", status.substring(0, 3), status);
        // the listener went on: the next client is served, and the big one was never handled
        assertEquals("200 /small", request(connect(http), "/small", ""));
        assertEquals(1, handled.get());
    }

    @Test
    void aNewConnectionPushesOutTheOldestWaitingOneOfItsAddressNeverItself() throws Exception {
        HttpListener http = listen(4096, new ConnectionLimits(2, 16, 32, Duration.ZERO, 0, LONG));
        Socket oldest = connect(http);
        await(() -> http.waiting() == 1, "the first idle connection counted");
        Socket second = connect(http);
        await(() -> http.waiting() == 2, "the second idle connection counted");
        assertEquals("200 /new", request(connect(http), "/new", ""));
        assertEquals(-1, oldest.getInputStream().read(), "the oldest was closed");
        assertEquals(1, http.dropped(ConnectionDrop.OLDEST_OF_ADDRESS));
        assertEquals("200 /second", request(second, "/second", ""), "the younger one stayed");
        assertEquals(0, http.dropped(ConnectionDrop.OLDEST_OF_ALL) + http.dropped(ConnectionDrop.HEADER_DEADLINE));
    }

    @Test
    void aConnectionStillSendingItsHeadersAtTheDeadlineIsClosedWithoutReachingTheHandler() throws Exception {
        HttpListener http = listen(4096, new ConnectionLimits(8, 16, 32, Duration.ZERO, 0, Duration.ofMillis(400)));
        Socket slow = connect(http);
        slow.getOutputStream().write("GET /slow HTTP/1.1\r\nHost: test\r\n".getBytes(StandardCharsets.US_ASCII));
        slow.getOutputStream().flush();
        assertEquals(-1, slow.getInputStream().read(), "closed at the deadline, answered nothing");
        assertEquals(1, http.dropped(ConnectionDrop.HEADER_DEADLINE));
        assertEquals(0, handled.get());
        assertEquals("200 /quick", request(connect(http), "/quick", ""), "a client that sends its request is served");
    }

    @Test
    void anAuthenticatedClientKeepsItsConnectionThroughAFloodOfIdleOnesAndOthersDoNot() throws Exception {
        HttpListener http = listen(4096, new ConnectionLimits(1, 2, 4, Duration.ZERO, 1, LONG));
        Socket trusted = connect(http);
        assertEquals("200 /mine", request(trusted, "/mine", "Authorization: ok\r\n"));
        Socket stranger = connect(http);
        assertEquals("200 /theirs", request(stranger, "/theirs", ""));
        for (int i = 0; i < 3; i++) {
            connect(http);
        }
        assertEquals(-1, stranger.getInputStream().read(), "an unauthenticated connection waits again, and goes");
        await(() -> http.dropped(ConnectionDrop.OLDEST_OF_ADDRESS) >= 3, "the flood churned through itself");
        assertEquals("200 /again", request(trusted, "/again", ""), "the authenticated one was kept");
    }

    @Test
    void aStoppedListenerRefusesConnections() throws Exception {
        HttpListener http = listen(4096, new ConnectionLimits(8, 16, 32, Duration.ZERO, 0, LONG));
        int port = http.port();
        http.stop(Duration.ZERO);
        assertThrows(ConnectException.class, () -> new Socket("127.0.0.1", port).close());
    }

    private HttpListener listen(int headerBytes, ConnectionLimits limits) throws IOException {
        HttpListener l = HttpListener.start(new HttpListener.Settings("test-http", "127.0.0.1", 0, null, 2,
                Duration.ofSeconds(30), headerBytes, limits), echo);
        listeners.add(l);
        return l;
    }

    private Socket connect(HttpListener http) throws IOException {
        Socket s = new Socket("127.0.0.1", http.port());
        s.setSoTimeout(10_000); // a client of the test's own never waits longer
        sockets.add(s);
        return s;
    }

    /** Sends one request and reads its answer: "STATUS BODY". */
    private static String request(Socket s, String path, String headers) throws IOException {
        s.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: test\r\n" + headers + "\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
        InputStream in = s.getInputStream();
        String head = readHead(in);
        String status = head.substring(9, 12);
        int length = 0;
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        byte[] body = in.readNBytes(length);
        return status + " " + new String(body, StandardCharsets.UTF_8);
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed after " + head);
            }
            head.write(b);
            matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + LONG.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited in vain for " + what);
            }
            Thread.sleep(10);
        }
    }
}
