package io.brine.master;

import io.brine.http.ConnectionDrop;
import io.brine.http.ConnectionLimits;
import io.brine.http.HttpListener;
import io.brine.http.PemTls;
import io.brine.transport.HttpLinks;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;

/**
 * The master's HTTPS transport listener ({@code https} in its configuration): the hardened Jetty listener, serving
 * the link protocol of {@link HttpLinks} asynchronously, so that a minion's long poll holds no thread.
 */
final class HttpsTransportServer implements AutoCloseable {
    /** Jetty's own threads do the work: requests are handed to the router's I/O thread at once. */
    private static final int WORKERS = 4;
    /**
     * A minion keeps two connections (its poll and its post) between requests: the authenticated slots are for
     * them, a fleet's worth. Waiting connections (not yet a complete request, their TLS handshake included) are
     * allowed far more per address than the API's 32: a fleet behind one proxy or NAT address reconnects at once
     * after a master restart, and at the API's limits 1,000 minions from 127.0.0.1 had 1,289 TLS handshakes closed
     * under them as "oldest waiting" (the bench's https scenario). A slow-header flood still churns through itself
     * past these, and no connection waits past the header deadline.
     */
    static final ConnectionLimits LIMITS = new ConnectionLimits(2048, 8192, 16_384, Duration.ofSeconds(2), 65_536,
            Duration.ofSeconds(10));
    /** Longer than a poll's wait, so that a poll is answered before its connection is called idle. */
    private static final Duration IDLE = Duration.ofSeconds(HttpLinks.MAX_WAIT_SECONDS + 35);
    private static final int HEADER_BYTES = 8 * 1024;
    /**
     * Bytes of posted bodies being read at once, across all links: a fleet's posts are a few KiB each (returns,
     * heartbeats); a body at the limit (max_frame_size) takes a good part of it (the bound is at least two such),
     * and past it posts wait (503) and are sent again, never lost.
     */
    private static final long READING_BYTES = 64L << 20;

    private final HttpListener listener;

    private HttpsTransportServer(HttpListener listener) {
        this.listener = listener;
    }

    static HttpsTransportServer start(HttpsConfig config, HttpLinks links) {
        try {
            HttpListener listener = HttpListener.startAsync(new HttpListener.Settings("brine-https", config.iface(),
                    config.port(), PemTls.load(config.tlsCert(), config.tlsKey()), WORKERS, IDLE, HEADER_BYTES, LIMITS),
                    (int) Math.min(Integer.MAX_VALUE, links.maxBodyBytes()),
                    Math.max(READING_BYTES, 2 * links.maxBodyBytes()), exchange ->
                            links.handle(exchange.method(), exchange.path(), exchange.query(), exchange.remoteAddress(),
                                    exchange.body(), answer -> {
                                        if (answer.status() == 200 || answer.status() == 204) {
                                            exchange.authenticated();
                                        }
                                        exchange.respond(answer.status(), answer.retryAfterSeconds() > 0
                                                ? Map.of("Retry-After", String.valueOf(answer.retryAfterSeconds()))
                                                : Map.of(), answer.body());
                                    }));
            return new HttpsTransportServer(listener);
        } catch (IOException e) {
            throw new UncheckedIOException("https: " + e.getMessage(), e);
        }
    }

    int port() {
        return listener.port();
    }

    long dropped(ConnectionDrop reason) {
        return listener.dropped(reason);
    }

    @Override
    public void close() {
        listener.stop(Duration.ofSeconds(1));
    }
}
