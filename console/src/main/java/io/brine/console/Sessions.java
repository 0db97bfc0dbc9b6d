package io.brine.console;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
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
    /** Sessions one token holds at once (browsers and tabs signed in with it). */
    static final int MAX_PER_TOKEN = 16;

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

    /**
     * A new session for {@code token}, already authenticated by the caller. A token holds at most
     * {@link #MAX_PER_TOKEN}: beyond, its own least recently used session ends, so one token signing in again and
     * again cannot push everyone else's sessions out.
     */
    synchronized Session open(String token) {
        long now = clock.millis();
        byId.values().removeIf(s -> expired(s, now));
        List<Session> own = byId.values().stream().filter(s -> s.token().equals(token))
                .sorted(Comparator.comparingLong(Session::lastUsedMillis)).toList();
        for (int i = 0; i <= own.size() - MAX_PER_TOKEN; i++) {
            byId.remove(own.get(i).id());
        }
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
        if (expired(s, now)) {
            byId.remove(id);
            return Optional.empty();
        }
        Session used = s.used(now);
        byId.replace(id, s, used);
        return Optional.of(used);
    }

    private static boolean expired(Session s, long now) {
        return now - s.lastUsedMillis() > IDLE.toMillis() || now - s.createdMillis() > LIFETIME.toMillis();
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
