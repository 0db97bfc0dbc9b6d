package io.brine.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A YAML mapping of top-level keys, read strictly: each accessor checks the value's type, and
 * {@link #rejectUnknown} turns a typo such as {@code publsh_port} into an error naming the file and line
 * instead of a silently ignored setting.
 */
public final class ConfigFile {
    private record Entry(Object value, int line) {
    }

    private final String origin;
    private final Map<String, Entry> entries;

    private ConfigFile(String origin, Map<String, Entry> entries) {
        this.origin = origin;
        this.entries = Collections.unmodifiableMap(entries);
    }

    /** Reads {@code file}; an empty file is an empty configuration. */
    public static ConfigFile load(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ConfigException(file + ": no such configuration file");
        } catch (java.nio.file.AccessDeniedException e) {
            throw new ConfigException("permission denied on " + file + " (the configuration; run as the daemon's user)",
                    e);
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read: " + e.getMessage(), e);
        }
        return parse(text, file.toString());
    }

    public static ConfigFile parse(String yaml, String origin) {
        Map<String, Entry> entries = new LinkedHashMap<>();
        try (JsonParser p = YamlValues.FACTORY.createParser(yaml)) {
            JsonToken first = p.nextToken();
            if (first == null || first == JsonToken.VALUE_NULL) {
                return new ConfigFile(origin, entries);
            }
            if (first != JsonToken.START_OBJECT) {
                throw new ConfigException(origin + ":" + line(p.currentLocation()) + ": expected a mapping of keys");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                int line = line(p.currentLocation());
                p.nextToken();
                Object value = YamlValues.read(p);
                if (entries.putIfAbsent(key, new Entry(value, line)) != null) {
                    throw new ConfigException(origin + ":" + line + ": key '" + key + "' appears twice");
                }
            }
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : line(e.getLocation());
            throw new ConfigException(origin + ":" + line + ": invalid YAML: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new ConfigException(origin + ": cannot read: " + e.getMessage(), e);
        }
        return new ConfigFile(origin, entries);
    }

    /** A configuration built in code (the embedded master), checked by the same rules as a file. */
    public static ConfigFile of(Map<String, ?> values, String origin) {
        Map<String, Entry> entries = new LinkedHashMap<>();
        values.forEach((k, v) -> entries.put(k, new Entry(v, 0)));
        return new ConfigFile(origin, entries);
    }

    public String origin() {
        return origin;
    }

    /** The top-level keys the file sets, in file order. */
    public Set<String> keys() {
        return Collections.unmodifiableSet(new java.util.LinkedHashSet<>(entries.keySet()));
    }

    public boolean has(String key) {
        return entries.containsKey(key) && entries.get(key).value() != null;
    }

    /** Fails on the first key not in {@code known}, listing the keys that are. */
    public void rejectUnknown(Set<String> known) {
        for (Map.Entry<String, Entry> e : entries.entrySet()) {
            if (!known.contains(e.getKey())) {
                throw error(e.getKey(), "unknown key '" + e.getKey() + "'; known keys: "
                        + String.join(", ", new TreeSet<>(known)));
            }
        }
    }

    public String string(String key, String fallback) {
        Object v = value(key);
        if (v == null) {
            return fallback;
        }
        if (v instanceof String || v instanceof Number || v instanceof Boolean) {
            return v.toString();
        }
        throw error(key, "'" + key + "' must be a string");
    }

    public boolean bool(String key, boolean fallback) {
        Object v = value(key);
        if (v == null) {
            return fallback;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        throw error(key, "'" + key + "' must be true or false");
    }

    public long integer(String key, long fallback, long min, long max) {
        Object v = value(key);
        if (v == null) {
            return fallback;
        }
        if (!(v instanceof Integer || v instanceof Long)) {
            throw error(key, "'" + key + "' must be a whole number");
        }
        long n = ((Number) v).longValue();
        if (n < min || n > max) {
            throw error(key, "'" + key + "' must be between " + min + " and " + max + ", not " + n);
        }
        return n;
    }

    public int port(String key, int fallback) {
        return (int) integer(key, fallback, 0, 65535);
    }

    public Path path(String key, Path fallback) {
        String s = string(key, null);
        return s == null ? fallback : Path.of(s);
    }

    public List<String> stringList(String key) {
        Object v = value(key);
        if (v == null) {
            return List.of();
        }
        if (!(v instanceof List<?> list)) {
            throw error(key, "'" + key + "' must be a list");
        }
        List<String> out = new ArrayList<>();
        for (Object o : list) {
            if (!(o instanceof String || o instanceof Number)) {
                throw error(key, "'" + key + "' must be a list of strings");
            }
            out.add(o.toString());
        }
        return List.copyOf(out);
    }

    /** A list of any values (mappings, strings...), for structured settings such as the reactor. */
    @SuppressWarnings("unchecked")
    public List<Object> list(String key) {
        Object v = value(key);
        if (v == null) {
            return List.of();
        }
        if (!(v instanceof List<?>)) {
            throw error(key, "'" + key + "' must be a list");
        }
        return Collections.unmodifiableList((List<Object>) v);
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> map(String key) {
        Object v = value(key);
        if (v == null) {
            return Map.of();
        }
        if (!(v instanceof Map<?, ?>)) {
            throw error(key, "'" + key + "' must be a mapping");
        }
        return Collections.unmodifiableMap((Map<String, Object>) v);
    }

    /** Whether {@code key} holds a list rather than a mapping or a scalar (for keys that take either shape). */
    public boolean isList(String key) {
        return value(key) instanceof List<?>;
    }

    /** An error about {@code key}, located at its line. */
    public ConfigException error(String key, String message) {
        return new ConfigException(where(key) + ": " + message);
    }

    /** Where {@code key} is set: {@code FILE:LINE}, or {@code FILE} alone when the key is not in it (a default). */
    public String where(String key) {
        Entry e = entries.get(key);
        return e == null || e.line() == 0 ? origin : origin + ":" + e.line();
    }

    private Object value(String key) {
        Entry e = entries.get(key);
        return e == null ? null : e.value();
    }

    private static int line(JsonLocation location) {
        return location.getLineNr();
    }
}
