package io.brine.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** One HTTP exchange seen as the API sees it: a method, path segments, a bounded JSON body, a JSON answer. */
final class ApiExchange {
    static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    /** The largest request body read; larger ones are refused with 413 before they are parsed. */
    static final int MAX_BODY_BYTES = 1024 * 1024;
    /** Whether the request's body was read to its end (see {@link #finishReading}). */
    private boolean bodyRead;

    private final HttpExchange exchange;
    private final List<String> segments;
    /** The status sent, or 0 while none has been. */
    private int status;

    ApiExchange(HttpExchange exchange) {
        this.exchange = exchange;
        List<String> parts = new ArrayList<>();
        for (String s : exchange.getRequestURI().getPath().split("/")) {
            if (!s.isEmpty()) {
                parts.add(s);
            }
        }
        this.segments = List.copyOf(parts);
    }

    String method() {
        return exchange.getRequestMethod();
    }

    List<String> segments() {
        return segments;
    }

    String path() {
        return exchange.getRequestURI().getPath();
    }

    Optional<String> header(String name) {
        return Optional.ofNullable(exchange.getRequestHeaders().getFirst(name));
    }

    /** A query parameter, decoded; the first if repeated. */
    Optional<String> query(String name) {
        String raw = exchange.getRequestURI().getRawQuery();
        if (raw == null) {
            return Optional.empty();
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            if (key.equals(name)) {
                return Optional.of(eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return Optional.empty();
    }

    /** The names of the query's parameters, decoded, in order. */
    List<String> queryNames() {
        String raw = exchange.getRequestURI().getRawQuery();
        List<String> names = new ArrayList<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                if (!pair.isEmpty()) {
                    names.add(URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8));
                }
            }
        }
        return names;
    }

    /** The body as a JSON object, or an empty one when the request has no body at all. */
    Map<String, Object> jsonObjectOrEmpty() throws IOException {
        long declared = header("Content-Length").map(ApiExchange::length).orElse(-1L);
        boolean chunked = header("Transfer-Encoding").isPresent();
        return declared == 0 || (declared < 0 && !chunked) ? Map.of() : jsonObject();
    }

    /** The body as a JSON object; 413 beyond {@link #MAX_BODY_BYTES}, 400 if it is not one JSON object. */
    Map<String, Object> jsonObject() throws IOException {
        long declared = header("Content-Length").map(ApiExchange::length).orElse(-1L);
        if (declared > MAX_BODY_BYTES) {
            throw new ApiException(413, "request body larger than " + MAX_BODY_BYTES + " bytes");
        }
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readNBytes(MAX_BODY_BYTES + 1);
        }
        bodyRead = body.length <= MAX_BODY_BYTES;
        if (body.length > MAX_BODY_BYTES) {
            throw new ApiException(413, "request body larger than " + MAX_BODY_BYTES + " bytes");
        }
        try {
            Object value = JSON.readValue(body, Object.class);
            if (value instanceof Map<?, ?> map) {
                @SuppressWarnings("unchecked")
                Map<String, Object> object = (Map<String, Object>) map;
                return object;
            }
            throw ApiException.badRequest("the request body must be a JSON object");
        } catch (JsonProcessingException e) {
            throw ApiException.badRequest("the request body is not valid JSON: " + e.getOriginalMessage());
        }
    }

    void sendJson(int status, Object document) throws IOException {
        byte[] out = JSON.writeValueAsBytes(document);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        finishReading();
        this.status = status;
        exchange.sendResponseHeaders(status, out.length);
        try (OutputStream body = exchange.getResponseBody()) {
            body.write(out);
        }
    }

    /** A document served as it is, such as the OpenAPI description. */
    void sendBytes(int status, String contentType, byte[] out) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        finishReading();
        this.status = status;
        exchange.sendResponseHeaders(status, out.length);
        try (OutputStream body = exchange.getResponseBody()) {
            body.write(out);
        }
    }

    /**
     * An answer given without reading the request's body (a 405, a 404, a refusal before the body was read, a
     * body too large) closes the connection after it: the client's unread bytes would otherwise stand where its
     * next request should, and a client reusing the connection saw "no bytes" (OpenApiDocumentTest did, once).
     * Reading them instead could hold a worker for as long as a client takes to send them.
     */
    private void finishReading() {
        long declared = header("Content-Length").map(ApiExchange::length).orElse(-1L);
        boolean hasBody = declared > 0 || header("Transfer-Encoding").isPresent();
        if (hasBody && !bodyRead) {
            exchange.getResponseHeaders().set("Connection", "close");
        }
    }

    void sendError(int status, String message) throws IOException {
        sendJson(status, Map.of("error", message));
    }

    /** An error answer: {@code {"error": ..., "detail": ...}} and whatever else the exception carries. */
    void sendError(ApiException e) throws IOException {
        if (e.retryLater) {
            setHeader("Retry-After", "1");
        }
        sendJson(e.status, e.body());
    }

    void setHeader(String name, String value) {
        exchange.getResponseHeaders().set(name, value);
    }

    /** Starts a response of unknown length (streamed in chunks) and returns its body. */
    OutputStream startStream(int status, String contentType) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        this.status = status;
        exchange.sendResponseHeaders(status, 0);
        return exchange.getResponseBody();
    }

    /** The status this exchange was answered with, or 0 if none was sent. */
    int status() {
        return status;
    }

    String remote() {
        return String.valueOf(exchange.getRemoteAddress());
    }

    private static long length(String header) {
        try {
            return Long.parseLong(header.trim());
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("invalid Content-Length");
        }
    }
}
