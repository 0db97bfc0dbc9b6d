package io.brine.minion.schedule;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The keys of one schedule entry (or of the schedule itself) as YAML or JSON gave them, read as typed values: each
 * read either gives the value (null when the key is absent or null) or throws an {@link IllegalArgumentException}
 * naming the entry and the key. Lenient where Salt is (numbers and booleans may come as strings, as from a command
 * line), strict otherwise.
 */
final class EntryFields {
    /** What begins each error message: what the keys belong to ({@code schedule entry 'job1': }). */
    private final String prefix;
    private final Map<String, Object> raw;

    private EntryFields(String prefix, Map<String, Object> raw) {
        this.prefix = prefix;
        this.raw = raw;
    }

    static EntryFields ofEntry(String name, Map<String, Object> raw) {
        return new EntryFields("schedule entry '" + name + "': ", raw);
    }

    /** The schedule-wide keys of a schedule map. */
    static EntryFields ofSchedule(Map<String, Object> raw) {
        return new EntryFields("schedule: ", raw);
    }

    /** The keys of the map under {@code key}, named in errors as {@code KEY INNER}. */
    EntryFields nested(String key, Map<String, Object> map) {
        return new EntryFields(prefix + key + " ", map);
    }

    Object get(String key) {
        return raw.get(key);
    }

    boolean has(String key) {
        return raw.get(key) != null;
    }

    String string(String key) {
        Object v = raw.get(key);
        if (v == null || v instanceof String) {
            return (String) v;
        }
        throw problem(key, "must be a string, not " + describe(v));
    }

    Boolean bool(String key) {
        Object v = raw.get(key);
        Boolean b = v == null ? null : asBoolean(v);
        if (v != null && b == null) {
            throw problem(key, "must be true or false, not " + describe(v));
        }
        return b;
    }

    Long whole(String key) {
        Object v = raw.get(key);
        Long n = v == null ? null : asWhole(v);
        if (v != null && n == null) {
            throw problem(key, "must be a whole number, not " + describe(v));
        }
        return n;
    }

    /** A whole number from {@code min} to {@code max}, or {@code absent} when the key is not given. */
    int whole(String key, int min, int max, int absent) {
        Long n = whole(key);
        if (n == null) {
            return absent;
        }
        if (n < min || n > max) {
            throw problem(key, "must be from " + min + " to " + max + ", not " + n);
        }
        return n.intValue();
    }

    List<Object> list(String key) {
        Object v = raw.get(key);
        if (v == null || v instanceof List) {
            @SuppressWarnings("unchecked")
            List<Object> list = (List<Object>) v;
            return list;
        }
        throw problem(key, "must be a list, not " + describe(v));
    }

    /** A map whose keys are all strings. */
    Map<String, Object> map(String key) {
        Object v = raw.get(key);
        if (v == null) {
            return null;
        }
        Map<String, Object> map = asStringMap(v);
        if (map == null) {
            throw problem(key, "must be a map with string keys, not " + describe(v));
        }
        return map;
    }

    IllegalArgumentException problem(String key, String what) {
        return new IllegalArgumentException(prefix + key + " " + what);
    }

    IllegalArgumentException problem(String what) {
        return new IllegalArgumentException(prefix + what);
    }

    /** True, false, or null when {@code v} is neither a boolean nor the string "true" or "false" in any case. */
    static Boolean asBoolean(Object v) {
        if (v instanceof Boolean b) {
            return b;
        }
        if (v instanceof String s && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false"))) {
            return Boolean.valueOf(s.toLowerCase(Locale.ROOT));
        }
        return null;
    }

    /** The whole number {@code v} is (an integral number, or a string of digits), or null. */
    static Long asWhole(Object v) {
        try {
            if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
                return ((Number) v).longValue();
            }
            if (v instanceof BigInteger big) {
                return big.longValueExact();
            }
            if (v instanceof Double || v instanceof Float || v instanceof BigDecimal) {
                return new BigDecimal(v.toString()).longValueExact();
            }
            if (v instanceof String s) {
                return Long.parseLong(s.trim());
            }
        } catch (ArithmeticException | NumberFormatException e) {
            return null;
        }
        return null;
    }

    /** {@code v} as a map of string keys, or null if it is not a map or has another key. */
    static Map<String, Object> asStringMap(Object v) {
        if (!(v instanceof Map<?, ?> m)) {
            return null;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            if (!(e.getKey() instanceof String k)) {
                return null;
            }
            out.put(k, e.getValue());
        }
        return Collections.unmodifiableMap(out);
    }

    static String describe(Object v) {
        String text = String.valueOf(v);
        return (v instanceof Map ? "a map " : v instanceof List ? "a list " : "")
                + "'" + (text.length() > 60 ? text.substring(0, 57) + "..." : text) + "'";
    }
}
