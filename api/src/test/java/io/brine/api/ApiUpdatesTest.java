package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code POST /updates}: {@code brine update} over the REST API, under {@code @update}. A token without the right is
 * refused before anything is staged; a malformed body is a 400; a target with no minion a 422. (The update itself,
 * through a real launcher, is SelfUpdateIT's.)
 */
class ApiUpdatesTest {
    @TempDir
    Path root;

    @Test
    void updatesNeedTheRightAndAWellFormedBody() throws Exception {
        Path releases = Files.createDirectories(root.resolve("releases"));
        Path bundle = Files.write(releases.resolve("brine-minion.jar"), new byte[] {'P', 'K', 3, 4});
        Files.writeString(releases.resolve("brine-minion.jar.sig"), "not checked by the master\n");
        // a named caller reads only within the file roots, as brine cp's sources
        try (ApiFixture api = ApiFixture.start(root, "api: {interface: 127.0.0.1, port: 0}\nfile_roots:\n  base:\n"
                + "    - " + releases + "\npublisher_acl:\n"
                + "  token:ops:\n    - '@update'\n  token:ci:\n    - '*': ['*']\n", HttpClient.newHttpClient(),
                Duration.ofSeconds(15))) {
            String ops = api.tokens.create("ops", null);
            String ci = api.tokens.create("ci", null);
            String body = "{\"target\": \"web*\", \"bundle\": \"" + bundle + "\"}";

            HttpResponse<String> denied = api.send("POST", "/updates", ci, body);
            assertEquals(403, denied.statusCode(), "every function, but not @update: " + denied.body());
            assertTrue(denied.body().contains("@update"), denied.body());

            HttpResponse<String> none = api.send("POST", "/updates", ops, body);
            assertEquals(422, none.statusCode(), "no minion matches: " + none.body());

            HttpResponse<String> bad = api.send("POST", "/updates", ops, "{\"target\": \"web*\", \"bundle\": "
                    + "\"relative.jar\"}");
            assertEquals(400, bad.statusCode(), bad.body());
            HttpResponse<String> unknown = api.send("POST", "/updates", ops, "{\"target\": \"web*\", \"bundle\": \""
                    + bundle + "\", \"force\": true}");
            assertEquals(400, unknown.statusCode(), unknown.body());
            assertTrue(unknown.body().contains("unknown field 'force'"), unknown.body());
        }
    }
}
