package io.brine.master;

import io.brine.transport.Session;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The live, accepted session of each connected minion; a reconnect replaces the older session. */
final class MinionSessions {
    private final Map<String, Session> byId = new ConcurrentHashMap<>();

    void connected(Session s) {
        byId.put(s.peerId(), s);
    }

    void closed(Session s) {
        byId.remove(s.peerId(), s);
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
