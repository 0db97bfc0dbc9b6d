package io.brine.ssh;

import io.brine.config.ConfigFile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Salt's roster file: the machines {@code brine ssh} reaches, by id, each with {@code host}, {@code port},
 * {@code user}, {@code priv}, {@code sudo}, {@code timeout} and {@code grains}. Unknown keys are errors naming the
 * file and the line of the host's entry.
 *
 * <pre>{@code
 * web1:
 *   host: 10.0.0.5
 *   user: deploy
 *   priv: /etc/brine/pki/ssh/id_ed25519
 *   sudo: true
 *   grains: {role: web}
 * }</pre>
 */
public final class Roster {
    private static final Set<String> KEYS = Set.of("host", "port", "user", "priv", "sudo", "timeout", "grains");

    private final Map<String, RosterHost> hosts;

    private Roster(Map<String, RosterHost> hosts) {
        this.hosts = hosts;
    }

    public static Roster load(Path file, Path defaultPriv) {
        return from(ConfigFile.load(file), defaultPriv);
    }

    /** The roster {@code c} holds; {@code defaultPriv} is the key of hosts that name none. */
    public static Roster from(ConfigFile c, Path defaultPriv) {
        Map<String, RosterHost> hosts = new LinkedHashMap<>();
        for (String id : c.keys()) {
            Map<String, Object> entry = c.map(id);
            for (String key : entry.keySet()) {
                if (!KEYS.contains(key)) {
                    throw c.error(id, "unknown key '" + key + "' for host " + id + "; known: "
                            + String.join(", ", new java.util.TreeSet<>(KEYS)));
                }
            }
            if (entry.get("host") == null) {
                throw c.error(id, "host " + id + " names no 'host' (its address or name)");
            }
            try {
                hosts.put(id, new RosterHost(id, text(entry, "host", id), number(entry, "port", 22),
                        text(entry, "user", "root"), Path.of(text(entry, "priv", String.valueOf(defaultPriv))),
                        Boolean.TRUE.equals(entry.get("sudo")), Duration.ofSeconds(number(entry, "timeout", 10)),
                        grains(entry)));
            } catch (IllegalArgumentException | ClassCastException e) {
                throw c.error(id, "host " + id + ": " + e.getMessage());
            }
        }
        return new Roster(hosts);
    }

    public Optional<RosterHost> host(String id) {
        return Optional.ofNullable(hosts.get(id));
    }

    public List<RosterHost> hosts() {
        return new ArrayList<>(hosts.values());
    }

    private static String text(Map<String, Object> entry, String key, String fallback) {
        Object v = entry.get(key);
        if (v == null) {
            return fallback;
        }
        if (!(v instanceof String || v instanceof Number)) {
            throw new IllegalArgumentException("'" + key + "' must be a string");
        }
        return v.toString();
    }

    private static int number(Map<String, Object> entry, String key, int fallback) {
        Object v = entry.getOrDefault(key, fallback);
        if (!(v instanceof Integer n)) {
            throw new IllegalArgumentException("'" + key + "' must be a number");
        }
        return n;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> grains(Map<String, Object> entry) {
        Object v = entry.getOrDefault("grains", Map.of());
        if (!(v instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException("'grains' must be a mapping");
        }
        return (Map<String, Object>) m;
    }
}
