package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.brine.minion.Minion;
import io.brine.protocol.crypto.KeyFiles;
import io.brine.protocol.crypto.StaticKeyPair;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every example of {@code docs/api.md} against a real master: each {@code curl} command is run in the document's
 * order, and the JSON block right after it is compared by shape ({@link JsonShape}) with what the server answered.
 * A JSON block that stands alone is an event (compared with the event of its tag the examples caused) or a file
 * ({@code <!-- example: the file pki_dir/NAME -->}). A block marked {@code <!-- example: not run: REASON -->} is
 * skipped, and at most {@link #MAX_SKIPPED} may be.
 *
 * <p>The master has the minions the document names: {@code web1} (up, grains {@code role: web}), {@code web2}
 * (accepted, then stopped, so down), {@code vm42} (a pending key); the token is {@code heat}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ApiDocsExamplesTest {
    /** Examples the document may leave unrun; each says why beside it. */
    static final int MAX_SKIPPED = 2;
    /** Fewer than this many examples run means the reading went wrong, not that the document agrees. */
    static final int MIN_RUN = 20;
    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final Pattern EVENT_ID = Pattern.compile("id: \\d+-\\d+");

    ApiFixture cluster;
    String token;
    SseLines everyEvent;
    /** The document's {@code -d} arguments that are shell, not JSON, with the body each makes here. */
    final Map<String, String> shellBodies = new HashMap<>();

    @BeforeAll
    void startTheMinionsTheDocumentNames(@TempDir Path root) throws Exception {
        cluster = ApiFixture.start(root);
        token = cluster.tokens.create("heat", Duration.ofHours(24));
        cluster.addAcceptedMinion("web1", Map.of("role", "web"));
        Minion web2 = cluster.addAcceptedMinion("web2");
        ApiFixture.await(() -> minion("web2").path("grains").has("os"), "web2's grains known to the master");
        stop(web2);
        ApiFixture.await(() -> minion("web2").path("up").asBoolean(true) == false, "web2 down");
        stop(cluster.addMinion("vm42"));
        String pub = KeyFiles.publicKeyPem(StaticKeyPair.generate().publicKey());
        shellBodies.put("\"$(jq -n --arg pub \"$(cat vm42.pub)\" '{id: \"vm42\", pub: $pub}')\"",
                "'" + ApiExchange.JSON.writeValueAsString(Map.of("id", "vm42", "pub", pub)) + "'");
        everyEvent = SseLines.open(cluster.http, URI.create(cluster.api.address() + "/events?tag=**"),
                Map.of("Authorization", "Bearer " + token));
        assertTrue(everyEvent.next(WAIT).startsWith(": subscribed"));
    }

    @AfterAll
    void stop() {
        if (everyEvent != null) {
            everyEvent.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void everyExampleOfDocsApiMdAgreesWithTheServer() throws Exception {
        Path doc = repositoryRoot().resolve("docs/api.md");
        List<DocExamples.Block> blocks = DocExamples.blocks(Files.readAllLines(doc));
        Map<String, String> vars = new HashMap<>(Map.of("BRINE_TOKEN", token));
        List<String> problems = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        int run = 0;
        for (int i = 0; i < blocks.size(); i++) {
            DocExamples.Block b = blocks.get(i);
            DocExamples.Block next = i + 1 < blocks.size() ? blocks.get(i + 1) : null;
            boolean answered = next != null && next.follows(b) && !next.lang().equals("sh");
            if (b.directive() != null && b.directive().startsWith("not run")) {
                skipped.add("line " + b.start() + ": " + b.directive());
                i += answered ? 1 : 0;
                continue;
            }
            if (b.lang().equals("sh")) {
                List<String> commands = b.commands();
                for (int c = 0; c < commands.size(); c++) {
                    DocExamples.Block answer = answered && c == commands.size() - 1 ? next : null;
                    problems.addAll(run(b.start(), commands.get(c), answer, vars));
                    run++;
                }
                i += answered && !commands.isEmpty() ? 1 : 0;
            } else if (b.lang().equals("json")) {
                problems.addAll(standalone(b));
                run++;
            }
        }
        System.out.println("docs/api.md: " + run + " examples run, " + skipped.size() + " not run " + skipped);
        assertEquals(List.of(), problems, "docs/api.md disagrees with the server");
        assertTrue(skipped.size() <= MAX_SKIPPED, "too many examples not run: " + skipped);
        assertTrue(run >= MIN_RUN, "only " + run + " examples found in " + doc);
    }

    /** Runs one command; compares its answer with {@code answer} when there is one. */
    private List<String> run(int line, String command, DocExamples.Block answer, Map<String, String> vars)
            throws Exception {
        for (Map.Entry<String, String> shell : shellBodies.entrySet()) {
            command = command.replace(shell.getKey(), shell.getValue());
        }
        String where = "line " + line + " (" + command + ")";
        DocExamples.Curl curl;
        try {
            curl = DocExamples.Curl.parse(command, vars);
        } catch (IllegalArgumentException e) {
            return List.of(where + ": " + e.getMessage());
        }
        if (curl.stream()) {
            return stream(where, curl, answer);
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(cluster.api.address() + curl.path()))
                .timeout(Duration.ofSeconds(60)).method(curl.method(), curl.body() == null
                        ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(curl.body()));
        curl.headers().forEach(request::header);
        HttpResponse<String> r = cluster.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        List<String> problems = new ArrayList<>();
        JsonNode documented = answer == null ? null : ApiExchange.JSON.readTree(answer.text());
        boolean error = documented != null && documented.has("error");
        if (error != (r.statusCode() >= 400)) {
            problems.add(where + ": answered " + r.statusCode() + " " + r.body());
            return problems;
        }
        JsonNode real = ApiExchange.JSON.readTree(r.body());
        if (curl.assignTo() != null) {
            vars.put(curl.assignTo(), real.path(curl.field()).asText());
        }
        if (documented != null) {
            JsonShape.differences(documented, real).forEach(d -> problems.add(where + ": " + d + "\n  answered "
                    + r.body()));
        }
        return problems;
    }

    /**
     * An event stream: its first line must be the document's, then an event like the document's (published on the
     * master's bus, as a minion's post is) must arrive with an {@code id:} line before it.
     */
    private List<String> stream(String where, DocExamples.Curl curl, DocExamples.Block answer) throws Exception {
        if (answer == null) {
            return List.of(where + ": a stream example needs the lines it shows after it");
        }
        List<String> shown = List.of(answer.text().split("\n"));
        JsonNode event = ApiExchange.JSON.readTree(shown.stream().filter(l -> l.startsWith("data: ")).findFirst()
                .orElseThrow().substring(6));
        List<String> problems = new ArrayList<>();
        URI uri = URI.create(cluster.api.address() + curl.path());
        try (SseLines s = SseLines.open(cluster.http, uri, curl.headers())) {
            assertEquals(200, s.status(WAIT), where);
            String subscribed = s.next(WAIT);
            if (!subscribed.equals(shown.get(0))) {
                problems.add(where + ": first line " + subscribed + ", documented " + shown.get(0));
            }
            cluster.master.events().publish(event.get("tag").asText(),
                    ApiExchange.JSON.convertValue(event.get("data"), Map.class));
            String previous = "";
            String line = s.next(WAIT);
            while (!line.startsWith("data: ")) {
                previous = line.isEmpty() ? previous : line;
                line = s.next(WAIT);
            }
            if (!EVENT_ID.matcher(previous).matches() || shown.stream().noneMatch(l -> EVENT_ID.matcher(l).matches())) {
                problems.add(where + ": the event's id line is " + previous);
            }
            JsonShape.differences(event, ApiExchange.JSON.readTree(line.substring(6)))
                    .forEach(d -> problems.add(where + ": " + d));
        }
        return problems;
    }

    /** A JSON block after no command: an event the examples caused, or a file the directive names. */
    private List<String> standalone(DocExamples.Block b) throws Exception {
        String where = "line " + b.start();
        JsonNode documented = ApiExchange.JSON.readTree(b.text());
        JsonNode real;
        String file = "the file pki_dir/";
        if (b.directive() != null && b.directive().startsWith(file)) {
            Path path = cluster.master.config().pkiDir().resolve(b.directive().substring(file.length()));
            real = ApiExchange.JSON.readTree(Files.readString(path));
        } else if (documented.has("tag") && documented.has("time")) {
            real = event(documented.get("tag").asText());
            if (real == null) {
                return List.of(where + ": no event tagged " + documented.get("tag") + " came of the examples");
            }
        } else {
            return List.of(where + ": a JSON block that answers no example; put its curl command right before it, or"
                    + " say what it is with <!-- example: ... -->");
        }
        List<String> problems = new ArrayList<>();
        JsonShape.differences(documented, real).forEach(d -> problems.add(where + ": " + d + "\n  real " + real));
        return problems;
    }

    /** The first event tagged {@code tag} on the stream of every event since the test started, or null. */
    private JsonNode event(String tag) throws Exception {
        while (true) {
            String line;
            try {
                line = everyEvent.next(WAIT);
            } catch (AssertionError none) {
                return null;
            }
            if (line.startsWith("data: ")) {
                JsonNode e = ApiExchange.JSON.readTree(line.substring(6));
                if (e.path("tag").asText().equals(tag)) {
                    return e;
                }
            }
        }
    }

    private JsonNode minion(String id) {
        try {
            return ApiExchange.JSON.readTree(cluster.send("GET", "/minions/" + id, token, null).body());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private void stop(Minion m) {
        m.close();
        cluster.minions.remove(m);
    }

    /** The checkout's root: the nearest directory above the working one that holds {@code docs/api.md}. */
    static Path repositoryRoot() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isRegularFile(p.resolve("docs/api.md"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("no docs/api.md above " + Path.of("").toAbsolutePath());
        }
        return p;
    }
}
