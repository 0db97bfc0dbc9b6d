package io.brine.api;

import com.sun.net.httpserver.HttpHandler;
import io.brine.http.HttpListener;
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
    static final int PER_ADDRESS = 16;
    static final int CONNECTIONS = 512;
    /** Request line and headers together; a bearer token and a few headers need far less. */
    private static final int HEADER_BYTES = 16 * 1024;

    private ApiListener() {
    }

    static HttpListener start(ApiConfig config, HttpHandler handler, int perAddressLimit) throws IOException {
        return start(config, handler, perAddressLimit, IDLE);
    }

    /**
     * As above, closing a connection that says nothing for {@code idle}: a request whose headers stall is one such
     * (Jetty's idle timeout runs while it parses them), so no separate header read timeout is needed.
     */
    static HttpListener start(ApiConfig config, HttpHandler handler, int perAddressLimit, Duration idle)
            throws IOException {
        return HttpListener.start(new HttpListener.Settings("brine-api", config.iface(), config.port(),
                config.tls() ? PemTls.load(config.tlsCert(), config.tlsKey()) : null, WORKERS, perAddressLimit,
                CONNECTIONS, idle, HEADER_BYTES), handler);
    }
}
