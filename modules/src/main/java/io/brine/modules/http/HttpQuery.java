package io.brine.modules.http;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.Param;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code http.query}: one HTTP request to an allowed destination, returning {@code status}, {@code headers}
 * and {@code body}. A destination outside {@code http_allow} is refused before any connection is made, and
 * so is every redirect that leaves it. Any status counts as a successful call: the caller judges the status.
 */
final class HttpQuery implements ExecutionFunction {
    static final int MAX_BODY_BYTES = 16 * 1024 * 1024;
    private static final int MAX_REDIRECTS = 5;
    private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

    private final int maxBodyBytes;
    private HttpClient client;

    HttpQuery(int maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public String name() {
        return "http.query";
    }

    @Override
    public String doc() {
        return "Sends one HTTP request to a destination allowed by the minion's http_allow list and returns "
                + "status, headers and body.";
    }

    @Override
    public List<Param> params() {
        return List.of(Param.required("url", Param.Type.STRING, "http:// or https:// URL"),
                Param.optional("method", Param.Type.STRING, "GET", "the HTTP method")
                        .oneOfIgnoringCase("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"),
                Param.optional("headers", Param.Type.MAP, Map.of(), "request headers, name to value"),
                Param.optional("body", Param.Type.STRING, null, "request body, sent as UTF-8"),
                Param.optional("timeout", Param.Type.NUMBER, 10.0, "seconds for the whole exchange"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        HttpAllowList allowed = allowList(context);
        HttpHop current = new HttpHop(destination(args.string("url")), method(args.string("method")),
                args.map("headers"), args.string("body"));
        Instant end = Instant.now().plus(timeout(args.number("timeout"), context.deadline()));
        for (int hop = 0; ; hop++) {
            allowed.require("http.query", current.uri(), hop);
            HttpResponse<byte[]> response = send(current.request(end), end);
            Optional<HttpHop> next = current.redirectedBy(response);
            if (next.isEmpty()) {
                return result(response);
            }
            if (hop == MAX_REDIRECTS) {
                throw new FunctionException("http.query: more than " + MAX_REDIRECTS + " redirects from " + args.string("url"));
            }
            current = next.get();
        }
    }

    /** The minion configuration's {@code http_allow} list. */
    static HttpAllowList allowList(FunctionContext context) throws FunctionException {
        return HttpAllowList.parse(context.minion().httpAllow());
    }

    private HttpResponse<byte[]> send(HttpRequest request, Instant end) throws FunctionException {
        CompletableFuture<HttpResponse<byte[]>> pending = client().sendAsync(request,
                info -> new BoundedBody(maxBodyBytes));
        String what = request.method() + " " + request.uri();
        try {
            return pending.get(Math.max(0, Duration.between(Instant.now(), end).toNanos()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            pending.cancel(true);
            throw new FunctionException("http.query: " + what + " timed out");
        } catch (InterruptedException e) {
            pending.cancel(true);
            Thread.currentThread().interrupt();
            throw new FunctionException("http.query: " + what + " interrupted");
        } catch (ExecutionException e) {
            throw failure(what, e.getCause());
        }
    }

    private static FunctionException failure(String what, Throwable cause) {
        String reason = cause instanceof HttpTimeoutException ? "timed out"
                : cause instanceof ConnectException ? "could not connect"
                : cause instanceof BoundedBody.TooLargeException ? cause.getMessage()
                : cause instanceof IOException ? "failed: " + cause
                : "failed unexpectedly: " + cause;
        return new FunctionException("http.query: " + what + " " + reason);
    }

    private synchronized HttpClient client() {
        if (client == null) {
            // Redirects are followed by hand, so that each hop is checked against the allow list.
            client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
                    .version(HttpClient.Version.HTTP_1_1).build();
        }
        return client;
    }

    private static Map<String, Object> result(HttpResponse<byte[]> response) {
        Map<String, Object> headers = new LinkedHashMap<>();
        new java.util.TreeMap<>(response.headers().map()).forEach((name, values) ->
                headers.put(name.toLowerCase(Locale.ROOT), String.join(", ", values)));
        Map<String, Object> ret = new LinkedHashMap<>();
        ret.put("status", response.statusCode());
        ret.put("headers", headers);
        ret.put("body", new String(response.body(), HttpHop.charset(response)));
        return ret;
    }

    private static URI destination(String url) throws FunctionException {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new FunctionException("http.query: invalid url '" + url + "': " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new FunctionException("http.query: url '" + url + "' must start with http:// or https://");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new FunctionException("http.query: url '" + url + "' has no host");
        }
        return uri;
    }

    private static String method(String method) throws FunctionException {
        String m = method.toUpperCase(Locale.ROOT);
        if (!METHODS.contains(m)) {
            throw new FunctionException("http.query: unsupported method '" + method + "'; use one of "
                    + new java.util.TreeSet<>(METHODS));
        }
        return m;
    }

    private static Duration timeout(Double seconds, Instant deadline) throws FunctionException {
        if (seconds == null || !(seconds > 0) || seconds > 24 * 3600) {
            throw new FunctionException("http.query: timeout must be a number of seconds above 0, got " + seconds);
        }
        Duration asked = Duration.ofNanos((long) (seconds * 1e9));
        Duration left = Duration.between(Instant.now(), deadline);
        if (left.isNegative() || left.isZero()) {
            throw new FunctionException("http.query: the job's deadline has passed");
        }
        return asked.compareTo(left) < 0 ? asked : left;
    }
}
