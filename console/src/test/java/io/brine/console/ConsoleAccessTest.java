package io.brine.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Everything the console shows or does passes the same {@code publisher_acl} as the REST API, its forms need the
 * session's CSRF token, and a revoked token's session ends at its next request: over real HTTP, against a real
 * master and minions, with forged requests of the test's own.
 */
class ConsoleAccessTest {
    @TempDir
    Path root;
    private ConsoleFixture f;
    private String admin;
    private String webOps;

    @BeforeEach
    void start() throws Exception {
        f = ConsoleFixture.start(root, """
                publisher_acl:
                  token:admin: ['*', '@keys', '@events', '@jobs', '@tokens']
                  token:web-ops:
                    - 'web*': [test.*]
                """);
        f.addAcceptedMinion("web1", Map.of());
        f.addAcceptedMinion("db1", Map.of());
        admin = f.tokens.create("admin", null);
        webOps = f.tokens.create("web-ops", null);
    }

    @AfterEach
    void stop() {
        f.close();
    }

    @Test
    void pagesNeedSigningInAndTheSessionCookieIsHttpOnlyAndSameSiteStrict() throws Exception {
        assertTrue(f.api.servesConsole());
        ConsoleFixture.Browser anonymous = f.browser();
        HttpResponse<String> fleet = anonymous.get("/ui/");
        assertEquals(303, fleet.statusCode());
        assertEquals("/ui/login", fleet.headers().firstValue("Location").orElseThrow());
        assertEquals(401, anonymous.post("/ui/run", Map.of("tgt", "*", "fun", "test.ping", "confirm", "yes"))
                .statusCode());
        assertEquals(401, anonymous.post("/ui/login", Map.of("token", "not-a-token")).statusCode());

        HttpResponse<String> signedIn = anonymous.post("/ui/login", Map.of("token", admin));
        assertEquals(303, signedIn.statusCode());
        String cookie = signedIn.headers().firstValue("Set-Cookie").orElseThrow();
        assertTrue(cookie.startsWith(Console.COOKIE + "="), cookie);
        assertTrue(cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Strict") && cookie.contains("; Path=/ui"),
                cookie);
        assertFalse(cookie.contains("Secure"), "not Secure over plain HTTP: " + cookie);

        ConsoleFixture.Browser b = f.browser().signIn(admin);
        HttpResponse<String> page = b.get("/ui/");
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("data-minion=\"web1\"") && page.body().contains("data-minion=\"db1\""));
        assertTrue(page.body().contains("<span id=\"count-up\">2</span> up"), page.body());
        String csp = page.headers().firstValue("Content-Security-Policy").orElseThrow();
        assertTrue(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"), csp);
        assertEquals(0, f.jobsBy("token:admin"), "reading published nothing");
        assertEquals(200, f.getWithBearer("/ui/jobs", admin).statusCode(), "the API's bearer header signs in too");
        assertEquals(401, f.getWithBearer("/ui/jobs", "wrong").statusCode(), "a script is told, not sent to a form");
    }

    @Test
    void overTlsTheSessionCookieIsSecure() {
        Console console = new Console(f.master, f.tokens, true, new Sessions(new java.security.SecureRandom(),
                java.time.Clock.systemUTC()));
        try {
            assertTrue(console.cookie("x", 10).endsWith("; HttpOnly; SameSite=Strict; Secure"));
        } finally {
            console.close();
        }
    }

