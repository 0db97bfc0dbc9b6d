package io.brine.modules.mysql;

import io.brine.functions.FunctionException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Salt's {@code ssl_option} of a grant, a list of one-key mappings ({@code - SSL: True}, {@code - SUBJECT: ...}),
 * as the {@code REQUIRE} clause. SUBJECT, ISSUER and CIPHER are text the grammar takes only as quoted strings; since
 * a quote or a backslash would mean different things under different SQL modes, such values are refused.
 */
final class SslRequirement {
    private SslRequirement() {
    }

    /** The argument as a list of options: none for null or False, as Salt's default. */
    static List<Object> options(Object value) throws FunctionException {
        if (value == null || Boolean.FALSE.equals(value)) {
            return List.of();
        }
        if (value instanceof List<?> list) {
            return new ArrayList<>(list);
        }
        throw new FunctionException("Invalid SSL option : ssl_option is a list of one-key mappings");
    }

    /** {@code " REQUIRE SSL AND CIPHER '...'"}, or "" for none. */
    static String sql(List<Object> options) throws FunctionException {
        if (options == null || options.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (Object option : options) {
            if (!(option instanceof Map<?, ?> map) || map.size() != 1) {
                throw new FunctionException("Invalid SSL option : each ssl_option is a mapping of one key");
            }
            Map.Entry<?, ?> e = map.entrySet().iterator().next();
            String key = String.valueOf(e.getKey()).strip().toUpperCase(Locale.ROOT);
            Object value = e.getValue();
            switch (key) {
                case "SSL", "X509" -> {
                    if (Boolean.TRUE.equals(value) || "True".equals(value) || "true".equals(value)) {
                        parts.add(key);
                    }
                }
                case "SUBJECT", "ISSUER", "CIPHER" -> {
                    String text = String.valueOf(value);
                    if (text.contains("'") || text.contains("\\") || text.indexOf('\0') >= 0) {
                        throw new FunctionException("Invalid SSL option : " + key + " cannot contain a quote or a "
                                + "backslash");
                    }
                    parts.add(key + " '" + text + "'");
                }
                default -> throw new FunctionException("Invalid SSL option : '" + e.getKey() + "'");
            }
        }
        return parts.isEmpty() ? "" : " REQUIRE " + String.join(" AND ", parts);
    }
}
