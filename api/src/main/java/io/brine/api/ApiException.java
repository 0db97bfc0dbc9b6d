package io.brine.api;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A request the API answers with an error status and {@code {"error": message, ...}}, never a stack trace; the
 * fields beside {@code error} (such as {@code detail}, or {@code target} for a target that matched nothing) say
 * more where there is more to say.
 */
final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int status;
    /** Whether the answer says {@code Retry-After: 1}: the same request may succeed in a moment. */
    final boolean retryLater;
    private final transient Map<String, Object> fields;

    ApiException(int status, String message) {
        this(status, message, Map.of());
    }

    ApiException(int status, String message, Map<String, Object> fields) {
        this(status, message, fields, status == 429);
    }

    private ApiException(int status, String message, Map<String, Object> fields, boolean retryLater) {
        super(message);
        this.status = status;
        this.fields = Map.copyOf(fields);
        this.retryLater = retryLater;
    }

    static ApiException badRequest(String message) {
        return new ApiException(400, message);
    }

    static ApiException notFound(String message) {
        return new ApiException(404, message);
    }

    /** 429: this token holds as many of something as it may; retry when one is given back. */
    static ApiException tooMany(String message) {
        return new ApiException(429, message);
    }

    /** 503: all tokens together hold as many of something as the API gives out; retry when one is given back. */
    static ApiException busy(String message) {
        return new ApiException(503, message, Map.of(), true);
    }

    /** The answer's document: {@code error} first, then the other fields. */
    Map<String, Object> body() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("error", getMessage());
        doc.putAll(new java.util.TreeMap<>(fields));
        return doc;
    }
}
