package io.brine.modules.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.brine.functions.Arguments;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.modules.Calls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HttpQueryTest {
    /** What the local server saw: method, path, one header and the body of each request. */
    record Seen(String method, String path, String header, String body) {
    }

    private HttpServer server;
    private HttpServer other;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final List<Seen> seenByOther = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startServers() throws IOException {
        server = serve(seen);
        other = serve(seenByOther);
    }

    @AfterEach
    void stopServers() {
        server.stop(0);
        other.stop(0);
    }

    @Test
    void anAllowedDestinationAnswersWithStatusHeadersAndBody() throws Exception {
        Map<?, ?> ret = query(allowing("127.0.0.1:" + port(server)), Map.of("url", url(server, "/hello")));
        assertEquals(200, ret.get("status"));
        assertEquals("hello from /hello", ret.get("body"));
        assertEquals("yes", ((Map<?, ?>) ret.get("headers")).get("x-test"));
        assertEquals(List.of(new Seen("GET", "/hello", null, "")), seen);
    }

    @Test
    void aPostCarriesItsBodyAndHeaders() throws Exception {
        Map<?, ?> ret = query(allowing("127.0.0.1:*"), Map.of("url", url(server, "/status"), "method", "post",
                "headers", Map.of("X-Brine", "vm42"), "body", "{\"ready\": true}"));
        assertEquals(200, ret.get("status"));
        assertEquals(List.of(new Seen("POST", "/status", "vm42", "{\"ready\": true}")), seen);
    }

    @Test
    void anErrorStatusIsReturnedForTheCallerToJudge() throws Exception {
        Map<?, ?> ret = query(allowing("127.0.0.1:" + port(server)), Map.of("url", url(server, "/missing")));
        assertEquals(404, ret.get("status"));
    }

    @Test
    void aDestinationNotAllowedIsRefusedBeforeAnyConnection() {
        FunctionException e = assertThrows(FunctionException.class,
                () -> query(allowing("127.0.0.1:" + port(other), "*.internal:443"), Map.of("url", url(server, "/"))));
        assertTrue(e.getMessage().contains("127.0.0.1:" + port(server)) && e.getMessage().contains("http_allow"),
                e.getMessage());
        assertEquals(List.of(), seen);
    }

    /** Issue 11, finding 16, on a real server: the name localhost is judged by the addresses it resolves to. */
    @Test
    void anAddressGlobDoesNotAdmitANameResolvingElsewhere() {
        String url = "http://localhost:" + port(server) + "/";
        FunctionException e = assertThrows(FunctionException.class,
                () -> query(allowing("10.0.0.*:" + port(server)), Map.of("url", url)));
        assertTrue(e.getMessage().contains("no http_allow address pattern matches"), e.getMessage());
        assertEquals(List.of(), seen, "nothing reached the server");
    }

    @Test
    void withoutAnAllowListNothingIsAllowed() {
        FunctionException e = assertThrows(FunctionException.class,
                () -> query(Calls.context(Map.of(), Duration.ofMinutes(1)), Map.of("url", url(server, "/"))));
        assertTrue(e.getMessage().contains("empty"), e.getMessage());
        assertEquals(List.of(), seen);
    }

    @Test
    void aRedirectWithinTheAllowListIsFollowed() throws Exception {
        Map<?, ?> ret = query(allowing("127.0.0.1:*"),
                Map.of("url", url(server, "/redirect?to=" + url(other, "/landed"))));
        assertEquals("hello from /landed", ret.get("body"));
        assertEquals(1, seenByOther.size());
    }

    @Test
    void aRedirectLeavingTheAllowListIsRefusedAndNotFollowed() {
        FunctionException e = assertThrows(FunctionException.class, () -> query(allowing("127.0.0.1:" + port(server)),
                Map.of("url", url(server, "/redirect?to=" + url(other, "/landed")))));
        assertTrue(e.getMessage().contains("redirect to 127.0.0.1:" + port(other)), e.getMessage());
        assertEquals(List.of(), seenByOther);
    }

    @Test
    void theTimeoutIsHonoured() {
        long start = System.nanoTime();
        FunctionException e = assertThrows(FunctionException.class, () -> query(allowing("127.0.0.1:*"),
                Map.of("url", url(server, "/slow"), "timeout", 0.5)));
        assertTrue(e.getMessage().contains("timed out"), e.getMessage());
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(4).toNanos(), "took too long to time out");
    }

    @Test
    void aResponseBeyondTheLimitFailsTheCallSayingSo() {
        HttpQuery small = new HttpQuery(8);
        FunctionException e = assertThrows(FunctionException.class, () -> small.call(allowing("127.0.0.1:*"),
                Arguments.bind("http.query", small.params(), List.of(url(server, "/hello")), Map.of())));
        assertTrue(e.getMessage().contains("exceeds 8 bytes"), e.getMessage());
    }

    @Test
    void aUrlThatIsNotHttpIsRefused() {
        FunctionException e = assertThrows(FunctionException.class,
                () -> query(allowing("*:*"), Map.of("url", "file:///etc/passwd")));
        assertTrue(e.getMessage().contains("http://"), e.getMessage());
    }

    private static Map<?, ?> query(FunctionContext context, Map<String, Object> kwargs) throws Exception {
        return (Map<?, ?>) Calls.call(context, "http.query", List.of(), kwargs);
    }

    private static FunctionContext allowing(String... patterns) {
        return Calls.context(Map.of(), Duration.ofMinutes(1), Calls.Allowing.hosts(patterns));
    }

    private static int port(HttpServer s) {
        return s.getAddress().getPort();
    }

    private static String url(HttpServer s, String path) {
        return "http://127.0.0.1:" + port(s) + path;
    }

    private static HttpServer serve(List<Seen> log) throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        s.setExecutor(Executors.newCachedThreadPool());
        s.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String path = exchange.getRequestURI().getPath();
            log.add(new Seen(exchange.getRequestMethod(), path, exchange.getRequestHeaders().getFirst("X-Brine"), body));
            answer(exchange, path);
        });
        s.start();
        return s;
    }

    private static void answer(HttpExchange exchange, String path) throws IOException {
        try (exchange) {
            if (path.equals("/slow")) {
                sleep(Duration.ofSeconds(5));
            } else if (path.equals("/redirect")) {
                exchange.getResponseHeaders().add("Location", exchange.getRequestURI().getQuery().substring(3));
                exchange.sendResponseHeaders(302, -1);
                return;
            }
            byte[] out = ("hello from " + path).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("X-Test", "yes");
            exchange.sendResponseHeaders(path.equals("/missing") ? 404 : 200, out.length);
            exchange.getResponseBody().write(out);
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
