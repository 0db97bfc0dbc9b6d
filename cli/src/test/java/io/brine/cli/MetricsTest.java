package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.api.ApiServer;
import io.brine.api.TokenStore;
import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.master.ApiConfig;
import io.brine.master.TestPorts;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code /metrics} and {@code /health} of a real master with a real minion, scraped over HTTP. */
class MetricsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final java.net.InetAddress HOSTILE = hostile();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    /**
     * Every family the master exposes from its first scrape, with HELP; the two labelled by open sets (function,
     * HTTP status) appear with their first sample, checked where those are made.
     */
    private static final List<String> FAMILIES = List.of("brine_connected_minions", "brine_handshakes_total",
            "brine_handshake_failures_total", "brine_returns_total", "brine_return_latency_seconds",
            "brine_frames_dropped_total", "brine_job_cache_write_seconds", "brine_job_cache_queue_depth",
            "brine_event_bus_subscribers", "brine_http_connections_dropped_total", "brine_jobs_in_memory",
            "brine_worker_queue_depth", "brine_audit_log_queue_depth", "brine_audit_entries_dropped_total", "brine_audit_refusals_total",
            "brine_job_cache_records_refused_total", "brine_handshakes_paced_total");

    @TempDir
    static Path root;
    static TestCluster cluster;

    @BeforeAll
    static void startMasterWithMetricsAndOneMinion() throws Exception {
        cluster = TestCluster.start(root, "metrics: {interface: 127.0.0.1, port: 0}\n");
        cluster.acceptedMinion("m1");
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    @Test
    void aHundredPingsMoveTheCountersAndTheHistogramByExactlyAHundred() throws Exception {
        PrometheusText before = scrape();
        for (int i = 0; i < 100; i++) {
            Job job = cluster.master.client().call(JobSpec.of("m1", "test.ping"));
            assertTrue(job.succeeded(), "ping " + i + ": " + job);
        }
        PrometheusText after = scrape();
        assertTrue(after.help.containsKey("brine_jobs_published_total"), after.help.toString());
        Map<String, String> ping = Map.of("function", "test.ping");
        assertEquals(100, after.value("brine_jobs_published_total", ping)
                - before.valueOrZero("brine_jobs_published_total", ping));
        Map<String, String> ok = Map.of("outcome", "ok");
        assertEquals(100, after.value("brine_returns_total", ok) - before.valueOrZero("brine_returns_total", ok));
        assertEquals(100, after.value("brine_return_latency_seconds_count", Map.of())
                - before.value("brine_return_latency_seconds_count", Map.of()));
        assertEquals(100, after.value("brine_return_latency_seconds_bucket", Map.of("le", "+Inf"))
                - before.value("brine_return_latency_seconds_bucket", Map.of("le", "+Inf")));
        assertTrue(after.value("brine_return_latency_seconds_sum", Map.of())
                > before.value("brine_return_latency_seconds_sum", Map.of()));
        assertEquals(0, after.valueOrZero("brine_returns_total", Map.of("outcome", "failed"))
                - before.valueOrZero("brine_returns_total", Map.of("outcome", "failed")));
        // the returns were written to the job cache in batches, each timed
        assertTrue(after.value("brine_job_cache_write_seconds_count", Map.of())
                > before.value("brine_job_cache_write_seconds_count", Map.of()));
    }

    @Test
    void everyFamilyHasHelpAndTheGaugesSayWhatIsConnected() throws Exception {
        PrometheusText t = scrape();
        for (String family : FAMILIES) {
            assertTrue(t.help.containsKey(family) && !t.help.get(family).isBlank(), "HELP of " + family + ": " + t.help);
        }
        assertEquals(1, t.value("brine_connected_minions", Map.of()));
        assertTrue(t.value("brine_handshakes_total", Map.of("result", "ok", "reason", "minion_accepted")) >= 1);
        assertTrue(t.value("brine_handshakes_total", Map.of("result", "pending", "reason", "awaiting_operator")) >= 1,
                "m1 waited for its key to be accepted");
        assertEquals(0, t.value("brine_frames_dropped_total", Map.of("reason", "frame_too_large")));
        for (String outcome : List.of("ok", "failed", "no-response", "not-connected", "disconnected")) {
            t.value("brine_returns_total", Map.of("outcome", outcome)); // there from the start, at 0 or more
        }
        assertTrue(t.value("brine_event_bus_subscribers", Map.of()) >= 0);
    }

    @Test
    void theApiCountsItsAnswersByStatus() throws Exception {
        try (ApiServer api = ApiServer.start(cluster.master, new ApiConfig("127.0.0.1", 0, null, null),
                TokenStore.forMaster(cluster.master.config()))) {
            Map<String, String> unauthorised = Map.of("status", "401");
            double before = scrape().valueOrZero("brine_api_requests_total", unauthorised);
            for (int i = 0; i < 3; i++) {
                HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(api.address() + "/keys")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(401, r.statusCode());
            }
            // counted as the exchange ends, which may be just after the client has its whole answer
            Await.until(() -> counted(unauthorised) - before >= 3, "three 401s counted", Duration.ofSeconds(10));
            PrometheusText after = scrape();
            assertEquals(3, after.value("brine_api_requests_total", unauthorised) - before);
            assertTrue(after.help.containsKey("brine_api_requests_total"), after.help.toString());
        }
    }

    @Test
    void healthIsOkAndOtherPathsAreNotFound() throws Exception {
        HttpResponse<String> health = get("/health");
        assertEquals(200, health.statusCode());
        JsonNode body = JSON.readTree(health.body());
        assertEquals("ok", body.get("status").asText());
        assertEquals("ok", body.get("checks").get("cache_writable").asText());
        assertEquals("ok", body.get("checks").get("audit_writable").asText());
        assertEquals(404, get("/admin").statusCode());
        assertTrue(get("/metrics").headers().firstValue("Content-Type").orElse("").startsWith("text/plain"));
    }

    @Test
    void theStatusCommandShowsTheMinionUpWithALastSeenTime() throws Exception {
        TestCluster.CliResult json = cluster.cli("manage", "status", "--out", "json");
        assertEquals(0, json.exit(), json.err());
        JsonNode doc = JSON.readTree(json.out());
        assertEquals(List.of("m1"), JSON.convertValue(doc.get("up"), List.class));
        assertEquals(List.of(), JSON.convertValue(doc.get("down"), List.class));
        assertTrue(doc.get("minions").get("m1").get("up").asBoolean());
        java.time.Instant.parse(doc.get("minions").get("m1").get("last_seen").asText());
        TestCluster.CliResult text = cluster.cli("manage", "status");
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().matches("(?s)up:\n    - m1  \\(last seen \\d{4}-.*Z\\)\ndown:\n"), text.out());
    }

    @Test
    void aBusyMetricsPortStopsBrineMasterWithOneLineNamingTheKeyAndExitTwo() throws Exception {
        int busy = cluster.master.metricsPort().orElseThrow();
        Path second = root.resolve("second");
        Path yaml = Files.writeString(Files.createDirectories(second).resolve("master.yaml"), "interface: 127.0.0.1\n"
                + "ret_port: " + TestPorts.free() + "\npki_dir: " + second.resolve("pki") + "\ncachedir: "
                + second.resolve("cache") + "\nmetrics: {port: " + busy + "}\n");
        java.io.StringWriter err = new java.io.StringWriter();
        int exit = Main.run(new java.io.PrintWriter(new java.io.StringWriter(), true), new java.io.PrintWriter(err, true),
                "master", "-c", yaml.toString());
        assertEquals(2, exit);
        // the same first-day check as ret_port's: file, line and key, and nothing created
        assertEquals("brine: " + yaml + ":5: metrics.port: 127.0.0.1:" + busy + " is already in use\n",
                err.toString());
        assertTrue(!Files.exists(second.resolve("cache")) && !Files.exists(second.resolve("pki")),
                "nothing created before the config is checked");
    }

    /**
     * Hostile peers on the metrics port (a small bounded client of the test's own, from 127.0.0.2): 40 connections
     * that send half a request and stall (none holds a worker; beyond the 8 one address may keep waiting, the oldest
     * are closed), one that sends a 1 MiB header, one that sends garbage. The scraper
     * (from 127.0.0.1) is still answered, and so are the minions.
     */
    @Test
    void stalledAndGarbageClientsDoNotSilenceTheMetricsPortOrTheMaster() throws Exception {
        int port = cluster.master.metricsPort().orElseThrow();
        List<java.net.Socket> stalled = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 40; i++) {
                java.net.Socket s = new java.net.Socket("127.0.0.1", port, HOSTILE, 0);
                s.getOutputStream().write("GET /metrics HTTP/1.1\r\nHost: x\r\n".getBytes());
                stalled.add(s);
            }
            try (java.net.Socket big = new java.net.Socket("127.0.0.1", port, HOSTILE, 0)) {
                big.setSoTimeout(10_000);
                byte[] header = ("GET /metrics HTTP/1.1\r\nX-Big: " + "a".repeat(1 << 20) + "\r\n\r\n").getBytes();
                try {
                    big.getOutputStream().write(header);
                } catch (java.io.IOException closedEarly) {
                    // the server may close on it before it is all sent: refused either way
                }
            }
            try (java.net.Socket junk = new java.net.Socket("127.0.0.1", port, HOSTILE, 0)) {
                junk.setSoTimeout(10_000);
                junk.getOutputStream().write(new byte[] {0, 1, 2, (byte) 0xff, '\r', '\n', '\r', '\n'});
            }
            assertEquals(200, get("/health").statusCode());
            assertTrue(scrape().value("brine_connected_minions", java.util.Map.of()) >= 1);
            assertEquals(0, cluster.cli("run", "--timeout", "10", "m1", "test.ping").exit());
        } finally {
            for (java.net.Socket s : stalled) {
                s.close();
            }
        }
    }

    private static double counted(Map<String, String> labels) {
        try {
            return scrape().valueOrZero("brine_api_requests_total", labels);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static java.net.InetAddress hostile() {
        try {
            return java.net.InetAddress.getByName("127.0.0.2"); // all of 127/8 is loopback on Linux
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    static PrometheusText scrape() throws Exception {
        HttpResponse<String> r = get("/metrics");
        assertEquals(200, r.statusCode(), r.body());
        return PrometheusText.parse(r.body());
    }

    static HttpResponse<String> get(String path) throws Exception {
        return get(cluster, path);
    }

    static HttpResponse<String> get(TestCluster c, String path) throws Exception {
        int port = c.master.metricsPort().orElseThrow();
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    static boolean exists(Path p) {
        return Files.exists(p);
    }
}
