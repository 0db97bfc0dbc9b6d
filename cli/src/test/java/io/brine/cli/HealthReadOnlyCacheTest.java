package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /health} turns 503 when the master's cachedir becomes read-only, and 200 again when it is writable. Root
 * ignores file modes, so the directory is made read-only by a mount: the cachedir is a small tmpfs, and a read-only
 * bind mount of it is laid over it. (Remounting the tmpfs itself read-only is refused with EBUSY while the job
 * cache holds its files open for writing; the bind mount changes what the path reaches, as a real read-only
 * remount would for every file opened from then on.) Skipped where mounting is not permitted.
 */
class HealthReadOnlyCacheTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path root;

    @Test
    void healthFlipsTo503WhenTheCacheDirectoryIsReadOnlyAndBackWhenWritable() throws Exception {
        Path cache = Files.createDirectories(root.resolve("master/cache"));
        assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=16m,mode=0700", "tmpfs", cache.toString()),
                "mounting a tmpfs needs root and a mount namespace that permits it");
        boolean readOnly = false;
        try (TestCluster c = TestCluster.start(root, "metrics: {interface: 127.0.0.1, port: 0}\n")) {
            assertEquals(200, MetricsTest.get(c, "/health").statusCode());

            readOnly = run("mount", "--bind", cache.toString(), cache.toString())
                    && run("mount", "-o", "remount,bind,ro", cache.toString());
            assertTrue(readOnly, "a read-only bind mount over the cachedir");
            Await.until(() -> status(c) == 503, "/health answering 503", Duration.ofSeconds(10));
            JsonNode failing = JSON.readTree(MetricsTest.get(c, "/health").body());
            assertEquals("failing", failing.get("status").asText());
            assertEquals("ok", failing.get("checks").get("listening").asText());
            assertTrue(failing.get("checks").get("cache_writable").asText().contains("Read-only file system"),
                    failing.toString());

            assertTrue(run("umount", cache.toString()), "the read-only bind mount removed");
            readOnly = false;
            Await.until(() -> status(c) == 200, "/health answering 200 again", Duration.ofSeconds(10));
        } finally {
            if (readOnly) {
                run("umount", cache.toString());
            }
            // SQLite's library may be mapped from cachedir/native for the rest of the JVM: detach it lazily then,
            // but never leave the tmpfs mounted on the host
            boolean unmounted = run("umount", cache.toString()) || run("umount", "-l", cache.toString());
            assertTrue(unmounted, "the tmpfs over the cachedir removed");
        }
    }

    private static int status(TestCluster c) {
        try {
            HttpResponse<String> r = MetricsTest.get(c, "/health");
            return r.statusCode();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static boolean run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    }
}
