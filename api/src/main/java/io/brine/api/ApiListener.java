package io.brine.api;

import com.sun.net.httpserver.HttpHandler;
import io.brine.http.ConnectionLimits;
import io.brine.http.HttpListener;
import io.brine.http.PemTls;
import io.brine.master.ApiConfig;
import java.io.IOException;
import java.time.Duration;

/** The API's listener: the hardened {@link HttpListener}, sized for the API's clients. */
final class ApiListener {
    /**
     * Threads serving requests. A waiting call, a long poll or an open event stream holds one, and each kind is
     * bounded ({@link JobEndpoints#MAX_CALLING}, {@link JobEndpoints#MAX_WAITING}, {@link EventStreams#MAX_STREAMS}),
     * together to fewer than this, so that short requests always find one.
     */
    static final int WORKERS = 40;
    /** Workers that no long request may hold. */
    static final int FOR_SHORT_REQUESTS = WORKERS - JobEndpoints.MAX_CALLING - JobEndpoints.MAX_WAITING
            - EventStreams.MAX_STREAMS;
    /** Longer than an event stream's keep-alive comment interval, so that idle streams stay open. */
    static final Duration IDLE = Duration.ofSeconds(30);
    /**
     * Connections that have not sent a complete request: 32 from one address (a local orchestrator opening a burst
     * of connections at once keeps them all), 256 in all, each for 5 s at most; past that the oldest are closed (the
     * newest half a second old or less only past 4,096), so that a flood of idle or slow connections (sixteen had
     * locked every local client out) costs its sender only. 256 more are kept for clients whose requests carried a
     * valid token.
     */
    static final ConnectionLimits LIMITS = new ConnectionLimits(32, 256, 4096, Duration.ofMillis(500), 256,
            Duration.ofSeconds(5));
    /** Request line and headers together; a bearer token and a few headers need far less. */
    private static final int HEADER_BYTES = 16 * 1024;

    private ApiListener() {
    }

    /**
     * Listens where {@code config} says, closing a connection that says nothing for {@code idle} and one that has
     * not sent a complete request within {@code limits}' header deadline, however slowly it sends.
     */
    static HttpListener start(ApiConfig config, HttpHandler handler, ConnectionLimits limits, Duration idle)
            throws IOException {
        return HttpListener.start(new HttpListener.Settings("brine-api", config.iface(), config.port(),
                config.tls() ? PemTls.load(config.tlsCert(), config.tlsKey()) : null, WORKERS, idle, HEADER_BYTES,
                limits), handler);
    }
}
