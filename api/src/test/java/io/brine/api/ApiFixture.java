package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.type.TypeReference;
import io.brine.http.ConnectionLimits;
import io.brine.master.Master;
import io.brine.master.MasterConfig;
import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import io.brine.protocol.KeyStatus;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * A real master with its API on 127.0.0.1, real minions talking to it over real sockets, and a real HTTP
 * client: what an orchestrator outside the JVM would see.
 */
final class ApiFixture implements AutoCloseable {
    final Path root;
    final Master master;
    final ApiServer api;
    final TokenStore tokens;
    final HttpClient http;
    final List<Minion> minions = new ArrayList<>();

    private ApiFixture(Path root, Master master, ApiServer api, HttpClient http) {
        this.root = root;
        this.master = master;
        this.api = api;
        this.tokens = TokenStore.forMaster(master.config());
        this.http = http;
    }

    /** The tokens the API tests use may do everything: what they test is the API, not the ACL. */
    static final String FULL_ACCESS = "publisher_acl:\n" + java.util.stream.Stream.of("ci", "heat", "streamer",
            "short-lived", "revoked", "expired", "ok", "a", "b")
            .map(n -> "  token:" + n + ": ['*', '@keys', '@events', '@jobs', '@tokens', '@hooks']\n")
            .collect(java.util.stream.Collectors.joining());

    static ApiFixture start(Path root) throws Exception {
        return start(root, "api: {interface: 127.0.0.1, port: 0}\n", HttpClient.newHttpClient(), Duration.ofSeconds(15));
    }

    static ApiFixture start(Path root, String apiYaml, HttpClient http, Duration keepAlive) throws Exception {
        return start(root, apiYaml, http, keepAlive, ApiListener.LIMITS);
    }

    static ApiFixture start(Path root, String apiYaml, HttpClient http, Duration keepAlive, ConnectionLimits limits)
            throws Exception {
        return start(root, apiYaml, http, keepAlive, limits, ApiListener.IDLE);
    }

    static ApiFixture start(Path root, String apiYaml, HttpClient http, Duration keepAlive, ConnectionLimits limits,
            Duration idle) throws Exception {
        Path yaml = Files.writeString(root.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: " + freePort() + "\npki_dir: "
                + root.resolve("master/pki") + "\ncachedir: " + root.resolve("master/cache") + "\ntimeout: 10\n" + apiYaml
                + (apiYaml.contains("publisher_acl") ? "" : FULL_ACCESS));
        Master master = Master.start(MasterConfig.load(yaml));
        try {
            ApiServer api = ApiServer.start(master, master.config().api(), TokenStore.forMaster(master.config()), keepAlive,
                    limits, idle);
            return new ApiFixture(root, master, api, http);
        } catch (IOException | RuntimeException e) {
            master.close();
            throw e;
        }
    }

    /** A port nobody listens on now (a configuration file cannot say 0), this test JVM's own (TestPorts). */
    static int freePort() throws IOException {
        return io.brine.master.TestPorts.free();
    }

    /** Where {@link #startMinion} keeps {@code id}'s keys: put a {@code minion.pem} there to start it with that key. */
    Path minionPki(String id) {
        return root.resolve("minions").resolve(id).resolve("pki");
    }

    /** Starts a minion, with the key in {@link #minionPki} if there is one, and waits for nothing. */
    Minion startMinion(String id) throws Exception {
        Minion m = Minion.start(MinionConfig.underDirectory(root.resolve("minions").resolve(id), id, master.port())
                .withHeartbeat(Duration.ofSeconds(1)));
        minions.add(m);
        return m;
    }

    /** Starts a minion and leaves its key pending, as a freshly booted machine's would be. */
    Minion addMinion(String id) throws Exception {
        Minion m = Minion.start(MinionConfig.underDirectory(root.resolve("minions").resolve(id), id, master.port())
                .withHeartbeat(Duration.ofSeconds(1)));
        minions.add(m);
        await(() -> master.keys().list().pending().contains(id), "a pending key for " + id);
        return m;
    }

    Minion addAcceptedMinion(String id) throws Exception {
        return addAcceptedMinion(id, Map.of());
    }

    /** As above, with custom {@code grains} merged over the collected ones. */
    Minion addAcceptedMinion(String id, Map<String, Object> grains) throws Exception {
        Minion m = Minion.start(MinionConfig.underDirectory(root.resolve("minions").resolve(id), id, master.port())
                .withHeartbeat(Duration.ofSeconds(1)).withGrains(grains));
        minions.add(m);
        await(() -> master.keys().list().pending().contains(id), "a pending key for " + id);
        master.keys().accept(id);
        await(() -> m.status() == KeyStatus.ACCEPTED, id + " accepted");
        return m;
    }

    HttpResponse<String> send(String method, String path, String token, String body) throws Exception {
        return send(method, path, token, body, Duration.ofSeconds(30));
    }

    HttpResponse<String> send(String method, String path, String token, String body, Duration timeout) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(api.address() + path)).timeout(timeout)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static Map<String, Object> json(HttpResponse<String> response) throws IOException {
        return ApiExchange.JSON.readValue(response.body(), new TypeReference<>() { });
    }

    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(true, condition.getAsBoolean(), "waited in vain for " + what);
    }

    @Override
    public void close() {
        api.close();
        minions.forEach(Minion::close);
        master.close();
    }
}
