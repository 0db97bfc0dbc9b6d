package io.brine.api;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * An event stream's lines as they arrive, read by a thread of their own so that a test can wait for the next one
 * with a timeout instead of blocking on the socket.
 *
 * <pre>{@code
 * try (SseLines s = SseLines.open(http, uri, Map.of("Authorization", "Bearer " + token))) {
 *     String first = s.next(Duration.ofSeconds(15));   // ": subscribed to ..."
 * }
 * }</pre>
 */
final class SseLines implements AutoCloseable {
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final CompletableFuture<HttpResponse<Stream<String>>> response;

    private SseLines(HttpClient http, HttpRequest request) {
        this.response = http.sendAsync(request, HttpResponse.BodyHandlers.ofLines());
        response.thenAccept(r -> {
            Thread reader = new Thread(() -> {
                try (Stream<String> body = r.body()) {
                    body.forEach(lines::add);
                } catch (RuntimeException e) {
                    // the stream was closed; the lines read so far stay
                }
            }, "sse-lines");
            reader.setDaemon(true);
            reader.start();
        });
    }

    static SseLines open(HttpClient http, URI uri, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).GET();
        headers.forEach(b::header);
        return new SseLines(http, b.build());
    }

    /** The answer's status, once its headers arrived. */
    int status(Duration timeout) throws Exception {
        return response.get(timeout.toMillis(), TimeUnit.MILLISECONDS).statusCode();
    }

    /** The next line, or an AssertionError when none comes within {@code timeout}. */
    String next(Duration timeout) throws InterruptedException {
        String line = lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null) {
            throw new AssertionError("no line of the event stream within " + timeout);
        }
        return line;
    }

    @Override
    public void close() {
        response.thenAccept(r -> r.body().close());
        response.cancel(true);
    }
}
