package io.brine.api;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One route of the API: a method, a path template ({@code /jobs/{jid}}; a last {@code {tag+}} takes one or more
 * segments) and what answers it. The routes are a fixed list ({@link ApiRoutes}), so the router, the OpenAPI
 * document and its test all read the same one; a path's parameters are passed, never looked up by name.
 *
 * <pre>{@code
 * new Route("GET", "/jobs/{jid}", (exchange, caller, params) -> jobs.show(exchange, params.get(0), caller));
 * }</pre>
 *
 * @param method   the HTTP method, upper case
 * @param template the path, {@code {name}} for one segment, a last {@code {name+}} for the rest of the path
 * @param endpoint what answers a request for it
 */
record Route(String method, String template, Endpoint endpoint) {
    /** Answers one request, with the path's parameters in template order. */
    @FunctionalInterface
    interface Endpoint {
        void answer(ApiExchange exchange, String caller, List<String> params) throws IOException, InterruptedException;
    }

    /** The path's parameters when {@code segments} fit the template; null when they do not. */
    List<String> match(List<String> segments) {
        List<String> parts = parts();
        List<String> params = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            String part = parts.get(i);
            boolean rest = part.endsWith("+}");
            if (i >= segments.size() || (!rest && i == parts.size() - 1 && segments.size() != parts.size())) {
                return null;
            }
            if (rest) {
                params.add(String.join("/", segments.subList(i, segments.size())));
                return params;
            } else if (part.startsWith("{")) {
                params.add(segments.get(i));
            } else if (!part.equals(segments.get(i))) {
                return null;
            }
        }
        return parts.size() == segments.size() ? params : null;
    }

    /** How many of the template's segments are literal: the more, the more specific (POST /keys/generate). */
    int literals() {
        return (int) parts().stream().filter(p -> !p.startsWith("{")).count();
    }

    /** The template as OpenAPI writes paths: {@code {tag+}} is {@code {tag}}. */
    String openApiPath() {
        return template.replace("+}", "}");
    }

    private List<String> parts() {
        List<String> parts = new ArrayList<>();
        for (String s : template.split("/")) {
            if (!s.isEmpty()) {
                parts.add(s);
            }
        }
        return parts;
    }
}
