package io.brine.modules.http;

import io.brine.functions.FunctionException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One request of an {@code http.query}, and the request a redirect turns it into. */
record HttpHop(URI uri, String method, Map<String, Object> headers, String body) {
    private static final Pattern CHARSET = Pattern.compile("(?i)charset=\"?([A-Za-z0-9._:-]+)");

    HttpHop {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(method, "method");
        headers = headers == null ? Map.of() : headers;
    }

    static int port(URI uri) {
        return uri.getPort() >= 0 ? uri.getPort() : uri.getScheme().equalsIgnoreCase("https") ? 443 : 80;
    }

    HttpRequest request(Instant end) throws FunctionException {
        Duration left = Duration.between(Instant.now(), end);
        HttpRequest.Builder b = HttpRequest.newBuilder(uri)
                .timeout(left.isNegative() || left.isZero() ? Duration.ofMillis(1) : left)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        for (Map.Entry<String, Object> h : headers.entrySet()) {
            try {
                b.header(h.getKey(), String.valueOf(h.getValue()));
            } catch (IllegalArgumentException e) {
                throw new FunctionException("http.query: header '" + h.getKey() + "' cannot be set: " + e.getMessage());
            }
        }
        return b.build();
    }

    /** The next hop if {@code response} redirects, as browsers do: 303 (and 301/302 after a POST) become GET. */
    Optional<HttpHop> redirectedBy(HttpResponse<?> response) throws FunctionException {
        int status = response.statusCode();
        Optional<String> location = response.headers().firstValue("location");
        if (!isRedirect(status) || location.isEmpty()) {
            return Optional.empty();
        }
        URI next;
        try {
            next = uri.resolve(location.get());
        } catch (IllegalArgumentException e) {
            throw new FunctionException("http.query: " + uri + " redirects to an invalid location '" + location.get() + "'");
        }
        String scheme = next.getScheme() == null ? "" : next.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || next.getHost() == null) {
            throw new FunctionException("http.query: " + uri + " redirects to '" + next + "', which is not an http(s) URL");
        }
        boolean toGet = status == 303 || (status <= 302 && !method.equals("GET") && !method.equals("HEAD"));
        // Credentials in headers are meant for the first destination only, as browsers treat them.
        boolean sameOrigin = scheme.equalsIgnoreCase(uri.getScheme()) && next.getHost().equalsIgnoreCase(uri.getHost())
                && port(next) == port(uri);
        return Optional.of(new HttpHop(next, toGet ? "GET" : method, sameOrigin ? headers : Map.of(),
                toGet ? null : body));
    }

    static Charset charset(HttpResponse<?> response) {
        Matcher m = CHARSET.matcher(response.headers().firstValue("content-type").orElse(""));
        try {
            return m.find() ? Charset.forName(m.group(1)) : StandardCharsets.UTF_8;
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
    }

    private static boolean isRedirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
    }
}
