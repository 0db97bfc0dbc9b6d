package io.brine.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The asynchronous listener: an answer given later, from another thread, reaches its client; bodies over the
 * bound are refused unread; and bodies being read are bounded together, so clients sending large bodies slowly
 * cannot make it hold more than that (the next is told to come back, 503).
 */
class AsyncListenerTest {
    private static final Duration LONG = Duration.ofSeconds(10);

    @Test
    void anAnswerGivenLaterReachesTheClientAndBodiesAreBoundedEachAndTogether() throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        HttpListener http = HttpListener.startAsync(new HttpListener.Settings("async-test", "127.0.0.1", 0, null, 2,
                LONG, 4096, new ConnectionLimits(8, 16, 32, Duration.ZERO, 8, LONG)), 1000, 1500, exchange -> {
                    byte[] answer = (exchange.method() + " " + exchange.path() + " " + exchange.body().length)
                            .getBytes(StandardCharsets.US_ASCII);
                    if (exchange.path().equals("/later")) {
                        // answered from another thread, after the handler returned
                        new Thread(() -> {
                            try {
                                held.await(10, TimeUnit.SECONDS);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            exchange.respond(200, Map.of(), answer);
                        }).start();
                    } else {
                        exchange.respond(200, Map.of(), answer);
                    }
                });
        try (Socket later = connect(http); Socket slow = connect(http); Socket next = connect(http);
                Socket over = connect(http)) {
            send(later, "GET /later HTTP/1.1\r\nHost: x\r\n\r\n");
            held.countDown();
            assertEquals("HTTP/1.1 200", status(later));
            send(over, "POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: 1001\r\n\r\n");
            assertEquals("HTTP/1.1 413", status(over), "a body over the bound, refused unread");
            assertEquals(1, http.bodiesRefused(false));
            // 900 bytes announced and 10 sent: held while it is read, leaving 600 of the 1,500 for others
            send(slow, "POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 900\r\n\r\n" + "x".repeat(10));
            long deadline = System.nanoTime() + LONG.toNanos();
            while (http.bodiesBeingRead() != 900 && System.nanoTime() < deadline) {
                Thread.sleep(5); // until the listener has taken the slow body's share
            }
            assertEquals(900, http.bodiesBeingRead());
            send(next, "POST /next HTTP/1.1\r\nHost: x\r\nContent-Length: 700\r\n\r\n" + "y".repeat(700));
            assertEquals("HTTP/1.1 503", status(next), "past what bodies being read may hold together");
            assertEquals(1, http.bodiesRefused(true));
            send(slow, "x".repeat(890));
            assertEquals("HTTP/1.1 200", status(slow));
        } finally {
            http.stop(Duration.ZERO);
        }
    }

    private static Socket connect(HttpListener http) throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), http.port());
        s.setSoTimeout((int) LONG.toMillis());
        return s;
    }

    private static void send(Socket s, String text) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(text.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** The status line's protocol and code. */
    private static String status(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b >= 0 && b != '\r'; b = in.read()) {
            line.append((char) b);
        }
        assertTrue(line.length() >= 12, "status line: " + line);
        return line.substring(0, 12);
    }
}
