package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The OpenAPI document at {@code /openapi.json} describes exactly the routes the router answers. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OpenApiDocumentTest {
    private static final Set<String> METHODS = Set.of("get", "post", "put", "patch", "delete");
    ApiFixture cluster;
    String token;
    JsonNode document;

    @BeforeAll
    void start(@TempDir Path root) throws Exception {
        cluster = ApiFixture.start(root);
        token = cluster.tokens.create("ci", null);
        HttpResponse<String> r = cluster.send("GET", "/openapi.json", token, null);
        assertEquals(200, r.statusCode());
        assertEquals("application/json", r.headers().firstValue("content-type").orElse(""));
        document = ApiExchange.JSON.readTree(r.body());
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void itIsOpenApi31AndNeedsAToken() throws Exception {
        assertEquals("3.1.0", document.get("openapi").asText());
        assertEquals(401, cluster.send("GET", "/openapi.json", null, null).statusCode());
    }

    /**
     * Generated clients name their methods after operationIds: each operation has one, unique, in lower camel case,
     * and they are a contract (a test of the client generator's output would break on a rename).
     */
    @Test
    void everyOperationHasAStableUniqueOperationIdAndTheDocumentSaysItsServerAndLicense() {
        Map<String, String> ids = new TreeMap<>();
        document.get("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
            if (METHODS.contains(op.getKey())) {
                String id = op.getValue().path("operationId").asText("");
                assertTrue(id.matches("[a-z][A-Za-z]+"), op.getKey() + " " + path.getKey() + ": '" + id + "'");
                assertNull(ids.put(id, op.getKey() + " " + path.getKey()), "operationId " + id + " twice");
            }
        }));
        assertEquals("runJob", ids.entrySet().stream().filter(e -> e.getValue().equals("post /jobs")).findFirst()
                .orElseThrow().getKey());
        assertEquals(20, ids.size());
        assertEquals("/", document.get("servers").get(0).get("url").asText());
        assertEquals("Apache-2.0", document.get("info").get("license").get("identifier").asText());
    }

    /**
     * Generated clients name a type after the schema it comes from, and group methods by tag: a request or answer
     * body with fields is a named schema (an inline one becomes ListJobs200Response), and each operation has one
     * declared tag (untagged ones all land in a DefaultApi).
     */
    @Test
    void everyOperationHasOneDeclaredTagAndEveryBodyWithFieldsIsANamedSchema() {
        Set<String> declared = new TreeSet<>();
        document.get("tags").forEach(t -> declared.add(t.get("name").asText()));
        Set<String> used = new TreeSet<>();
        List<String> inline = new ArrayList<>();
        for (Map.Entry<String, JsonNode> path : document.get("paths").properties()) {
            for (Map.Entry<String, JsonNode> op : path.getValue().properties()) {
                if (!METHODS.contains(op.getKey())) {
                    continue;
                }
                String where = op.getKey() + " " + path.getKey();
                JsonNode tags = op.getValue().path("tags");
                assertEquals(1, tags.size(), where + " tags " + tags);
                assertTrue(declared.contains(tags.get(0).asText()), where + ": undeclared tag " + tags);
                used.add(tags.get(0).asText());
                List<JsonNode> bodies = new ArrayList<>();
                bodies.add(op.getValue().path("requestBody"));
                op.getValue().path("responses").forEach(bodies::add);
                for (JsonNode body : bodies) {
                    JsonNode schema = body.path("content").path("application/json").path("schema");
                    if (schema.has("properties")) {
                        inline.add(where);
                    }
                }
            }
        }
        assertEquals(declared, used, "every declared tag is used");
        assertEquals(List.of(), inline, "operations with an inline body schema");
    }

    @Test
    void everyRouteOfTheRouterIsInTheDocumentAndViceVersa() {
        Set<String> documented = new TreeSet<>();
        document.get("paths").fields().forEachRemaining(path -> path.getValue().fieldNames().forEachRemaining(m -> {
            if (METHODS.contains(m)) {
                documented.add(m.toUpperCase(Locale.ROOT) + " " + path.getKey());
            }
        }));
        Set<String> routed = new TreeSet<>();
        for (Route r : cluster.api.routes()) {
            routed.add(r.method() + " " + r.openApiPath());
        }
        assertEquals(routed, documented);
    }

    /** Whether some route (another path template) takes {@code method} on this concrete path. */
    private boolean routedOn(String concrete, String method) {
        List<String> segments = List.of(concrete.substring(1).split("/"));
        return cluster.api.routes().stream().anyMatch(r -> r.method().equals(method) && r.match(segments) != null);
    }

    /** The router really answers each documented route, and only those methods on its paths. */
    @Test
    void everyDocumentedRouteIsAnsweredAndOtherMethodsOnItsPathAre405() throws Exception {
        List<String> checked = new ArrayList<>();
        var paths = document.get("paths").fields();
        while (paths.hasNext()) {
            var path = paths.next();
            String concrete = path.getKey().replace("{jid}", "20200101000000000000").replace("{id}", "nobody")
                    .replace("{tag}", "probe/x").replace("{name}", "nobody");
            for (String m : METHODS) {
                String method = m.toUpperCase(Locale.ROOT);
                if (path.getKey().equals("/events") && m.equals("get")) {
                    continue; // a stream: answered in ApiServerTest and ApiEventsAndLimitsTest
                }
                HttpResponse<String> r = cluster.send(method, concrete, token, m.equals("get") || m.equals("delete")
                        ? null : "{}");
                if (path.getValue().has(m)) {
                    assertNotEquals(405, r.statusCode(), method + " " + concrete + ": " + r.body());
                    assertTrue(!r.body().contains("no such endpoint"), method + " " + concrete + ": " + r.body());
                    assertTrue(path.getValue().get(m).get("responses").has(String.valueOf(r.statusCode())),
                            method + " " + concrete + " answered " + r.statusCode() + ", not documented: " + r.body());
                } else if (!routedOn(concrete, method)) {
                    // (DELETE /keys/generate is DELETE /keys/{id}, for a minion named "generate")
                    assertEquals(405, r.statusCode(), method + " " + concrete + ": " + r.body());
                }
                checked.add(method + " " + concrete);
            }
        }
        assertTrue(checked.size() > 40, checked.toString());
    }
}
