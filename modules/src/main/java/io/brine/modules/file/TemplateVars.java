package io.brine.modules.file;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A template's variables from {@code defaults} and {@code context}, merged as Salt merges them:
 * context wins, and where both hold a mapping under the same key the two mappings are merged the
 * same way, so a context can override one nested value and keep the other defaults. Lists are not
 * merged: the context's list replaces the default one.
 *
 * <pre>{@code
 * TemplateVars.merge(Map.of("port", 80, "tls", Map.of("on", false, "cert", "a")), Map.of("tls", Map.of("on", true)));
 * // {port=80, tls={on=true, cert=a}}
 * }</pre>
 */
final class TemplateVars {
    private TemplateVars() {}

    static Map<String, Object> merge(Map<?, ?> defaults, Map<?, ?> context) {
        Map<String, Object> out = new LinkedHashMap<>();
        defaults.forEach((k, v) -> out.put(String.valueOf(k), v));
        context.forEach((k, v) -> {
            String key = String.valueOf(k);
            Object base = out.get(key);
            out.put(key, base instanceof Map<?, ?> b && v instanceof Map<?, ?> c ? merge(b, c) : v);
        });
        return out;
    }
}
