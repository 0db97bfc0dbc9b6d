package io.brine.master;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import io.brine.config.ConfigException;
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
 * otherwise. Anything else is 404. Served by the same hardened listener as the API ({@link HttpListener}), sized
 * for a scraper and a health check: two workers, a few connections per address, and a client that stalls half-way
 * through its headers holds no thread (the JDK's own server, tried first, went silent behind 40 of them).
 */
final class MetricsServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int WORKERS = 2;
    private static final int PER_ADDRESS = 8;
    private static final int CONNECTIONS = 64;
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
        MetricsHandler metrics = new MetricsHandler(registry);
        try {
            return new MetricsServer(HttpListener.start(new HttpListener.Settings("brine-metrics", config.iface(),
                    config.port(), null, WORKERS, PER_ADDRESS, CONNECTIONS, IDLE, HEADER_BYTES), exchange -> {
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

    private static void answer(HttpExchange exchange, MasterHealth health) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            if (!path.equals("/health")) {
                send(exchange, 404, "text/plain; charset=utf-8", "not found: /metrics and /health are served\n");
                return;
            }
            Map<String, String> failed = health.failures();
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("status", failed.isEmpty() ? "ok" : "failing");
            Map<String, String> checks = new LinkedHashMap<>();
            for (String check : new String[] {"listening", "cache_writable"}) {
                checks.put(check, failed.getOrDefault(check, "ok"));
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
