package io.brine.console;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One request to the console and its answer: the path below {@code /ui}, the query, a bounded form body, cookies;
 * HTML answers carry the headers that keep a page from being framed, sniffed or made to run another site's script.
 */
final class Exchange {
    /** The largest form read; a larger one is refused before it is parsed. */
    static final int MAX_FORM_BYTES = 64 * 1024;
    /**
     * Scripts only from the console itself (htmx and uPlot are served from their webjars here), no inline script or
     * handler, no framing, forms posting only back here.
     */
    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'";

    private final HttpExchange exchange;
    private final List<String> segments;
    private Map<String, String> form;
    private boolean bodyRead;
    private int status;

    Exchange(HttpExchange exchange) {
        this.exchange = exchange;
        List<String> parts = new ArrayList<>();
        String path = exchange.getRequestURI().getPath();
        for (String s : path.substring(Math.min(path.length(), io.brine.api.WebConsole.PATH.length())).split("/")) {
            if (!s.isEmpty()) {
                parts.add(s);
            }
        }
        this.segments = List.copyOf(parts);
    }

    String method() {
        return exchange.getRequestMethod().toUpperCase(java.util.Locale.ROOT);
    }

    /** The path's segments below {@code /ui}, decoded. */
    List<String> segments() {
        return segments;
    }

    String path() {
        return exchange.getRequestURI().getPath();
    }

    Optional<String> header(String name) {
        return Optional.ofNullable(exchange.getRequestHeaders().getFirst(name));
    }

    /** Whether htmx asked (it then wants a fragment, not a whole page). */
    boolean fromHtmx() {
        return header("HX-Request").isPresent();
    }

    String remote() {
        return String.valueOf(exchange.getRemoteAddress());
    }

    /** A query parameter, decoded; empty string when absent. */
    String query(String name) {
        return decodePairs(exchange.getRequestURI().getRawQuery()).getOrDefault(name, "");
    }

    /** A field of the form posted (application/x-www-form-urlencoded); empty string when absent. */
    String field(String name) throws IOException {
        return form().getOrDefault(name, "");
    }

    Map<String, String> form() throws IOException {
        if (form == null) {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readNBytes(MAX_FORM_BYTES + 1);
            }
            if (body.length > MAX_FORM_BYTES) {
                throw new ConsoleException(413, "The form is larger than " + MAX_FORM_BYTES + " bytes.");
            }
            bodyRead = true;
            form = decodePairs(new String(body, StandardCharsets.UTF_8));
        }
        return form;
    }

    /** A cookie sent with the request, by name. */
    Optional<String> cookie(String name) {
        for (String header : exchange.getRequestHeaders().getOrDefault("Cookie", List.of())) {
            for (String pair : header.split(";")) {
                int eq = pair.indexOf('=');
                if (eq > 0 && pair.substring(0, eq).trim().equals(name)) {
                    return Optional.of(pair.substring(eq + 1).trim());
                }
            }
        }
        return Optional.empty();
    }

    void setHeader(String name, String value) {
        exchange.getResponseHeaders().set(name, value);
    }

    void addHeader(String name, String value) {
        exchange.getResponseHeaders().add(name, value);
    }

    void html(int status, String page) throws IOException {
        send(status, "text/html; charset=utf-8", page.getBytes(StandardCharsets.UTF_8));
    }

    void send(int status, String contentType, byte[] body) throws IOException {
        protect();
        setHeader("Content-Type", contentType);
        if (!exchange.getResponseHeaders().containsKey("Cache-Control")) {
            setHeader("Cache-Control", "no-store");
        }
        closeIfUnread();
        this.status = status;
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /** 303 to {@code location} (a path of the console's own). */
    void redirect(String location) throws IOException {
        setHeader("Location", location);
        send(303, "text/plain; charset=utf-8", new byte[0]);
    }

    /** Starts a stream of server-sent events and returns its body. */
    OutputStream startEvents() throws IOException {
        protect();
        setHeader("Content-Type", "text/event-stream; charset=utf-8");
        setHeader("Cache-Control", "no-store");
        status = 200;
        exchange.sendResponseHeaders(200, 0);
        return exchange.getResponseBody();
    }

    int status() {
        return status;
    }

    private void protect() {
        setHeader("Content-Security-Policy", CSP);
        setHeader("X-Content-Type-Options", "nosniff");
        setHeader("Referrer-Policy", "no-referrer");
        setHeader("X-Frame-Options", "DENY");
    }

    /** An answer given before the body was read closes the connection: the unread bytes would stand in the way. */
    private void closeIfUnread() {
        boolean hasBody = header("Content-Length").map(v -> !v.trim().equals("0")).orElse(false)
                || header("Transfer-Encoding").isPresent();
        if (hasBody && !bodyRead) {
            setHeader("Connection", "close");
        }
    }

    private static Map<String, String> decodePairs(String raw) {
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            try {
                String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                out.putIfAbsent(key, value);
            } catch (IllegalArgumentException e) {
                throw new ConsoleException(400, "The request has a malformed parameter.");
            }
        }
        return out;
    }
}