    @Test
    void aRestrictedTokenSeesAndRunsOnlyWhatItIsGrantedEvenByForgedPosts() throws Exception {
        ConsoleFixture.Browser b = f.browser().signIn(webOps);
        String fleet = b.get("/ui/").body();
        assertTrue(fleet.contains("data-minion=\"web1\""), fleet);
        assertFalse(fleet.contains("db1"), "a minion beyond its grants is not shown");
        assertEquals(404, b.get("/ui/minions/db1").statusCode());
        String web1 = b.get("/ui/minions/web1").body();
        assertTrue(web1.contains("<code>test.ping</code>") && web1.contains("<code>cmd.run</code>"),
                "its declared functions with docs: " + web1);

        HttpResponse<String> shell = b.submit("/ui/run", Map.of("tgt", "web1", "fun", "cmd.run", "arg", "id"));
        assertEquals(403, shell.statusCode());
        assertTrue(shell.body().contains("&#39;token:web-ops&#39; may not run cmd.run on any minion"), shell.body());
        assertFalse(shell.body().contains("id=\"confirm\""), "no button to press");
        HttpResponse<String> forged = b.submit("/ui/run", Map.of("tgt", "web1", "fun", "cmd.run", "arg", "id",
                "confirm", "yes"));
        assertEquals(403, forged.statusCode());
        HttpResponse<String> wide = b.submit("/ui/run", Map.of("tgt", "*", "fun", "test.ping", "confirm", "yes"));
        assertEquals(403, wide.statusCode());
        assertTrue(wide.body().contains("db1"), wide.body());
        assertEquals(0, f.jobsBy("token:web-ops"), "nothing was published");
        String audit = Files.readString(f.master.config().auditLog());
        assertTrue(audit.contains("\"identity\":\"token:web-ops\"") && audit.contains("\"action\":\"refused\"")
                && audit.contains("console preview"), audit);

        HttpResponse<String> everywhere = b.submit("/ui/run", Map.of("tgt", "*", "fun", "test.ping"));
        assertTrue(everywhere.body().contains("<strong id=\"resolved-count\">1</strong> minion: web1."),
                "the preview counts only the minions it may see: " + everywhere.body());
        assertFalse(b.get("/ui/run").body().contains("value=\"cmd.run\""), "only functions it may run are offered");

        HttpResponse<String> check = b.submit("/ui/run", Map.of("tgt", "web*", "fun", "test.ping"));
        assertEquals(200, check.statusCode(), check.body());
        assertTrue(check.body().contains("<strong id=\"resolved-count\">1</strong> minion: web1"), check.body());
        HttpResponse<String> ran = b.submit("/ui/run", Map.of("tgt", "web*", "fun", "test.ping", "confirm", "yes"));
        assertEquals(303, ran.statusCode(), ran.body());
        String jid = ran.headers().firstValue("Location").orElseThrow().substring("/ui/jobs/".length());
        Job done = f.master.client().job(jid, Duration.ofSeconds(15)).orElseThrow();
        assertEquals(Boolean.TRUE, done.returns().get("web1").ret());
        assertTrue(b.get("/ui/jobs/" + jid).body().contains("id=\"" + ReturnView.rowId("web1") + "\" class=\"ok\""));

        String others = f.master.client().cast(JobSpec.of("db1", "test.ping"));
        assertFalse(b.get("/ui/jobs").body().contains(others), "another's job is not listed");
        assertEquals(404, b.get("/ui/jobs/" + others).statusCode());
        assertEquals(404, b.submit("/ui/jobs/" + others + "/kill", Map.of()).statusCode());
        assertEquals(403, b.get("/ui/keys").statusCode());
        assertEquals(403, b.get("/ui/keys/db1/delete").statusCode());
        assertEquals(403, b.submit("/ui/keys/db1/delete", Map.of("fingerprint", "x")).statusCode());
        assertTrue(f.master.keys().list().accepted().contains("db1"));
        assertEquals(403, b.get("/ui/events").statusCode());
        assertEquals(403, b.get("/ui/overview").statusCode());
        assertEquals(403, b.get("/ui/overview/data").statusCode());
    }

    @Test
    void formsWithoutTheSessionsCsrfTokenAreRefusedAndDoNothing() throws Exception {
        f.addPendingMinion("new1", Map.of());
        ConsoleFixture.Browser b = f.browser().signIn(admin);
        Map<String, String> run = Map.of("tgt", "web1", "fun", "test.ping", "confirm", "yes");
        HttpResponse<String> missing = b.post("/ui/run", run);
        assertEquals(403, missing.statusCode());
        assertTrue(missing.body().contains("CSRF token is missing or wrong"), missing.body());
        assertEquals(403, b.post("/ui/run", Map.of("tgt", "web1", "fun", "test.ping", "confirm", "yes",
                "csrf", "forged")).statusCode());
        String finger = f.master.keys().fingerprint("new1").orElseThrow();
        assertEquals(403, b.post("/ui/keys/new1/accept", Map.of("fingerprint", finger)).statusCode());
        assertEquals(403, b.post("/ui/logout", Map.of()).statusCode());
        assertEquals(0, f.jobsBy("token:admin"));
        assertTrue(f.master.keys().list().pending().contains("new1"));

        HttpResponse<String> confirm = b.get("/ui/keys/new1/accept");
        assertTrue(confirm.body().contains("<code id=\"fingerprint\">" + finger + "</code>"), confirm.body());
        assertEquals(409, b.submit("/ui/keys/new1/accept", Map.of("fingerprint", "00:11")).statusCode(),
                "a key other than the one confirmed");
        assertTrue(f.master.keys().list().pending().contains("new1"));
        assertEquals(303, b.submit("/ui/keys/new1/accept", Map.of("fingerprint", finger)).statusCode());
        assertTrue(f.master.keys().list().accepted().contains("new1"));
        assertEquals(303, b.submit("/ui/run", run).statusCode());
        assertEquals(1, f.jobsBy("token:admin"));
    }

    @Test
    void aRevokedTokensSessionEndsAtItsNextRequest() throws Exception {
        ConsoleFixture.Browser b = f.browser().signIn(admin);
        assertEquals(200, b.get("/ui/jobs").statusCode());
        f.tokens.revoke("admin");
        HttpResponse<String> after = b.get("/ui/jobs");
        assertEquals(303, after.statusCode());
        assertEquals("/ui/login", after.headers().firstValue("Location").orElseThrow());
        assertEquals(401, b.submit("/ui/run", Map.of("tgt", "web1", "fun", "test.ping", "confirm", "yes"))
                .statusCode());
        assertEquals(0, f.jobsBy("token:admin"));
    }

