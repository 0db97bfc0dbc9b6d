package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ApiServerTest {
    ApiFixture cluster;
    String token;

    @BeforeAll
    void startAMasterWithItsApiAndOneAcceptedMinion(@TempDir Path root) throws Exception {
        cluster = ApiFixture.start(root, "api: {interface: 127.0.0.1, port: 0}\n",
                java.net.http.HttpClient.newHttpClient(), Duration.ofMillis(200));
        cluster.addAcceptedMinion("web1");
        token = cluster.tokens.create("ci", null);
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aCallAnswersWithTheDocumentOfBrineRunOutJson() throws Exception {
        HttpResponse<String> r = post("/jobs", "{\"target\": \"web*\", \"fun\": \"test.echo\", \"arg\": [\"hi\"]}");
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.body().startsWith("{\"jid\":"), r.body());
        Map<String, Object> doc = ApiFixture.json(r);
        @SuppressWarnings("unchecked")
        Map<String, Object> web1 = (Map<String, Object>) ((Map<String, Object>) doc.get("returns")).get("web1");
        assertEquals("hi", web1.get("ret"));
        assertEquals(0, web1.get("retcode"));
        assertEquals(true, web1.get("success"));
        assertEquals(Map.of(), doc.get("missing"));
        assertEquals(List.of("jid", "returns", "missing"), List.copyOf(doc.keySet()));
    }

    @Test
    void jobsStartedThroughTheApiRecordTheTokenNameAsCaller() throws Exception {
        Map<String, Object> doc = ApiFixture.json(post("/jobs", "{\"target\": \"web1\", \"tgt_type\": \"list\", "
                + "\"fun\": \"test.ping\"}"));
        assertEquals("token:ci", cluster.master.client().job((String) doc.get("jid")).orElseThrow().caller());
    }

    @Test
    void aMinionThatDoesNotFinishInTimeReturnsThatItStoppedTheJobAtItsTimeout() throws Exception {
        Map<String, Object> doc = ApiFixture.json(post("/jobs", "{\"target\": \"web1\", \"fun\": \"test.sleep\", "
                + "\"kwarg\": {\"length\": 5}, \"timeout\": 0.5}"));
        // the call waits a moment past its timeout for the minion's own stop, rather than reading 'running'
        @SuppressWarnings("unchecked")
        Map<String, Object> web1 = (Map<String, Object>) ((Map<String, Object>) doc.get("returns")).get("web1");
        assertEquals(124, web1.get("retcode"), doc.toString());
        assertEquals(false, web1.get("success"));
        assertEquals(Map.of(), doc.get("missing"));
    }

    @Test
    void aCastAnswersWithTheJidWhoseJobCanBeLookedUpLater() throws Exception {
        HttpResponse<String> r = post("/jobs", "{\"target\": \"web1\", \"fun\": \"test.ping\", \"mode\": \"cast\"}");
        assertEquals(202, r.statusCode(), r.body());
        String jid = (String) ApiFixture.json(r).get("jid");
        // "web1" is under "missing" (not yet acknowledged) until its return arrives, so wait on "returns" itself
        ApiFixture.await(() -> get("/jobs/" + jid).body().contains("\"returns\":{\"web1\""), "the return of " + jid);
        Map<String, Object> doc = ApiFixture.json(get("/jobs/" + jid));
        assertEquals(jid, doc.get("jid"));
        assertEquals(Map.of(), doc.get("missing"));
        @SuppressWarnings("unchecked")
        Map<String, Object> web1 = (Map<String, Object>) ((Map<String, Object>) doc.get("returns")).get("web1");
        assertEquals(true, web1.get("ret"));
    }

    @Test
    void anUnknownJobIsNotFound() throws Exception {
        assertEquals(404, get("/jobs/20200101000000000000").statusCode());
        assertEquals(404, get("/jobs/not-a-jid").statusCode());
    }

    @Test
    void keysAreListedAcceptedRejectedAndDeleted() throws Exception {
        Minion web2 = cluster.addMinion("web2");
        cluster.addMinion("web3");
        Map<String, Object> keys = ApiFixture.json(get("/keys"));
        assertEquals(List.of("accepted", "pending", "rejected", "denied"), List.copyOf(keys.keySet()));
        assertTrue(((List<?>) keys.get("pending")).containsAll(List.of("web2", "web3")), keys.toString());

        HttpResponse<String> accepted = send("POST", "/keys/web2/accept", token, null);
        assertEquals(Map.of("accepted", List.of("web2")), ApiFixture.json(accepted));
        ApiFixture.await(() -> web2.status() == KeyStatus.ACCEPTED, "web2 accepted");
        assertEquals(404, send("POST", "/keys/web2/accept", token, null).statusCode());

        assertEquals(200, send("POST", "/keys/web3/reject", token, null).statusCode());
        assertTrue(((List<?>) ApiFixture.json(get("/keys")).get("rejected")).contains("web3"));

        assertEquals(200, send("DELETE", "/keys/web2", token, null).statusCode());
        assertTrue(!cluster.master.keys().list().accepted().contains("web2"));
        assertEquals(400, send("POST", "/keys/-bad/accept", token, null).statusCode());
    }

    @Test
    void anEventPublishedOnTheMasterArrivesAsAServerSentEvent() throws Exception {
        HttpResponse<InputStream> r = stream("/events?tag=brine/test/*");
        assertEquals(200, r.statusCode());
        assertEquals("text/event-stream; charset=utf-8", r.headers().firstValue("content-type").orElse(""));
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
            cluster.master.events().publish("brine/other/ignored", Map.of("y", 2));
            cluster.master.events().publish("brine/test/hello", Map.of("x", 1));
            String data = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (line.startsWith("data: ")) {
                        return line.substring(6);
                    }
                }
                return null;
            });
            Map<String, Object> event = ApiExchange.JSON.readValue(data, Map.class);
            assertEquals("brine/test/hello", event.get("tag"));
            assertEquals(Map.of("x", 1), event.get("data"));
            // ISO-8601 UTC, as brine events --out json prints it (Instant.toString), no longer epoch milliseconds
            java.time.Instant.parse((String) event.get("time"));
            assertTrue(((String) event.get("time")).endsWith("Z"), data);
        }
    }

    @Test
    void aClientThatDisconnectsIsUnsubscribed() throws Exception {
        HttpResponse<InputStream> r = stream("/events?tag=brine/gone/*");
        assertEquals(1, cluster.api.openEventStreams());
        r.body().close();
        ApiFixture.await(() -> cluster.api.openEventStreams() == 0, "the stream to end");
    }

    /** Issue 11, finding 14: a revoked or expired token's stream kept delivering. */
    @Test
    void aStreamEndsWithinASecondOfItsTokenBeingRevokedOrExpiring() throws Exception {
        String revoked = cluster.tokens.create("streamer", null);
        String expiring = cluster.tokens.create("short-lived", Duration.ofMillis(1500));
        HttpResponse<InputStream> first = stream("/events?tag=brine/revocation/*", revoked);
        HttpResponse<InputStream> second = stream("/events?tag=brine/revocation/*", expiring);
        assertEquals(200, first.statusCode());
        assertEquals(200, second.statusCode());
        cluster.tokens.revoke("streamer");
        for (HttpResponse<InputStream> r : List.of(first, second)) {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
                String last = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
                    String line;
                    String seen = null;
                    while ((line = lines.readLine()) != null) {
                        seen = line.isEmpty() ? seen : line;
                    }
                    return seen;
                }, "the stream did not end");
                assertTrue(last.contains("revoked or has expired"), last);
            }
        }
        ApiFixture.await(() -> cluster.api.openEventStreams() == 0, "the streams to end");
    }

    @Test
    void aMissingWrongExpiredOrRevokedTokenGets401AndNothingElse() throws Exception {
        String revoked = cluster.tokens.create("revoked", null);
        assertEquals(200, send("GET", "/keys", revoked, null).statusCode());
        cluster.tokens.revoke("revoked");
        String expired = cluster.tokens.create("expired", Duration.ofMillis(300));
        // past its lifetime by the store's own clock, which the API asks too
        ApiFixture.await(() -> cluster.tokens.authenticate(expired).isEmpty(), "the token to expire");
        for (String bad : new String[] {null, "", token + "x", "brine_guess", revoked, expired}) {
            for (String path : List.of("/keys", "/jobs/20200101000000000000", "/no/such/route")) {
                HttpResponse<String> r = send("GET", path, bad, null);
                assertEquals(401, r.statusCode(), path + " with " + bad);
                assertEquals("{\"error\":\"unauthorized\"}", r.body());
            }
        }
        HttpResponse<String> r = send("POST", "/jobs", null, "{\"target\": \"*\", \"fun\": \"cmd.run\", \"arg\": [\"id\"]}");
        assertEquals(401, r.statusCode());
        HttpResponse<String> basic = cluster.http.send(HttpRequest.newBuilder(URI.create(cluster.api.address() + "/keys"))
                .header("Authorization", "Basic " + token).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(401, basic.statusCode());
    }

    @Test
    void malformedJobRequestsAre400WithAReason() throws Exception {
        assertBadRequest("{\"target\": ", "not valid JSON");
        assertBadRequest("[1]", "JSON object");
        assertBadRequest("{\"target\": \"*\", \"fun\": \"test.ping\"} {}", "not valid JSON");
        assertBadRequest("{\"target\": \"*\", \"fun\": \"test.ping\", \"tgt\": \"x\"}", "unknown field 'tgt'");
        assertBadRequest("{\"target\": \"*\"}", "'fun'");
        assertBadRequest("{\"target\": \"*\", \"fun\": \"test.ping\", \"tgt_type\": \"bogus\"}", "unknown target type");
        assertBadRequest("{\"target\": \"(\", \"fun\": \"test.ping\", \"tgt_type\": \"pcre\"}", "regular expression");
        assertBadRequest("{\"target\": \"*\", \"fun\": \"test.ping\", \"mode\": \"later\"}", "'mode'");
        assertBadRequest("{\"target\": \"*\", \"fun\": \"test.ping\", \"timeout\": -1}", "'timeout'");
        assertBadRequest("{\"target\": \"*\", \"fun\": \"test.ping\", \"arg\": [123456789012345678901234567890]}",
                "out of range");
    }

    @Test
    void aBatchIsReadByTheJobSpecAndABadOneRefusedWithItsMessage() throws Exception {
        assertBadRequest("{\"target\": \"*\", \"fun\": \"test.ping\", \"batch\": \"150%\"}",
                "batch percentage must be from 1% to 100%, not '150%'");
        assertBadRequest("{\"target\": \"*\", \"fun\": \"test.ping\", \"batch\": 0}",
                "batch count must be from 1 to 9999999, not '0'");
        assertBadRequest("{\"target\": \"*\", \"fun\": \"test.ping\", \"batch\": true}", "'batch'");
        assertBadRequest("{\"target\": \"*\", \"fun\": \"test.ping\", \"batch_wait\": 1}", "needs a 'batch'");
        HttpResponse<String> r = post("/jobs", "{\"target\": \"web1\", \"fun\": \"test.echo\", \"arg\": [\"b\"], "
                + "\"batch\": \"50%\", \"batch_wait\": 0.1}");
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(Map.of("ret", "b"), Map.of("ret", ((Map<?, ?>) ((Map<?, ?>) ApiFixture.json(r).get("returns"))
                .get("web1")).get("ret")));
    }

    @Test
    void aBodyDeclaredBeyondOneMebibyteIsRefusedUnread() throws Exception {
        // A raw socket, because a real client would still be sending the body when the answer comes.
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", cluster.api.port())) {
            s.getOutputStream().write(("POST /jobs HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + token
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + (ApiExchange.MAX_BODY_BYTES + 1)
                    + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            s.setSoTimeout(10_000);
            String status = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII)).readLine();
            assertTrue(status.startsWith("HTTP/1.1 413 "), status);
        }
    }

    @Test
    void aChunkedBodyBeyondOneMebibyteIsRefused() throws Exception {
        String huge = "{\"target\": \"" + "x".repeat(ApiExchange.MAX_BODY_BYTES) + "\"}";
        HttpRequest request = HttpRequest.newBuilder(URI.create(cluster.api.address() + "/jobs"))
                .header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(
                        huge.getBytes(StandardCharsets.UTF_8)))).build();
        assertEquals(413, cluster.http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode());
    }

    @Test
    void unknownRoutesAre404AndWrongMethods405() throws Exception {
        assertEquals(404, get("/nothing").statusCode());
        assertEquals(404, get("/").statusCode());
        assertEquals(404, send("POST", "/keys/web1/bless", token, null).statusCode());
        HttpResponse<String> r = send("PUT", "/jobs", token, "{}");
        assertEquals(405, r.statusCode());
        assertEquals("POST, GET", r.headers().firstValue("allow").orElse(""));
    }

    private void assertBadRequest(String body, String reason) throws Exception {
        HttpResponse<String> r = post("/jobs", body);
        assertEquals(400, r.statusCode(), body + " -> " + r.body());
        assertTrue(((String) ApiFixture.json(r).get("error")).contains(reason), r.body());
    }

    private HttpResponse<String> get(String path) {
        try {
            return send("GET", path, token, null);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return send("POST", path, token, body);
    }

    private HttpResponse<String> send(String method, String path, String bearer, String body) throws Exception {
        return cluster.send(method, path, bearer, body);
    }

    private HttpResponse<InputStream> stream(String path) throws Exception {
        return stream(path, token);
    }

    private HttpResponse<InputStream> stream(String path, String bearer) throws Exception {
        return cluster.http.send(HttpRequest.newBuilder(URI.create(cluster.api.address() + path))
                .header("Authorization", "Bearer " + bearer).build(), HttpResponse.BodyHandlers.ofInputStream());
    }
}
