package io.brine.api;

import io.brine.jobs.JobFilter;
import io.brine.protocol.JobListRequest;
import java.time.Instant;
import java.util.Set;

/**
 * The query of {@code GET /jobs}: {@code limit} (default 50), {@code function}, {@code target}, {@code caller},
 * {@code since} (30m, 2h, 7d or a UTC time), {@code queued=true} and {@code running=true}, read into the master's
 * {@link JobFilter} exactly as {@code brine job list} reads its flags. An unknown parameter is refused by name.
 */
final class JobListQuery {
    static final int DEFAULT_LIMIT = 50;
    private static final Set<String> KEYS = Set.of("limit", "function", "target", "caller", "since", "queued",
            "running");

    private JobListQuery() {
    }

    static JobFilter parse(ApiExchange exchange, Instant now) {
        for (String key : exchange.queryNames()) {
            if (!KEYS.contains(key)) {
                throw ApiException.badRequest("unknown query parameter '" + (key.length() > 40 ? key.substring(0, 40)
                        + "..." : key) + "'; known: " + new java.util.TreeSet<>(KEYS));
            }
        }
        int limit = exchange.query("limit").map(JobListQuery::limit).orElse(DEFAULT_LIMIT);
        long since = 0;
        if (exchange.query("since").isPresent()) {
            try {
                since = JobFilter.since(exchange.query("since").get(), now).toEpochMilli();
            } catch (IllegalArgumentException e) {
                throw ApiException.badRequest("'since': " + e.getMessage());
            }
        }
        JobFilter filter = new JobFilter(limit, text(exchange, "function"), text(exchange, "target"),
                text(exchange, "caller"), since, flag(exchange, "queued"));
        return flag(exchange, "running") ? filter.onlyRunning() : filter;
    }

    private static int limit(String text) {
        try {
            int n = Integer.parseInt(text.trim());
            if (n >= 1 && n <= JobListRequest.MAX_LIMIT) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw ApiException.badRequest("'limit' must be a whole number from 1 to " + JobListRequest.MAX_LIMIT);
    }

    private static String text(ApiExchange exchange, String key) {
        return exchange.query(key).filter(v -> !v.isEmpty()).orElse(null);
    }

    private static boolean flag(ApiExchange exchange, String key) {
        String v = exchange.query(key).orElse("false");
        if (!v.equals("true") && !v.equals("false")) {
            throw ApiException.badRequest("'" + key + "' must be true or false");
        }
        return v.equals("true");
    }
}
