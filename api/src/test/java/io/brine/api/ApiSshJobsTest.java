package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code "ssh"} in {@code POST /jobs}: a job for the roster's machines, as {@code brine ssh}. A roster host nobody
 * listens for reads not connected (no sshd is needed to see the job routed there); a malformed value is refused.
 */
class ApiSshJobsTest {
    @TempDir
    Path root;

    @Test
    void aJobWithSshGoesToTheRosterAndADownHostIsNotConnected() throws Exception {
        int down = ApiFixture.freePort(); // nobody listens there
        Path roster = Files.writeString(root.resolve("roster"), "vm1:\n  host: 127.0.0.1\n  port: " + down + "\n");
        try (ApiFixture api = ApiFixture.start(root, "api: {interface: 127.0.0.1, port: 0}\nroster_file: " + roster
                + "\n", HttpClient.newHttpClient(), Duration.ofSeconds(15))) {
            String token = api.tokens.create("ci", null);
            HttpResponse<String> r = api.send("POST", "/jobs", token,
                    "{\"target\": \"vm*\", \"fun\": \"test.ping\", \"ssh\": {\"accept_new\": true}}");
            assertEquals(200, r.statusCode(), r.body());
            Map<String, Object> doc = ApiFixture.json(r);
            assertEquals(Map.of("vm1", "not-connected"), doc.get("missing"), r.body());

            HttpResponse<String> minions = api.send("POST", "/jobs", token, "{\"target\": \"vm*\", \"fun\": \"test.ping\"}");
            assertEquals(422, minions.statusCode(), "without ssh the job is for minions, and none matches: "
                    + minions.body());

            HttpResponse<String> bad = api.send("POST", "/jobs", token,
                    "{\"target\": \"vm*\", \"fun\": \"test.ping\", \"ssh\": \"yes\"}");
            assertEquals(400, bad.statusCode(), bad.body());
            assertTrue(bad.body().contains("'ssh' must be true, false or"), bad.body());
        }
    }
}
