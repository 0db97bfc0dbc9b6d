package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code audit_required: true} and the master's cachedir (its audit log) a real full disk, a 16 MiB tmpfs
 * filled to its last page (mounting needs root: skipped otherwise): a job, a kill, a key change and a token
 * change are each answered 503 with {@code reason: audit_log}, and none of them happened.
 */
class ApiAuditRequiredTest {
    private static final String JOB = "{\"target\": \"m1\", \"fun\": \"test.ping\", \"mode\": \"cast\"}";

    @TempDir
    Path root;

    @Test
    void actionsTheAuditLogCannotRecordAreRefusedWith503AndNothingHappens() throws Exception {
        Path cache = Files.createDirectories(root.resolve("master/cache"));
        assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=16m,mode=0700", "tmpfs", cache.toString()),
                "mounting a tmpfs needs root and a mount namespace that permits it");
        try {
            try (ApiFixture f = ApiFixture.start(root, "api: {interface: 127.0.0.1, port: 0}\naudit_required: true\n"
                    + "publisher_acl:\n  token:ci: ['*', '@keys', '@jobs', {'@tokens': ['b']}]\n",
                    HttpClient.newHttpClient(), Duration.ofSeconds(15))) {
                String token = f.tokens.create("ci", null);
                f.addAcceptedMinion("m1");
                HttpResponse<String> sleeping = f.send("POST", "/jobs", token,
                        "{\"target\": \"m1\", \"fun\": \"cmd.run\", \"arg\": [\"sleep 30\"], \"mode\": \"cast\"}");
                assertEquals(202, sleeping.statusCode(), sleeping.body());
                String jid = String.valueOf(ApiFixture.json(sleeping).get("jid"));
                fill(cache.resolve("filler"));
                // The audit log's last page may still have room for a few lines: cast until one is refused.
                HttpResponse<String> job = f.send("POST", "/jobs", token, JOB);
                for (int i = 0; job.statusCode() == 202; i++) {
                    assertTrue(i < 40, "40 synced audit lines fitted on a full disk");
                    job = f.send("POST", "/jobs", token, JOB);
                }
                assertRefused(job);
                assertRefused(f.send("DELETE", "/jobs/" + jid, token, null));
                assertRefused(f.send("DELETE", "/keys/m1", token, null));
                assertRefused(f.send("POST", "/tokens", token, "{\"name\": \"b\"}"));
                assertTrue(f.master.dropCounters().contains("jobs_refused_audit_log=1 audit_entries_dropped=0 "
                        + "audit_refusals=4"), f.master.dropCounters());

                // nothing happened: the job still runs, the key is still accepted, there is no token 'b'
                Files.delete(cache.resolve("filler"));
                HttpResponse<String> killed = f.send("DELETE", "/jobs/" + jid, token, null);
                assertEquals(202, killed.statusCode(), killed.body());
                assertTrue(f.master.keys().list().accepted().contains("m1"));
                assertTrue(f.tokens.list().stream().noneMatch(t -> t.name().equals("b")));
            }
        } finally {
            assertTrue(run("umount", cache.toString()) || run("umount", "-l", cache.toString()), "tmpfs removed");
        }
    }

    private static void assertRefused(HttpResponse<String> r) throws IOException {
        assertEquals(503, r.statusCode(), r.body());
        Map<String, Object> body = ApiFixture.json(r);
        assertEquals("audit_log", body.get("reason"), r.body());
        assertTrue(String.valueOf(body.get("error")).contains("audit_required"), r.body());
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
