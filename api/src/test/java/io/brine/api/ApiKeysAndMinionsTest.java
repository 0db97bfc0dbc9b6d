package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.crypto.Fingerprint;
import io.brine.protocol.crypto.KeyFiles;
import io.brine.protocol.crypto.StaticKeyPair;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** {@code GET /minions}, {@code GET /minions/ID}, {@code POST /keys} (pre-seed) and {@code POST /keys/generate}. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ApiKeysAndMinionsTest {
    ApiFixture cluster;
    String token;

    @BeforeAll
    void startAMasterWithItsApiAndOneAcceptedMinion(@TempDir Path root) throws Exception {
        cluster = ApiFixture.start(root);
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
    void minionsAreListedUpOrDownWithWhenLastSeenAndTheirGrains() throws Exception {
        ApiFixture.await(() -> !cluster.master.keys().grains("web1").isEmpty(), "web1's grains");
        Map<String, Object> doc = json(get("/minions"));
        assertEquals(List.of("up", "down", "minions"), List.copyOf(doc.keySet()));
        assertTrue(((List<?>) doc.get("up")).contains("web1"), doc.toString());
        Map<?, ?> web1 = (Map<?, ?>) ((Map<?, ?>) doc.get("minions")).get("web1");
        assertEquals(true, web1.get("up"));
        java.time.Instant.parse((String) web1.get("last_seen"));
        assertEquals("zmq", web1.get("transport"));
        assertEquals("web1", ((Map<?, ?>) web1.get("grains")).get("id"));

        Map<String, Object> one = json(get("/minions/web1"));
        assertEquals(List.of("id", "up", "last_seen", "transport", "version", "grains"), List.copyOf(one.keySet()));
        assertEquals("web1", one.get("id"));
        assertEquals(true, one.get("up"));
        assertEquals("zmq", one.get("transport"));
        assertEquals(io.brine.protocol.BrineVersion.CURRENT, one.get("version"), "as its brineversion grain says");
    }

    @Test
    void anUnknownMinionIsNotFound() throws Exception {
        HttpResponse<String> r = get("/minions/ghost");
        assertEquals(404, r.statusCode());
        assertTrue(json(r).get("error").toString().contains("ghost"), r.body());
        assertEquals(404, get("/minions/-bad").statusCode());
        cluster.addMinion("pending1"); // a pending key is no accepted minion
        assertEquals(404, get("/minions/pending1").statusCode());
        assertFalse(((Map<?, ?>) json(get("/minions")).get("minions")).containsKey("pending1"));
    }

    @Test
    void aPreseededKeysMinionIsAcceptedOnFirstContact() throws Exception {
        // the orchestrator made the pair where the guest's image is built: the minion's own key file
        StaticKeyPair pair = KeyFiles.loadOrCreate(cluster.minionPki("vm1").resolve("minion.pem"));
        String pem = KeyFiles.publicKeyPem(pair.publicKey());
        HttpResponse<String> r = post("/keys", Map.of("id", "vm1", "pub", pem));
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(Map.of("accepted", List.of("vm1"), "fingerprint", Fingerprint.of(pair.publicKey())), json(r));
        assertTrue(cluster.master.keys().list().accepted().contains("vm1"));

        Minion vm1 = cluster.startMinion("vm1");
        ApiFixture.await(() -> vm1.status() == KeyStatus.ACCEPTED, "vm1 accepted");
        assertFalse(cluster.master.keys().list().pending().contains("vm1"));
        Map<String, Object> job = json(cluster.send("POST", "/jobs", token,
                "{\"target\": \"vm1\", \"fun\": \"test.ping\"}"));
        assertEquals(Map.of(), job.get("missing"));
        // the same key again is fine; another one is refused while this one is accepted
        assertEquals(200, post("/keys", Map.of("id", "vm1", "pub", pem)).statusCode());
        assertEquals(409, post("/keys", Map.of("id", "vm1", "pub",
                KeyFiles.publicKeyPem(StaticKeyPair.generate().publicKey()))).statusCode());
    }

    @Test
    void aGeneratedKeyIsAcceptedAndItsPrivateHalfOnlyInTheAnswer() throws Exception {
        HttpResponse<String> r = post("/keys/generate", Map.of("id", "vm2"));
        assertEquals(201, r.statusCode(), r.body());
        assertEquals("no-store", r.headers().firstValue("cache-control").orElse(""));
        Map<String, Object> doc = json(r);
        assertEquals(List.of("id", "fingerprint", "pub", "priv", "master_finger"), List.copyOf(doc.keySet()));
        assertEquals(cluster.master.fingerprint(), doc.get("master_finger"));
        String priv = (String) doc.get("priv");
        assertTrue(priv.startsWith("-----BEGIN PRIVATE KEY-----"), priv);
        assertEquals(doc.get("fingerprint"), cluster.master.keys().fingerprint("vm2").orElseThrow());
        String secret = priv.lines().filter(l -> !l.startsWith("-----")).findFirst().orElseThrow();
        try (Stream<Path> files = Files.walk(cluster.root.resolve("master"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertFalse(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(secret),
                        "the private key was stored in " + f);
            }
        }

        Files.createDirectories(cluster.minionPki("vm2"), java.nio.file.attribute.PosixFilePermissions
                .asFileAttribute(java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
        Files.writeString(cluster.minionPki("vm2").resolve("minion.pem"), priv);
        Files.setPosixFilePermissions(cluster.minionPki("vm2").resolve("minion.pem"),
                java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Minion vm2 = cluster.startMinion("vm2");
        ApiFixture.await(() -> vm2.status() == KeyStatus.ACCEPTED, "vm2 accepted");
        assertFalse(cluster.master.keys().list().pending().contains("vm2"));

        HttpResponse<String> again = post("/keys/generate", Map.of("id", "vm2"));
        assertEquals(409, again.statusCode(), again.body());
        assertTrue(json(again).get("error").toString().contains("already accepted"), again.body());
    }

    @Test
    void malformedKeyRequestsAre400() throws Exception {
        assertEquals(400, post("/keys", Map.of("id", "vm3", "pub", "not a key")).statusCode());
        assertEquals(400, post("/keys", Map.of("id", "-bad", "pub", "x")).statusCode());
        assertEquals(400, post("/keys", Map.of("id", "vm3")).statusCode());
        assertEquals(400, post("/keys/generate", Map.of("id", "vm3", "priv", "x")).statusCode());
        assertFalse(cluster.master.keys().list().accepted().contains("vm3"));
    }

    private HttpResponse<String> get(String path) throws Exception {
        return cluster.send("GET", path, token, null);
    }

    private HttpResponse<String> post(String path, Map<String, Object> body) throws Exception {
        return cluster.send("POST", path, token, ApiExchange.JSON.writeValueAsString(body));
    }

    private static Map<String, Object> json(HttpResponse<String> r) throws Exception {
        return ApiFixture.json(r);
    }
}
