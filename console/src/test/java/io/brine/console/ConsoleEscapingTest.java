package io.brine.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What minions and people send is shown as text: a minion id, grains, a command's output and event data carrying
 * HTML and script are escaped on every page and in the live streams.
 */
class ConsoleEscapingTest {
    private static final String IMG = "<img src=x onerror=alert(1)>";
    private static final String IMG_ESCAPED = "&lt;img src=x onerror=alert(1)&gt;";

    @TempDir
    Path root;
    private ConsoleFixture f;
    private ConsoleFixture.Browser b;

    @BeforeEach
    void start() throws Exception {
        f = ConsoleFixture.start(root, "publisher_acl:\n  token:admin: ['*', '@keys', '@events', '@jobs']\n");
        f.addAcceptedMinion("web1", Map.of("role", IMG, IMG, "key"));
        b = f.browser().signIn(f.tokens.create("admin", null));
    }

    @AfterEach
    void stop() {
        f.close();
    }

    @Test
    void grainsAndAMinionIdOfHtmlAreShownAsText() throws Exception {
        String page = b.get("/ui/minions/web1").body();
        assertTrue(page.contains(IMG_ESCAPED), page);
        assertFalse(page.contains(IMG));
        HttpResponse<String> named = b.get("/ui/minions/" + java.net.URLEncoder.encode(IMG, StandardCharsets.UTF_8)
                .replace("+", "%20"));
        assertEquals(404, named.statusCode(), "no minion can be called so: minion ids are [A-Za-z0-9._@-]");
        assertFalse(named.body().contains(IMG), named.body());
        HttpResponse<String> filter = b.get("/ui/?tgt_type=grain&tgt=" + java.net.URLEncoder.encode("role:" + IMG,
                StandardCharsets.UTF_8));
        assertTrue(filter.body().contains("value=\"role:" + IMG_ESCAPED + "\""), filter.body());
        assertTrue(filter.body().contains("data-minion=\"web1\""), "a grain target finds it: " + filter.body());
        assertFalse(filter.body().contains(IMG));
        String breakout = "x\" autofocus onfocus=\"alert(1)";
        String attribute = b.get("/ui/?tgt=" + java.net.URLEncoder.encode(breakout, StandardCharsets.UTF_8)).body();
        assertTrue(attribute.contains("value=\"x&quot; autofocus onfocus=&quot;alert(1)\""), attribute);
        assertFalse(attribute.contains("onfocus=\"alert"), "no way out of the attribute");
    }

    @Test
    void aTargetThatDoesNotParseIsShownWithItsCaret() throws Exception {
        String page = b.get("/ui/?tgt_type=compound&tgt=" + java.net.URLEncoder.encode("web* and and db*",
                StandardCharsets.UTF_8)).body();
        assertTrue(page.contains("id=\"target-error\""), page);
        assertTrue(page.contains("web* and and db*\n") && page.contains("^</pre>"), page);
    }

    @Test
    void aCommandPrintingScriptIsShownAsTextOnTheJobPageAndLive() throws Exception {
        HttpResponse<String> ran = b.submit("/ui/run", Map.of("tgt", "web1", "fun", "cmd.run",
                "arg", "sleep 1; echo '<script>alert(1)</script>'", "confirm", "yes"));
        assertEquals(303, ran.statusCode(), ran.body());
        String jid = ran.headers().firstValue("Location").orElseThrow().substring("/ui/jobs/".length());
        String live = follow(jid);
        assertTrue(live.contains("event: ret") && live.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), live);
        assertTrue(live.contains("event: done"), live);
        assertFalse(live.contains("<script>"), live);
        f.master.client().job(jid, Duration.ofSeconds(15)).orElseThrow();
        String page = b.get("/ui/jobs/" + jid).body();
        assertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), page);
        assertFalse(page.contains("<script>alert"), page);
    }

    @Test
    void eventDataOfHtmlIsShownAsTextInTheLiveStream() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(f.api.address() + "/ui/events/live?tag=hostile/**"))
                .header("Cookie", b.cookie).timeout(Duration.ofSeconds(20)).build();
        HttpResponse<java.io.InputStream> r = f.http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, r.statusCode());
        try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
            assertEquals(": live", in.readLine(), "subscribed before the first byte");
            f.master.events().publish("hostile/<b>", Map.of("note", IMG));
            StringBuilder seen = new StringBuilder();
            for (String line = in.readLine(); line != null && !line.isEmpty() || seen.length() == 0;
                    line = in.readLine()) {
                seen.append(line).append('\n');
            }
            assertTrue(seen.toString().contains("hostile/&lt;b&gt;") && seen.toString().contains(IMG_ESCAPED), seen.toString());
            assertFalse(seen.toString().contains(IMG));
        }
    }

    /** The job's live stream from its first return to its end. */
    private String follow(String jid) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(f.api.address() + "/ui/jobs/" + jid + "/live?after=0"))
                .header("Cookie", b.cookie).timeout(Duration.ofSeconds(30)).build();
        return f.http.send(request, HttpResponse.BodyHandlers.ofString()).body();
    }
}
