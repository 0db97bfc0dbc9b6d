package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A master whose cachedir (job cache and audit log) is a real disk filled to its last page: a 16 MiB tmpfs
 * (mounting needs root: skipped otherwise). A job cast meanwhile is shown and listed by the CLI, also once it left
 * the master's memory, and its audit line is written, in order, once there is room again; with
 * {@code audit_required: true} a run is refused (exit 2) instead, and counted.
 */
class FullCacheDirTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String METRICS = "metrics: {interface: 127.0.0.1, port: 0}\n";

    @TempDir
    Path root;
    Path cache;
    Path filler;
    boolean mounted;

    @BeforeEach
    void mountTheCacheDir() throws Exception {
        cache = Files.createDirectories(root.resolve("master/cache"));
        mounted = run("mount", "-t", "tmpfs", "-o", "size=16m,mode=0700", "tmpfs", cache.toString());
        assumeTrue(mounted, "mounting a tmpfs needs root and a mount namespace that permits it");
        filler = cache.resolve("filler");
    }

    @AfterEach
    void unmount() throws Exception {
        if (mounted) {
            // SQLite's library may stay mapped from cachedir/native for the rest of the JVM: detach it lazily then
            assertTrue(run("umount", cache.toString()) || run("umount", "-l", cache.toString()), "tmpfs removed");
        }
    }

    @Test
    void aJobCastWhileTheCacheDirIsFullIsShownAndListedAndAuditedInOrderOnceThereIsRoom() throws Exception {
        try (TestCluster c = TestCluster.start(root, METRICS)) {
            c.acceptedMinion("m1");
            fill(filler);
            // The audit log's last page may still have room for a few lines: cast until one has to wait.
            List<String> cast = new ArrayList<>();
            while (scrape(c).value("brine_audit_log_queue_depth", Map.of()) == 0) {
                assertTrue(cast.size() < 40, "40 audit lines fitted on a full disk");
                cast.add(cast(c, "m1", "test.echo", "line " + cast.size()));
            }
            String jid = cast(c, "m1", "test.echo", "hello from a full disk");
            cast.add(jid);
            assertTrue(list(c).contains(jid), "the cast is not listed");
            Await.until(() -> "hello from a full disk".equals(returned(c, jid)), "the cast's return", WAIT);
            // Once no job is in memory, job show reads the job cache alone, which cannot hold it yet.
            Await.until(() -> scrape(c).value("brine_jobs_in_memory", Map.of()) == 0, "jobs to leave memory", WAIT);
            assertTrue(scrape(c).value("brine_job_cache_queue_depth", Map.of()) > 0, "the cache took the records");
            assertEquals("hello from a full disk", returned(c, jid));
            assertTrue(list(c).contains(jid), "the cast is not listed once out of memory");
            JsonNode health = JSON.readTree(MetricsTest.get(c, "/health").body());
            assertEquals("failing", health.get("status").asText(), health.toString());
            assertTrue(health.get("checks").get("audit_writable").asText().contains("No space left on device"),
                    health.toString());
            JsonNode shownWhileFull = show(c, jid);

            Files.delete(filler);
            // polled as an orchestrator would: a read wakes the cache's writer (once a second) to try again
            Await.until(() -> list(c).contains(jid) && healthy(c), "/health answering 200 again", WAIT);
            assertEquals(0, scrape(c).value("brine_job_cache_queue_depth", Map.of()));
            assertEquals(shownWhileFull, show(c, jid), "what job show says changed once the job was written");
            List<String> published = new ArrayList<>();
            for (String line : Files.readAllLines(cache.resolve("audit.jsonl"))) {
                JsonNode entry = JSON.readTree(line); // every line whole JSON: none torn
                if (entry.get("action").asText().equals("publish")) {
                    published.add(entry.get("jid").asText());
                }
            }
            assertEquals(cast, published, "every cast audited once, in order");
            assertTrue(c.master.dropCounters().contains("audit_entries_dropped=0"), c.master.dropCounters());
        }
    }

    @Test
    void withAuditRequiredARunIsRefusedWhileItsAuditLineCannotBeWrittenAndCounted() throws Exception {
        try (TestCluster c = TestCluster.start(root, METRICS + "audit_required: true\n")) {
            c.acceptedMinion("m1");
            fill(filler);
            // The audit log's last page may still have room for a few lines: run until one is refused.
            TestCluster.CliResult refused = c.cli("run", "m1", "test.ping");
            for (int i = 0; refused.exit() == 0; i++) {
                assertTrue(i < 40, "40 synced audit lines fitted on a full disk");
                refused = c.cli("run", "m1", "test.ping");
            }
            assertEquals(2, refused.exit(), refused.out() + refused.err());
            assertTrue(refused.err().contains("audit_required"), refused.err());
            String counters = c.master.dropCounters();
            assertTrue(counters.contains("jobs_refused_audit_log=1") && counters.contains("audit_refusals=1"),
                    counters);
            assertEquals(1, scrape(c).value("brine_audit_refusals_total", Map.of()));
            int listed = JSON.readTree(c.cli("job", "list", "--out", "json").out()).size();

            Files.delete(filler);
            Await.until(() -> list(c).length() > 0 && healthy(c), "/health answering 200 again", WAIT);
            assertEquals(listed, JSON.readTree(c.cli("job", "list", "--out", "json").out()).size(),
                    "the refused run was recorded");
            TestCluster.CliResult ran = c.cli("run", "m1", "test.ping");
            assertEquals(0, ran.exit(), ran.out() + ran.err());
            String audit = Files.readString(cache.resolve("audit.jsonl"));
            assertTrue(audit.contains("\"action\":\"refused\"") && audit.contains("audit_required is set"), audit);
        }
    }

    private static String cast(TestCluster c, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("run", "--async", "--out", "json"));
        all.addAll(List.of(args));
        TestCluster.CliResult r = c.cli(all.toArray(String[]::new));
        assertEquals(0, r.exit(), r.out() + r.err());
        return JSON.readTree(r.out()).get("jid").asText();
    }

    private static JsonNode show(TestCluster c, String jid) throws Exception {
        TestCluster.CliResult r = c.cli("job", "show", "--out", "json", jid);
        assertEquals(0, r.exit(), r.out() + r.err());
        return JSON.readTree(r.out());
    }

    private static String returned(TestCluster c, String jid) {
        try {
            JsonNode ret = show(c, jid).path("returns").path("m1").path("ret");
            return ret.isMissingNode() ? null : ret.asText();
        } catch (Exception | AssertionError e) {
            throw new AssertionError("job show " + jid + ": " + e.getMessage(), e);
        }
    }

    private static String list(TestCluster c) {
        TestCluster.CliResult r = c.cli("job", "list", "--out", "json");
        assertEquals(0, r.exit(), r.err());
        return r.out();
    }

    private static PrometheusText scrape(TestCluster c) {
        try {
            return PrometheusText.parse(MetricsTest.get(c, "/metrics").body());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static boolean healthy(TestCluster c) {
        try {
            return MetricsTest.get(c, "/health").statusCode() == 200;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Writes until the file system says no more. */
    private static void fill(Path file) throws IOException {
        byte[] chunk = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(file)) {
            while (true) {
                out.write(chunk);
            }
        } catch (IOException full) {
            // the disk is full now
        }
    }

    private static boolean run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().transferTo(OutputStream.nullOutputStream());
        return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    }
}
