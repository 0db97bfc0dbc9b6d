package io.brine.modules.ssh;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One host key line of a known_hosts file, or of ssh-keyscan's output: {@code hosts enc key [comment]}, where
 * hosts is a comma-separated list of names or one hashed name.
 */
record KnownHost(String hosts, String enc, String key) {
    /** The entry on a line, or null for comments, blank lines, marker lines (@revoked...) and anything else. */
    static KnownHost parse(String line) {
        String text = line.strip();
        if (text.isEmpty() || text.startsWith("#") || text.startsWith("@")) {
            return null;
        }
        String[] f = text.split("\\s+");
        return f.length >= 3 ? new KnownHost(f[0], f[1], f[2]) : null;
    }

    /** Whether this line is for {@code name} ({@code host} or {@code [host]:port}), hashed or written plainly. */
    boolean isFor(String name) {
        if (HashedHostName.isHashed(hosts)) {
            return HashedHostName.matches(hosts, name);
        }
        // ssh lowercases the names it looks up, so a plain entry matches whatever its case
        for (String pattern : hosts.split(",")) {
            if (pattern.toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    String line() {
        return hosts + " " + enc + " " + key;
    }

    /** As Salt describes an entry in its changes: hostname (as written), enc, key and fingerprint. */
    Map<String, Object> describe(String hashType) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("hostname", hosts);
        out.put("enc", enc);
        out.put("key", key);
        Fingerprints.of(key, hashType).ifPresent(f -> out.put("fingerprint", f));
        return out;
    }

    /** The name ssh looks a host up by: the host alone on port 22, {@code [host]:port} on any other. */
    static String lookupName(String host, Long port) {
        return port == null || port == 22 ? host : "[" + host + "]:" + port;
    }
}