    @Test
    void theRunFormChecksArgumentsAgainstWhatTheMinionsDeclareBeforePublishing() throws Exception {
        ConsoleFixture.Browser b = f.browser().signIn(admin);
        HttpResponse<String> noText = b.submit("/ui/run", Map.of("tgt", "web1", "fun", "test.echo"));
        assertEquals(403, noText.statusCode());
        assertTrue(noText.body().contains("missing its required argument"), noText.body());
        HttpResponse<String> badType = b.submit("/ui/run", Map.of("tgt", "web1", "fun", "test.sleep",
                "arg", "length=soon"));
        assertEquals(403, badType.statusCode());
        assertTrue(badType.body().contains("length"), badType.body());
        HttpResponse<String> nosuch = b.submit("/ui/run", Map.of("tgt", "web1", "fun", "nosuch.fn"));
        assertTrue(nosuch.body().contains("is not available on this minion"), nosuch.body());
        HttpResponse<String> caret = b.submit("/ui/run", Map.of("tgt", "web1 and and", "tgt_type", "compound",
                "fun", "test.ping"));
        assertEquals(400, caret.statusCode());
        assertTrue(caret.body().contains("^</pre>"), caret.body());
        HttpResponse<String> good = b.submit("/ui/run", Map.of("tgt", "web1", "fun", "test.echo", "arg", "hello"));
        assertEquals(200, good.statusCode(), good.body());
        assertTrue(good.body().contains("id=\"confirm\""), good.body());
        assertEquals(0, f.jobsBy("token:admin"), "checking published nothing");
    }

    @Test
    void aQueuedJobShowsUntilWhenItsDeliveriesWait() throws Exception {
        f.minions.stream().filter(m -> m.id().equals("db1")).findFirst().orElseThrow().close();
        ConsoleFixture.await(() -> f.master.keys().status("db1").map(s -> !s.up()).orElse(false), "db1 down");
        String jid = f.master.client().as("token:admin").cast(JobSpec.of("db1", "test.ping")
                .queued(Duration.ofHours(1)));
        ConsoleFixture.Browser b = f.browser().signIn(admin);
        String page = b.get("/ui/jobs/" + jid).body();
        assertTrue(page.contains("<time id=\"queued-until\">"), page);
        assertTrue(page.contains(">queued</span>"), page);
        assertTrue(b.get("/ui/jobs?queued=true").body().contains("queued until"));
    }

    @Test
    void aSignInOrFormSentFromAnotherSiteIsRefused() throws Exception {
        java.net.http.HttpRequest crossSite = java.net.http.HttpRequest.newBuilder(java.net.URI.create(
                f.api.address() + "/ui/login")).header("Content-Type", "application/x-www-form-urlencoded")
                .header("Sec-Fetch-Site", "cross-site").POST(java.net.http.HttpRequest.BodyPublishers.ofString(
                        ConsoleFixture.form(Map.of("token", admin)))).build();
        HttpResponse<String> r = f.http.send(crossSite, HttpResponse.BodyHandlers.ofString());
        assertEquals(403, r.statusCode());
        assertTrue(r.headers().firstValue("Set-Cookie").isEmpty(), "no session for another site's post");
        ConsoleFixture.Browser b = f.browser().signIn(admin);
        java.net.http.HttpRequest forged = java.net.http.HttpRequest.newBuilder(java.net.URI.create(
                f.api.address() + "/ui/run")).header("Content-Type", "application/x-www-form-urlencoded")
                .header("Cookie", b.cookie).header("Origin", "https://evil.example")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(ConsoleFixture.form(Map.of("tgt", "web1",
                        "fun", "test.ping", "confirm", "yes", "csrf", b.csrf)))).build();
        assertEquals(403, f.http.send(forged, HttpResponse.BodyHandlers.ofString()).statusCode());
        assertEquals(0, f.jobsBy("token:admin"));
    }

    @Test
    void aRevokedTokensLiveStreamEndsThoughEventsKeepArriving() throws Exception {
        ConsoleFixture.Browser b = f.browser().signIn(admin);
        java.net.http.HttpRequest request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(
                f.api.address() + "/ui/events/live?tag=busy/**")).header("Cookie", b.cookie)
                .timeout(Duration.ofSeconds(20)).build();
        HttpResponse<java.io.InputStream> r = f.http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, r.statusCode());
        java.util.concurrent.atomic.AtomicBoolean publishing = new java.util.concurrent.atomic.AtomicBoolean(true);
        Thread busy = new Thread(() -> {
            for (int i = 0; publishing.get() && i < 20_000; i++) { // bounded: at most 20 s of events
                f.master.events().publish("busy/" + i, Map.of("n", i));
                java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
            }
        });
        try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(r.body(),
                java.nio.charset.StandardCharsets.UTF_8))) {
            busy.start();
            assertTrue(in.readLine() != null);
            f.tokens.revoke("admin");
            long revoked = System.nanoTime();
            String line;
            boolean signedOut = false;
            while ((line = in.readLine()) != null) {
                if (line.equals("event: signed-out")) {
                    signedOut = true;
                    break;
                }
            }
            assertTrue(signedOut, "the stream said why it ended");
            assertTrue(System.nanoTime() - revoked < Duration.ofSeconds(5).toNanos(), "ended within seconds");
        } finally {
            publishing.set(false);
            busy.join();
        }
    }
}
