package io.brine.modules.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.brine.functions.Arguments;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionPolicy;
import io.brine.functions.FunctionResult;
import io.brine.functions.MasterLink;
import io.brine.functions.ProcessRunner;
import io.brine.modules.Calls;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Web sources of file.managed and archive.extracted, as Salt's formulas give them (release archives with a
 * sha256), fetched through cp.cache_file from a real HTTP server on 127.0.0.1: only from http_allow destinations,
 * redirects checked hop by hop, never without a hash unless skip_verify, and not at all where the guest's policy
 * refuses cp.cache_file.
 */
class WebSourcesTest {
    @TempDir
    Path dir;
    HttpServer server;
    String base;
    final AtomicInteger downloads = new AtomicInteger();
    final byte[] conf = "listen 8080\n".getBytes(StandardCharsets.UTF_8);
    byte[] archive;

    @BeforeEach
    void serve() throws Exception {
        Path tree = Files.createDirectories(dir.resolve("src/app-1.0/bin"));
        Files.writeString(tree.resolve("run"), "#!/bin/sh\n");
        Path tgz = dir.resolve("app.tgz");
        Process tar = new ProcessBuilder("tar", "-czf", tgz.toString(), "-C", dir.resolve("src").toString(),
                "app-1.0").redirectErrorStream(true).start();
        assertEquals(0, tar.waitFor());
        archive = Files.readAllBytes(tgz);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            byte[] body = switch (path) {
                case "/conf" -> conf;
                case "/app.tgz" -> archive;
                case "/SHA256SUMS" -> (sha256(conf) + "  conf\n").getBytes(StandardCharsets.UTF_8);
                default -> null;
            };
            if (path.equals("/moved")) {
                exchange.getResponseHeaders().add("Location", "/conf");
                exchange.sendResponseHeaders(302, -1);
            } else if (body == null) {
                exchange.sendResponseHeaders(404, -1);
            } else {
                downloads.incrementAndGet();
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            }
            exchange.close();
        });
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** One state through state.single, as a job on a minion with these http_allow patterns and this policy. */
    private Map<?, ?> state(String function, Map<String, Object> kwargs, List<String> httpAllow, FunctionPolicy policy,
            boolean test) throws Exception {
        Instant deadline = Instant.now().plusSeconds(60);
        try (ProcessRunner runner = new ProcessRunner(System.getLogger("test"))) {
            FunctionContext context = new FunctionContext("minion1", "20240101000000000003", Map.of("os_family",
                    "Debian"), MasterLink.NONE, deadline, Calls.REGISTRY, Files.createDirectories(dir.resolve("cache")),
                    new Calls.Allowing(httpAllow, List.of(dir), io.brine.functions.FileProbes.CONFINED), policy,
                    runner.until(deadline));
            var f = Calls.REGISTRY.find("state.single").orElseThrow();
            Map<String, Object> all = new LinkedHashMap<>(kwargs);
            if (test) {
                all.put("test", true);
            }
            FunctionResult r = (FunctionResult) f.call(context, Arguments.bind("state.single", f.params(),
                    List.of(function), all, true));
            return (Map<?, ?>) ((Map<?, ?>) r.ret()).values().iterator().next();
        }
    }

    private Map<?, ?> state(String function, Map<String, Object> kwargs) throws Exception {
        return state(function, kwargs, List.of("127.0.0.1:" + server.getAddress().getPort()),
                FunctionPolicy.ALLOW_ALL, false);
    }

    @Test
    void aFileFromTheWebThroughARedirectWithItsHashAndACachedCopyUsedAgain() throws Exception {
        Path target = dir.resolve("etc/app.conf");
        Map<String, Object> args = Map.of("name", target.toString(), "source", base + "/moved", "source_hash",
                "sha256=" + sha256(conf), "makedirs", true);
        Map<?, ?> made = state("file.managed", args);
        assertEquals(true, made.get("result"), made::toString);
        assertEquals("listen 8080\n", Files.readString(target));
        assertEquals(1, downloads.get());
        Map<?, ?> again = state("file.managed", args);
        assertEquals(true, again.get("result"), again::toString);
        assertEquals(Map.of(), again.get("changes"));
        assertEquals(1, downloads.get(), "the cached copy matches its hash: not downloaded again");

        Map<?, ?> fromHashFile = state("file.managed", Map.of("name", dir.resolve("etc/b.conf").toString(),
                "source", base + "/conf", "source_hash", base + "/SHA256SUMS", "makedirs", true));
        assertEquals(true, fromHashFile.get("result"), fromHashFile::toString);
    }

    @Test
    void noHashWrongHashAndADestinationOutsideHttpAllowAreRefused() throws Exception {
        Path target = dir.resolve("etc/app.conf");
        Map<?, ?> unverified = state("file.managed", Map.of("name", target.toString(), "source", base + "/conf"));
        assertEquals(false, unverified.get("result"));
        assertEquals("Unable to verify upstream hash of source file " + base + "/conf, please set source_hash or "
                + "set skip_verify to True", unverified.get("comment"));
        Map<?, ?> wrong = state("file.managed", Map.of("name", target.toString(), "source", base + "/conf",
                "source_hash", "sha256=" + "0".repeat(64)));
        assertEquals(false, wrong.get("result"));
        assertTrue(String.valueOf(wrong.get("comment")).contains("not the source_hash"), wrong::toString);
        assertEquals(1, downloads.get(), "no hash: nothing fetched; a wrong one: fetched once, then refused");
        Map<?, ?> elsewhere = state("file.managed", Map.of("name", target.toString(), "source", base + "/conf",
                "skip_verify", true), List.of("127.0.0.1:1"), FunctionPolicy.ALLOW_ALL, false);
        assertEquals(false, elsewhere.get("result"));
        assertTrue(String.valueOf(elsewhere.get("comment")).contains("not in this minion's http_allow list"),
                elsewhere::toString);
        Map<?, ?> refused = state("archive.extracted", Map.of("name", dir.resolve("opt").toString(), "source",
                base + "/app.tgz", "skip_verify", true), List.of("127.0.0.1:" + server.getAddress().getPort()),
                new FunctionPolicy(List.of("*"), List.of("cp.cache_file"), null), false);
        assertEquals(false, refused.get("result"));
        assertTrue(String.valueOf(refused.get("comment")).contains("cp.cache_file"), refused::toString);
        assertFalse(Files.exists(target));
        assertEquals(1, downloads.get(), "outside http_allow or refused by the policy: nothing fetched");
    }

    @Test
    void aReleaseArchiveIsPlannedWithoutDownloadingThenExtracted() throws Exception {
        Path opt = dir.resolve("opt");
        Map<String, Object> args = Map.of("name", opt.toString(), "source", base + "/app.tgz", "source_hash",
                sha256(archive));
        Map<?, ?> planned = state("archive.extracted", args, List.of("127.0.0.1:" + server.getAddress().getPort()),
                FunctionPolicy.ALLOW_ALL, true);
        assertNull(planned.get("result"), planned::toString);
        assertEquals("Archive " + base + "/app.tgz would be cached (if necessary) and checked to discover if "
                + "extraction is needed", planned.get("comment"));
        assertEquals(0, downloads.get());
        Map<?, ?> extracted = state("archive.extracted", args);
        assertEquals(true, extracted.get("result"), extracted::toString);
        assertTrue(Files.isRegularFile(opt.resolve("app-1.0/bin/run")));
    }
}
