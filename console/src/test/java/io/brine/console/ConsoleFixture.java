package io.brine.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.api.ApiServer;
import io.brine.api.TokenStore;
import io.brine.master.Master;
import io.brine.master.MasterConfig;
import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import io.brine.protocol.KeyStatus;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A real master with its API and console on 127.0.0.1, real minions over real sockets, and a browser-like HTTP
 * client of the test's own (cookies kept by hand, redirects not followed, so each answer is seen as it is).
 */
final class ConsoleFixture implements AutoCloseable {
    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");

    final Path root;
    final Master master;
    final ApiServer api;
    final TokenStore tokens;
    final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    final List<Minion> minions = new ArrayList<>();

    private ConsoleFixture(Path root, Master master, ApiServer api) {
        this.root = root;
        this.master = master;
        this.api = api;
        this.tokens = TokenStore.forMaster(master.config());
    }

    static ConsoleFixture start(Path root, String masterYaml) throws Exception {
        Path yaml = Files.writeString(root.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: " + freePort()
                + "\npki_dir: " + root.resolve("master/pki") + "\ncachedir: " + root.resolve("master/cache")
                + "\ntimeout: 10\napi: {interface: 127.0.0.1, port: 0}\n" + masterYaml);
        Master master = Master.start(MasterConfig.load(yaml));
        try {
            return new ConsoleFixture(root, master, ApiServer.start(master));
        } catch (IOException | RuntimeException e) {
            master.close();
            throw e;
        }
    }

    static int freePort() throws IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    Minion addAcceptedMinion(String id, Map<String, Object> grains) throws Exception {
        Minion m = addPendingMinion(id, grains);
        master.keys().accept(id);
        await(() -> m.status() == KeyStatus.ACCEPTED, id + " accepted");
        await(() -> !master.client().functions(id).isEmpty(), id + "'s functions reported");
        return m;
    }

    Minion addPendingMinion(String id, Map<String, Object> grains) throws Exception {
        Minion m = Minion.start(MinionConfig.underDirectory(root.resolve("minions").resolve(id), id, master.port())
                .withHeartbeat(Duration.ofSeconds(1)).withGrains(grains));
        minions.add(m);
        await(() -> master.keys().list().pending().contains(id), "a pending key for " + id);
        return m;
    }

    /** A browser: its cookie jar and the form token of the last page it read. */
    final class Browser {
        String cookie;
        String csrf;

        /** Signs in with {@code token}; asserts the session cookie came back. */
        Browser signIn(String token) throws Exception {
            HttpResponse<String> r = post("/ui/login", Map.of("token", token));
            assertEquals(303, r.statusCode(), r.body());
            String setCookie = r.headers().firstValue("Set-Cookie").orElseThrow();
            cookie = setCookie.substring(0, setCookie.indexOf(';'));
            get("/ui/"); // reads the form token
            return this;
        }

        HttpResponse<String> get(String path) throws Exception {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(api.address() + path)).timeout(Duration.ofSeconds(30));
            if (cookie != null) {
                b.header("Cookie", cookie);
            }
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            Matcher m = CSRF.matcher(r.body());
            if (m.find()) {
                csrf = m.group(1);
            }
            return r;
        }

        /** Posts {@code fields} with this browser's cookie (and no form token unless the fields carry one). */
        HttpResponse<String> post(String path, Map<String, String> fields) throws Exception {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(api.address() + path)).timeout(Duration.ofSeconds(30))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(form(fields)));
            if (cookie != null) {
                b.header("Cookie", cookie);
            }
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        }

        /** As {@link #post}, with the form token the last page carried. */
        HttpResponse<String> submit(String path, Map<String, String> fields) throws Exception {
            Map<String, String> withToken = new LinkedHashMap<>(fields);
            withToken.put("csrf", csrf);
            return post(path, withToken);
        }
    }

    Browser browser() {
        return new Browser();
    }

    HttpResponse<String> getWithBearer(String path, String token) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(api.address() + path)).header("Authorization", "Bearer " + token)
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** How many jobs {@code caller} has published. */
    long jobsBy(String caller) {
        return master.client().jobs(200).stream().filter(j -> j.caller().equals(caller)).count();
    }

    static String form(Map<String, String> fields) {
        return fields.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
    }

    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(condition.getAsBoolean(), "waited in vain for " + what);
    }

    @Override
    public void close() {
        api.close();
        minions.forEach(Minion::close);
        master.close();
        tokens.close();
    }
}
