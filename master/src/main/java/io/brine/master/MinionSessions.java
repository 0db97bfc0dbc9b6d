package io.brine.master;

import io.brine.transport.Session;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The live, accepted session of each connected minion; a reconnect replaces the older session. */
final class MinionSessions {
    private final Map<String, Session> byId = new ConcurrentHashMap<>();
    /**
     * When each minion's session began or ended, for {@code brine manage status}: one entry per minion that had a
     * session with this master, so no more than the accepted keys there were.
     */
    private final Map<String, Instant> seen = new ConcurrentHashMap<>();

    void connected(Session s) {
        byId.put(s.peerId(), s);
        seen.put(s.peerId(), Instant.now());
    }

    void closed(Session s) {
        if (byId.remove(s.peerId(), s)) {
            seen.put(s.peerId(), Instant.now());
        }
    }

    /** When the minion's latest session with this master began or ended; empty if it had none. */
    Optional<Instant> lastSeen(String id) {
        return Optional.ofNullable(seen.get(id));
    }

    Optional<Session> get(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    int count() {
        return byId.size();
    }

    Set<String> connectedIds() {
        return Set.copyOf(byId.keySet());
    }
}
