package io.brine.transport;

import java.net.InetAddress;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;

/**
 * The router's connections that have begun no handshake (not greeted yet, or greeted and silent, or whose handshake
 * was dropped), oldest first, overall and per source address: the ones to close when a new connection would take
 * its address, or everyone, over the connection caps, or when the process is out of descriptors. Idle connections
 * thus never keep a new one out, be it the operator's CLI on the master's own host behind 16,384 of them: the
 * flood closes its own oldest. A connection with a handshake under way is not idle; those are bounded apart
 * ({@link RouterLimits#maxHandshakesPerAddress()}, fewer than the connections an address may hold). Used on the
 * router's I/O thread only.
 */
final class IdleConnections {
    /** In the order they became idle: the first is the oldest. */
    private final LinkedHashSet<Link> all = new LinkedHashSet<>();
    private final Map<InetAddress, LinkedHashSet<Link>> byAddress = new HashMap<>();

    /** {@code connection} was accepted, or its peer was dropped while the connection stays: it is the newest idle. */
    void idle(Link connection) {
        remove(connection);
        all.add(connection);
        byAddress.computeIfAbsent(connection.address, a -> new LinkedHashSet<>()).add(connection);
    }

    /** {@code connection} began a handshake, or closed. */
    void remove(Link connection) {
        if (all.remove(connection)) {
            LinkedHashSet<Link> ofAddress = byAddress.get(connection.address);
            ofAddress.remove(connection);
            if (ofAddress.isEmpty()) {
                byAddress.remove(connection.address);
            }
        }
    }

    /** The oldest idle connection of all, or null. */
    Link oldest() {
        return all.isEmpty() ? null : all.iterator().next();
    }

    /** The oldest idle connection from {@code address}, or null. */
    Link oldestOf(InetAddress address) {
        LinkedHashSet<Link> ofAddress = byAddress.get(address);
        return ofAddress == null ? null : ofAddress.iterator().next();
    }

    int size() {
        return all.size();
    }
}
