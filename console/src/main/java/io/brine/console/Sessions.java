package io.brine.console;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Signed-in browsers: a random session id in a cookie, mapped here (in memory only) to the API token the person
 * signed in with and a form token against cross-site requests. The token is checked again on every request, so a
 * revoked or expired token's session ends at its next request. Bounded in count; an idle session ends after
 * {@link #IDLE}, any session after {@link #LIFETIME}.
 */
final class Sessions {
    /** Sessions kept at once; the least recently used goes when a new one would pass this. */
    static final int MAX_SESSIONS = 1024;
    static final Duration IDLE = Duration.ofHours(8);
    static final Duration LIFETIME = Duration.ofHours(24);

    /** One signed-in browser. {@code token} never leaves the master. */
    record Session(String id, String token, String csrf, long createdMillis, long lastUsedMillis) {
        Session used(long now) {
            return new Session(id, token, csrf, createdMillis, now);
        }
    }

    private final Map<String, Session> byId = new ConcurrentHashMap<>();
    private final SecureRandom random;
    private final Clock clock;

    Sessions(SecureRandom random, Clock clock) {
        this.random = random;
        this.clock = clock;
    }

    /** A new session for {@code token}, already authenticated by the caller. */
    Session open(String token) {
        long now = clock.millis();
        if (byId.size() >= MAX_SESSIONS) {
            byId.values().stream().min(Comparator.comparingLong(Session::lastUsedMillis))
                    .ifPresent(oldest -> byId.remove(oldest.id()));
        }
        Session s = new Session(randomId(), token, randomId(), now, now);
        byId.put(s.id(), s);
        return s;
    }

    /** The live session with {@code id}, marked used; empty when unknown, idle too long or too old. */
    Optional<Session> find(String id) {
        Session s = id == null || id.length() > 64 ? null : byId.get(id);
        if (s == null) {
            return Optional.empty();
        }
        long now = clock.millis();
        if (now - s.lastUsedMillis() > IDLE.toMillis() || now - s.createdMillis() > LIFETIME.toMillis()) {
            byId.remove(id);
            return Optional.empty();
        }
        Session used = s.used(now);
        byId.replace(id, s, used);
        return Optional.of(used);
    }

    void close(String id) {
        if (id != null) {
            byId.remove(id);
        }
    }

    int size() {
        return byId.size();
    }

    /** Whether a form's token is the session's, compared in constant time. */
    static boolean sameToken(String expected, String given) {
        return given != null && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                given.getBytes(StandardCharsets.UTF_8));
    }

    private String randomId() {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
