package io.brine.api;

import io.brine.jobs.Batch;
import io.brine.jobs.JobSpec;
import io.brine.jobs.SshOptions;
import io.brine.targeting.TargetType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The body of {@code POST /jobs}: {@code {"target", "tgt_type", "fun", "arg", "kwarg", "mode", "timeout", "queue",
 * "batch", "batch_wait", "ssh"}}, read into the master's {@link JobSpec} (which checks the target type and the batch, as
 * for every other way of asking). Every field is checked before anything is published, and an unknown one is
 * refused by name.
 *
 * @param cast true for {@code "mode": "cast"} (answer with the jid at once), false to wait for the returns
 */
record JobRequest(JobSpec spec, boolean cast) {
    private static final Set<String> KEYS = Set.of("target", "tgt_type", "fun", "arg", "kwarg", "mode", "timeout",
            "queue", "batch", "batch_wait", "ssh");
    private static final double MAX_TIMEOUT_SECONDS = 7 * 24 * 3600;

    static JobRequest parse(Map<String, Object> body) {
        for (String key : body.keySet()) {
            if (!KEYS.contains(key)) {
                throw ApiException.badRequest("unknown field '" + shorten(key) + "'; known: " + new java.util.TreeSet<>(KEYS));
            }
        }
        String target = text(body, "target", null);
        String fun = text(body, "fun", null);
        List<Object> args = list(body.get("arg"));
        Map<String, Object> kwargs = map(body.get("kwarg"));
        wireSafe(args);
        wireSafe(kwargs);
        String mode = text(body, "mode", "call");
        if (!mode.equals("call") && !mode.equals("cast")) {
            throw ApiException.badRequest("'mode' must be \"call\" or \"cast\"");
        }
        try {
            JobSpec spec = new JobSpec(target, TargetType.parse(text(body, "tgt_type", "glob")), fun, args, kwargs,
                    timeout(body.get("timeout")), queue(body.get("queue")), batch(body));
            SshOptions ssh = ssh(body.get("ssh"));
            if (ssh != null) {
                spec = spec.overSsh(ssh);
            }
            return new JobRequest(spec, mode.equals("cast"));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
    }

    /** {@code "batch": "25%"} or {@code 10}, {@code "batch_wait": 2.5} (seconds): {@code brine run -b --batch-wait}. */
    private static Batch batch(Map<String, Object> body) {
        Object v = body.get("batch");
        Object pause = body.get("batch_wait");
        if (v == null) {
            if (pause != null) {
                throw ApiException.badRequest("'batch_wait' needs a 'batch'");
            }
            return null;
        }
        if (!(v instanceof String) && !(v instanceof Integer) && !(v instanceof Long)) {
            throw ApiException.badRequest("'batch' must be a count such as 10 or a percentage such as \"25%\"");
        }
        Batch batch = Batch.parse(String.valueOf(v));
        if (pause == null) {
            return batch;
        }
        if (!(pause instanceof Number n) || !(n.doubleValue() >= 0) || n.doubleValue() > MAX_TIMEOUT_SECONDS) {
            throw ApiException.badRequest("'batch_wait' must be a number of seconds from 0 to 7 days");
        }
        return batch.withWait(Duration.ofMillis(Math.round(n.doubleValue() * 1000)));
    }

    /**
     * {@code "ssh": true}: the job is for the roster's machines over SSH ({@code brine ssh}), trusting only known host
     * keys; {@code {"accept_new": true}} also trusts hosts not yet known ({@code --accept-new}); false or absent: minions.
     */
    private static SshOptions ssh(Object v) {
        if (v == null || Boolean.FALSE.equals(v)) {
            return null;
        }
        if (Boolean.TRUE.equals(v)) {
            return SshOptions.KNOWN_HOSTS;
        }
        if (v instanceof Map<?, ?> m && m.keySet().equals(Set.of("accept_new")) && m.get("accept_new") instanceof Boolean b) {
            return new SshOptions(b);
        }
        throw ApiException.badRequest("'ssh' must be true, false or {\"accept_new\": true|false}");
    }

    /** {@code "queue": "10m"}: minions that are away get the job when they connect within that time. */
    private static java.time.Duration queue(Object v) {
        if (v == null) {
            return null;
        }
        try {
            if (v instanceof String s) {
                return TokenStore.lifetime(s);
            }
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("'queue': " + e.getMessage());
        }
        throw ApiException.badRequest("'queue' must be a time such as \"10m\"");
    }

    private static String text(Map<String, Object> body, String key, String fallback) {
        Object v = body.get(key);
        if (v == null && fallback != null) {
            return fallback;
        }
        if (!(v instanceof String s) || s.isBlank()) {
            throw ApiException.badRequest("'" + key + "' must be a non-empty string");
        }
        return s;
    }

    private static List<Object> list(Object v) {
        if (v == null) {
            return List.of();
        }
        if (v instanceof List<?> l) {
            return new java.util.ArrayList<>(l);
        }
        throw ApiException.badRequest("'arg' must be a list");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object v) {
        if (v == null) {
            return Map.of();
        }
        if (v instanceof Map<?, ?> m && !m.containsValue(null)) {
            return (Map<String, Object>) m;
        }
        throw ApiException.badRequest("'kwarg' must be an object without null values");
    }

    private static Duration timeout(Object v) {
        if (v == null) {
            return null;
        }
        if (!(v instanceof Number n) || !(n.doubleValue() > 0) || n.doubleValue() > MAX_TIMEOUT_SECONDS) {
            throw ApiException.badRequest("'timeout' must be a number of seconds above 0 and at most 7 days");
        }
        return Duration.ofMillis(Math.max(1, Math.round(n.doubleValue() * 1000)));
    }

    /** Numbers beyond what the wire carries (64-bit integers, doubles) are refused here, not after publishing. */
    private static void wireSafe(Object v) {
        if (v instanceof BigInteger || v instanceof BigDecimal) {
            throw ApiException.badRequest("number out of range: " + shorten(v.toString()));
        } else if (v instanceof List<?> l) {
            l.forEach(JobRequest::wireSafe);
        } else if (v instanceof Map<?, ?> m) {
            m.values().forEach(JobRequest::wireSafe);
        }
    }

    private static String shorten(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
