package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Requests that hold a worker for long (a call waiting for its returns, a long poll, an event stream) are bounded
 * per token and overall, so that short requests always find a worker of the listener.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ApiLongRequestLimitsTest {
    private static final List<String> NAMES = List.of("c1", "c2", "p1", "p2", "s1", "s2", "s3", "s4", "other");
    /** A job that runs until it is killed (the test kills every one it started). */
    private static final String SLEEPER = "{\"target\": \"web1\", \"fun\": \"test.sleep\","
            + " \"kwarg\": {\"length\": 120}, \"timeout\": 120";
    private static final Duration QUICK = Duration.ofSeconds(5);

    ApiFixture cluster;
    final Map<String, String> tokens = new java.util.HashMap<>();

    @BeforeAll
    void start(@TempDir Path root) throws Exception {
        String acl = "publisher_acl:\n" + NAMES.stream()
                .map(n -> "  token:" + n + ": ['*', '@keys', '@events', '@jobs']\n").collect(Collectors.joining());
        // every request comes from 127.0.0.1, many opening connections at once: the address's share of waiting
        // connections is raised so that it is not what closes them; a keep-alive comment every second lets the API
        // see soon that a stream's client went away
        cluster = ApiFixture.start(root, "api: {interface: 127.0.0.1, port: 0}\n" + acl, HttpClient.newHttpClient(),
                Duration.ofSeconds(1), ApiListener.LIMITS.withWaitingPerAddress(100));
        cluster.addAcceptedMinion("web1");
        for (String n : NAMES) {
            tokens.put(n, cluster.tokens.create(n, null));
        }
    }

    @AfterEach
    void killEveryJobStillRunning() throws Exception {
        HttpResponse<String> r = cluster.send("GET", "/jobs?running=true&limit=1000", tokens.get("other"), null);
        for (Object row : (List<?>) ApiFixture.json(r).get("jobs")) {
            cluster.send("DELETE", "/jobs/" + ((Map<?, ?>) row).get("jid"), tokens.get("other"), null);
        }
        ApiFixture.await(() -> cluster.api.waitingCalls() == 0 && cluster.api.waitingLookups() == 0,
                "every waiting call and lookup answered");
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void theLongRequestsTogetherLeaveWorkersForShortOnes() {
        assertTrue(ApiListener.FOR_SHORT_REQUESTS >= 8, "workers left for short requests: "
                + ApiListener.FOR_SHORT_REQUESTS);
    }

    @Test
    void waitingCallsAreBoundedPerTokenAndOverallAndRefusedOnesPublishNothing() throws Exception {
        List<CompletableFuture<HttpResponse<String>>> calls = holdCalls("c1");
        HttpResponse<String> fifth = post("c1", SLEEPER + "}");
        assertEquals(429, fifth.statusCode(), fifth.body());
        assertEquals("1", fifth.headers().firstValue("retry-after").orElse(""));
        assertTrue(fifth.body().contains("waiting calls"), fifth.body());
        assertEquals(JobEndpoints.MAX_CALLING_PER_TOKEN, jobsOf("c1"), "the refused call published nothing");
        // a cast waits for nothing, so it is not bounded
        assertEquals(202, post("c1", SLEEPER + ", \"mode\": \"cast\"}").statusCode());

        calls.addAll(holdCalls("c2"));
        assertEquals(JobEndpoints.MAX_CALLING, cluster.api.waitingCalls());
        HttpResponse<String> overall = post("other", SLEEPER + "}");
        assertEquals(503, overall.statusCode(), overall.body());
        assertEquals("1", overall.headers().firstValue("retry-after").orElse(""));
        assertEquals(0, jobsOf("other"));

        killEveryJobStillRunning();
        for (CompletableFuture<HttpResponse<String>> c : calls) {
            assertEquals(200, c.get(30, TimeUnit.SECONDS).statusCode());
        }
        HttpResponse<String> again = post("c1", "{\"target\": \"web1\", \"fun\": \"test.ping\"}");
        assertEquals(200, again.statusCode(), "slots are given back: " + again.body());
    }

    @Test
    void withEveryLongRequestSlotTakenShortRequestsAreStillAnswered() throws Exception {
        List<SseLines> streams = new ArrayList<>();
        try {
            for (String s : List.of("s1", "s2", "s3", "s4")) {
                for (int i = 0; i < EventStreams.MAX_STREAMS_PER_TOKEN; i++) {
                    SseLines stream = SseLines.open(cluster.http, URI.create(cluster.api.address() + "/events"),
                            Map.of("Authorization", "Bearer " + tokens.get(s)));
                    streams.add(stream);
                    assertEquals(200, stream.status(QUICK));
                    assertTrue(stream.next(QUICK).startsWith(": subscribed"));
                }
            }
            String jid = (String) ApiFixture.json(post("other", SLEEPER + ", \"mode\": \"cast\"}")).get("jid");
            List<CompletableFuture<HttpResponse<String>>> polls = new ArrayList<>();
            for (String p : List.of("p1", "p2")) {
                for (int i = 0; i < JobEndpoints.MAX_WAITING_PER_TOKEN; i++) {
                    polls.add(sendAsync("GET", "/jobs/" + jid + "?wait=60", p, null));
                }
            }
            ApiFixture.await(() -> cluster.api.waitingLookups() == JobEndpoints.MAX_WAITING, "every long poll waiting");
            List<CompletableFuture<HttpResponse<String>>> calls = holdCalls("c1");
            calls.addAll(holdCalls("c2"));
            assertEquals(EventStreams.MAX_STREAMS, cluster.api.openEventStreams());

            // every kind of long request is refused beyond its bound, and short requests are all answered at once
            assertEquals(503, send("GET", "/events", "other", null, QUICK).statusCode());
            assertEquals(503, send("GET", "/jobs/" + jid + "?wait=60", "other", null, QUICK).statusCode());
            assertEquals(503, send("POST", "/jobs", "other", SLEEPER + "}", QUICK).statusCode());
            List<CompletableFuture<HttpResponse<String>>> shorts = new ArrayList<>();
            for (int i = 0; i < ApiListener.FOR_SHORT_REQUESTS * 2; i++) {
                shorts.add(sendAsync("GET", i % 2 == 0 ? "/keys" : "/jobs/" + jid, "other", null));
            }
            for (CompletableFuture<HttpResponse<String>> s : shorts) {
                assertEquals(200, s.get(QUICK.toSeconds(), TimeUnit.SECONDS).statusCode());
            }
            assertEquals(202, send("POST", "/jobs", "other", "{\"target\": \"web1\", \"fun\": \"test.ping\","
                    + " \"mode\": \"cast\"}", QUICK).statusCode());

            killEveryJobStillRunning();
            for (CompletableFuture<HttpResponse<String>> r : Stream.concat(polls.stream(), calls.stream()).toList()) {
                assertEquals(200, r.get(30, TimeUnit.SECONDS).statusCode());
            }
        } finally {
            streams.forEach(SseLines::close);
        }
        ApiFixture.await(() -> cluster.api.openEventStreams() == 0, "every stream closed");
    }

    /** Starts as many waiting calls as {@code token} may hold, and waits until they all hold their slots. */
    private List<CompletableFuture<HttpResponse<String>>> holdCalls(String token) throws Exception {
        int before = cluster.api.waitingCalls();
        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        for (int i = 0; i < JobEndpoints.MAX_CALLING_PER_TOKEN; i++) {
            calls.add(sendAsync("POST", "/jobs", token, SLEEPER + "}"));
        }
        ApiFixture.await(() -> cluster.api.waitingCalls() == before + JobEndpoints.MAX_CALLING_PER_TOKEN,
                token + "'s calls waiting");
        ApiFixture.await(() -> jobsOfQuietly(token) == JobEndpoints.MAX_CALLING_PER_TOKEN, token + "'s jobs published");
        return calls;
    }

    private int jobsOf(String token) throws Exception {
        HttpResponse<String> r = cluster.send("GET", "/jobs?running=true&caller=token:" + token, tokens.get("other"),
                null);
        return ((List<?>) ApiFixture.json(r).get("jobs")).size();
    }

    private int jobsOfQuietly(String token) {
        try {
            return jobsOf(token);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private HttpResponse<String> post(String token, String body) throws Exception {
        return cluster.send("POST", "/jobs", tokens.get(token), body);
    }

    private HttpResponse<String> send(String method, String path, String token, String body, Duration timeout)
            throws Exception {
        return cluster.send(method, path, tokens.get(token), body, timeout);
    }

    private CompletableFuture<HttpResponse<String>> sendAsync(String method, String path, String token, String body) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(cluster.api.address() + path))
                .timeout(Duration.ofSeconds(90)).header("Authorization", "Bearer " + tokens.get(token))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body)).build();
        return cluster.http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
    }
}
