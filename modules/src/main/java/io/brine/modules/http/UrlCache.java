package io.brine.modules.http;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import io.brine.modules.SourceDigest;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Salt's {@code cp.cache_file} for web sources: downloads an {@code http(s)://} URL into the minion's cache
 * ({@code CACHEDIR/extrn_files/base/HOST/PATH}, Salt's layout) and returns the local path. It is how a state's
 * {@code source: https://...} ({@code archive.extracted}, {@code file.managed}) reaches the web, so the guest's
 * rules for HTTP from the guest hold for it: every hop (redirects too) must be in the minion's {@code http_allow},
 * and a guest that refuses {@code cp.cache_file} refuses web sources altogether. The body streams to disk, at
 * most {@link #MAX_BYTES}; with {@code source_hash}, a cached copy that matches is used without downloading, and a
 * download that does not match is refused and removed.
 */
public final class UrlCache implements ExecutionFunction {
    /** The largest download: a release archive, not a disk image. */
    public static final long MAX_BYTES = 4L << 30;
    private static final int MAX_REDIRECTS = 5;

    @Override
    public String name() {
        return "cp.cache_file";
    }

    @Override
    public String doc() {
        return "Downloads an http(s) URL allowed by the minion's http_allow into its cache and returns the local "
                + "path; with source_hash, a matching cached copy is used as it is and a download must match.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("path", Param.Type.STRING, "the http:// or https:// URL"),
                Param.optional("saltenv", Param.Type.STRING, "base", "accepted for Salt; web files have none"),
                Param.optional("source_hash", Param.Type.STRING, null, "TYPE=HEX or a bare hex digest the file "
                        + "must have"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        URI url = url(args.string("path"));
        Optional<SourceDigest> expected = args.optString("source_hash").flatMap(SourceDigest::parse);
        if (args.optString("source_hash").isPresent() && expected.isEmpty()) {
            throw new FunctionException("cp.cache_file: source_hash must be TYPE=HEX or a bare hex digest, got '"
                    + args.string("source_hash") + "'");
        }
        Path target = cached(context.cacheDir(), url);
        if (expected.isPresent() && Files.isRegularFile(target) && expected.get().mismatch(target).isEmpty()) {
            return target.toString();
        }
        HttpAllowList allowed = HttpAllowList.parse(context.minion().httpAllow());
        Files.createDirectories(target.getParent());
        Path part = Files.createTempFile(target.getParent(), ".download-", ".part");
        try {
            download(url, allowed, context.deadline(), part);
            if (expected.isPresent()) {
                Optional<String> actual = expected.get().mismatch(part);
                if (actual.isPresent()) {
                    throw new FunctionException("cp.cache_file: " + url + " has " + expected.get().type() + " "
                            + actual.get() + ", not the source_hash " + expected.get().hex());
                }
            }
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return target.toString();
        } finally {
            Files.deleteIfExists(part);
        }
    }

    private static void download(URI url, HttpAllowList allowed, Instant end, Path into) throws FunctionException,
            IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
                .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(30)).build();
        HttpHop hop = new HttpHop(url, "GET", Map.of(), null);
        for (int n = 0; ; n++) {
            allowed.require("cp.cache_file", hop.uri(), n);
            HttpResponse<InputStream> response;
            try {
                response = client.send(hop.request(end), HttpResponse.BodyHandlers.ofInputStream());
            } catch (IOException e) {
                throw new FunctionException("cp.cache_file: GET " + hop.uri() + " failed: " + e.getMessage());
            }
            try (InputStream body = response.body()) {
                Optional<HttpHop> next = hop.redirectedBy(response);
                if (next.isPresent()) {
                    if (n == MAX_REDIRECTS) {
                        throw new FunctionException("cp.cache_file: more than " + MAX_REDIRECTS + " redirects from "
                                + url);
                    }
                    hop = next.get();
                    continue;
                }
                if (response.statusCode() != 200) {
                    throw new FunctionException("cp.cache_file: GET " + hop.uri() + " answered "
                            + response.statusCode());
                }
                copy(body, into, hop.uri());
                return;
            }
        }
    }

    private static void copy(InputStream body, Path into, URI from) throws IOException, FunctionException {
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        try (OutputStream out = Files.newOutputStream(into)) {
            for (int n; (n = body.read(buffer)) > 0; ) {
                total += n;
                if (total > MAX_BYTES) {
                    throw new FunctionException("cp.cache_file: " + from + " is larger than " + (MAX_BYTES >> 30)
                            + " GiB; not read further");
                }
                out.write(buffer, 0, n);
            }
        }
    }

    private static URI url(String text) throws FunctionException {
        try {
            URI uri = new URI(text);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
                throw new FunctionException("cp.cache_file: '" + text + "' is not an http:// or https:// URL");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new FunctionException("cp.cache_file: invalid url '" + text + "': " + e.getReason());
        }
    }

    /**
     * Where a URL is cached: its host, then its path's segments (none of them {@code ..}); a query, which two URLs
     * of one path may differ by, adds a digest of itself to the name.
     */
    static Path cached(Path cacheDir, URI url) throws FunctionException {
        Path dir = cacheDir.resolve("extrn_files").resolve("base").resolve(url.getHost().toLowerCase(Locale.ROOT)
                + (url.getPort() >= 0 ? "_" + url.getPort() : ""));
        Path at = dir;
        String path = url.getPath() == null || url.getPath().isEmpty() || url.getPath().endsWith("/")
                ? (url.getPath() == null ? "" : url.getPath()) + "index.html" : url.getPath();
        for (String segment : path.split("/")) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                throw new FunctionException("cp.cache_file: '" + url + "' has a '..' segment");
            }
            at = at.resolve(segment);
        }
        if (url.getRawQuery() != null) {
            at = at.resolveSibling(at.getFileName() + "_" + digest(url.getRawQuery()).substring(0, 16));
        }
        if (!at.normalize().startsWith(dir)) {
            throw new FunctionException("cp.cache_file: '" + url + "' leaves the cache");
        }
        return at;
    }

    private static String digest(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
