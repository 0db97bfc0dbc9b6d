package io.brine.master;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What peers did to the master's listener, counted since it started: handshakes and sessions begun and expired,
 * and what was dropped before it cost anything, by reason. A snapshot taken by {@link Master#connectionStats()};
 * one handshake per minion after a restart is a fleet reconnecting once, more is minions giving up and starting over.
 *
 * <pre>{@code
 * ConnectionStats s = master.connectionStats();
 * System.out.println(s.handshakesStarted() + " handshakes, " + s.dropped("frame_too_large") + " oversize frames");
 * }</pre>
 *
 * @param handshakesStarted first handshake messages received: one per connection a peer (re)started a handshake on
 * @param sessionsOpened    handshakes completed, whatever the key's status turned out to be
 * @param handshakesExpired handshakes given up because the peer never finished them
 * @param sessionsExpired   sessions ended because the peer went silent (no heartbeat for three periods)
 * @param drops             what was dropped, by reason ({@code connection_refused}, {@code frame_too_large},
 *                          {@code role_not_allowed}, ...): every reason the listener knows, 0 included
 * @param connectionsAccepted connections accepted and greeted: more than one a minion after a restart is minions
 *                          giving up on connections the master had not accepted in time and connecting again
 */
public record ConnectionStats(long handshakesStarted, long sessionsOpened, long handshakesExpired,
        long sessionsExpired, Map<String, Long> drops, long connectionsAccepted) {
    public ConnectionStats {
        drops = Collections.unmodifiableMap(new TreeMap<>(Objects.requireNonNull(drops, "drops")));
    }

    /**
     * How often something was dropped for {@code reason}.
     *
     * @throws IllegalArgumentException if the listener knows no such reason
     */
    public long dropped(String reason) {
        Long n = drops.get(reason);
        if (n == null) {
            throw new IllegalArgumentException("no drop reason '" + reason + "'; known: " + drops.keySet());
        }
        return n;
    }
}
