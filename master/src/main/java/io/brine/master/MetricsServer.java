package io.brine.master;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import io.brine.config.ConfigException;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.exporter.httpserver.MetricsHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * {@code /metrics} in Prometheus text format, through the Prometheus client library's own handler, and
 * {@code /health}: 200 with {@code {"status": "ok", ...}} when every check passes, 503 with the checks that failed
 * otherwise. Anything else is 404. Requests are served by two threads of the master's runtime with a bounded
 * queue: a scraper or a health check needs no more, and a flood gets refused rather than held.
 */
final class MetricsServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int THREADS = 2;
    private static final int QUEUED = 64;
    /** The system property choosing who makes {@code com.sun.net.httpserver} servers, and the JDK's own. */
    static final String PROVIDER = "com.sun.net.httpserver.HttpServerProvider";
    static final String JDK_PROVIDER = "sun.net.httpserver.DefaultHttpServerProvider";

    private final HttpServer server;
    private final ExecutorService executor;

    private MetricsServer(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /**
     * Listens where {@code config} says.
     *
     * @throws ConfigException naming the {@code metrics} key and the address if it cannot be bound
     */
    static MetricsServer start(MetricsConfig config, PrometheusRegistry registry, MasterHealth health,
            ThreadFactory threads) {
        ExecutorService executor = new ThreadPoolExecutor(THREADS, THREADS, 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(QUEUED), threads);
        HttpServer server = null;
        try {
            // Made here rather than by the library's HTTPServer builder, which asks a server for its address before
            // starting it; given its contexts, then started, it needs nothing but the JDK's own server.
            server = HttpServer.create(new InetSocketAddress(config.iface(), config.port()), 16);
            if (server.getClass().getName().startsWith("org.eclipse.jetty.")) {
                throw new ConfigException("metrics: Jetty's com.sun.net.httpserver provider is on the class path and "
                        + "cannot serve /metrics (it binds again when started); start the JVM with -D" + PROVIDER
                        + "=" + JDK_PROVIDER + ", as the brine command does");
            }
            server.createContext("/metrics", new MetricsHandler(registry));
            server.createContext("/", exchange -> answer(exchange, health));
            server.setExecutor(executor);
            server.start();
            return new MetricsServer(server, executor);
        } catch (IOException | RuntimeException e) {
            if (server != null) {
                server.stop(0);
            }
            executor.shutdownNow();
            throw new ConfigException("metrics: cannot listen on " + config.iface() + ":" + config.port() + " ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")", e);
        }
    }

    int port() {
        return server.getAddress().getPort();
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
        server.stop(0);
        executor.shutdownNow();
    }
}
