package io.brine.master;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import io.brine.config.ConfigException;
import io.brine.http.ConnectionDrop;
import io.brine.http.ConnectionLimits;
import io.brine.http.HttpListener;
import io.prometheus.metrics.exporter.httpserver.MetricsHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code /metrics} in Prometheus text format, through the Prometheus client library's own handler, and
 * {@code /health}: 200 with {@code {"status": "ok", ...}} when every check passes, 503 with the checks that failed
 * otherwise. Anything else is 404. Served by the same hardened listener as the API ({@link HttpListener}) but a
 * listener of its own, with its own threads, so that a flood of the API's port cannot touch a liveness probe; sized
 * for a scraper and a health check: two workers, a client that stalls half-way through its headers holds no
 * thread (the JDK's own server, tried first, went silent behind 40 of them), and a flood of idle or slow
 * connections of this port closes its own oldest ones, never the probe's new one.
 */
final class MetricsServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int WORKERS = 2;
    /**
     * 8 connections per address and 64 in all may wait for a complete request, 5 s at most, the oldest closed past
     * that (the newest half a second old or less only past 2,048); nothing authenticates here, so no connection is
     * kept for its client between requests.
     */
    static final ConnectionLimits LIMITS = new ConnectionLimits(8, 64, 2048, Duration.ofMillis(500), 0,
            Duration.ofSeconds(5));
    private static final Duration IDLE = Duration.ofSeconds(10);
    private static final int HEADER_BYTES = 8 * 1024;

    private final HttpListener listener;

    private MetricsServer(HttpListener listener) {
        this.listener = listener;
    }

    /**
     * Listens where {@code config} says.
     *
     * @throws ConfigException naming the {@code metrics} key and the address if it cannot be bound
     */
    static MetricsServer start(MetricsConfig config, PrometheusRegistry registry, MasterHealth health) {
        return start(config, registry, health, LIMITS);
    }

    static MetricsServer start(MetricsConfig config, PrometheusRegistry registry, MasterHealth health,
            ConnectionLimits limits) {
        MetricsHandler metrics = new MetricsHandler(registry);
        try {
            return new MetricsServer(HttpListener.start(new HttpListener.Settings("brine-metrics", config.iface(),
                    config.port(), null, WORKERS, IDLE, HEADER_BYTES, limits), exchange -> {
                        if (exchange.getRequestURI().getPath().equals("/metrics")) {
                            metrics.handle(exchange);
                        } else {
                            answer(exchange, health);
                        }
                    }));
        } catch (IOException | RuntimeException e) {
            Throwable cause = e.getCause() != null && e.getMessage() != null && e.getMessage().startsWith("cannot listen")
                    ? e.getCause() : e;
            throw new ConfigException("metrics: cannot listen on " + config.iface() + ":" + config.port() + " ("
                    + (cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage()) + ")", e);
        }
    }

    int port() {
        return listener.port();
    }

    /** Connections closed for {@code reason} before they had sent a complete request, since the start. */
    long dropped(ConnectionDrop reason) {
        return listener.dropped(reason);
    }

    private static void answer(HttpExchange exchange, MasterHealth health) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            if (!path.equals("/health")) {
                send(exchange, 404, "text/plain; charset=utf-8", "not found: /metrics and /health are served\n");
                return;
            }
            Map<String, String> failed = health.failures();
            Map<String, String> degraded = health.degradations();
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("status", !failed.isEmpty() ? "failing" : !degraded.isEmpty() ? "degraded" : "ok");
            Map<String, String> checks = new LinkedHashMap<>();
            for (String check : health.checks()) {
                checks.put(check, failed.getOrDefault(check, degraded.getOrDefault(check, "ok")));
            }
            body.put("checks", checks);
            send(exchange, failed.isEmpty() ? 200 : 503, "application/json", JSON.writeValueAsString(body) + "\n");
        }
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** Stops listening and ends its threads. */
    @Override
    public void close() {
        listener.stop(Duration.ZERO);
    }
}
