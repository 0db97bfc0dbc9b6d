package io.brine.http;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The connections that have not yet sent a request's complete headers, oldest first, overall and per address:
 * which to close when an address, or everyone, is over {@link ConnectionLimits}, and which have passed the header
 * deadline. Knows nothing of sockets (a connection is any key), so that the policy can be tried on its own;
 * thread-safe, every operation a few map updates under one lock.
 *
 * @param <K> what identifies a connection
 */
final class WaitingConnections<K> {
    /** A connection to close, and why. */
    record Eviction<K>(K connection, ConnectionDrop reason) {
    }

    private record Waiting(String address, long sinceNanos) {
    }

    private final ConnectionLimits limits;
    private final long graceNanos;
    /** In the order they began to wait: the first is the oldest. */
    private final LinkedHashMap<K, Waiting> all = new LinkedHashMap<>();
    private final Map<String, LinkedHashSet<K>> byAddress = new HashMap<>();

    WaitingConnections(ConnectionLimits limits) {
        this.limits = limits;
        this.graceNanos = limits.grace().toNanos();
    }

    /**
     * {@code connection}, from {@code address}, begins to wait for a request (it was accepted, or a request that did
     * not authenticate was answered). Returns the connections to close to keep within the limits: always older
     * ones, never {@code connection} itself.
     */
    synchronized List<Eviction<K>> waiting(K connection, String address, long nowNanos) {
        remove(connection);
        all.put(connection, new Waiting(address, nowNanos));
        LinkedHashSet<K> ofAddress = byAddress.computeIfAbsent(address, a -> new LinkedHashSet<>());
        ofAddress.add(connection);
        List<Eviction<K>> evicted = new ArrayList<>(1);
        trimAddress(ofAddress, nowNanos, evicted);
        trimAll(nowNanos, evicted);
        return evicted;
    }

    /** {@code connection} no longer waits: its request's headers are complete, or it closed. */
    synchronized void stop(K connection) {
        remove(connection);
    }

    /**
     * Takes out and returns the connections past the header deadline, and those over the limits that were let stay
     * only because they were younger than the grace (a burst that has ended leaves no more behind than the limits).
     */
    synchronized List<Eviction<K>> sweep(long nowNanos) {
        List<Eviction<K>> out = new ArrayList<>();
        long deadline = limits.headerDeadline().toNanos();
        for (Iterator<Map.Entry<K, Waiting>> it = all.entrySet().iterator(); it.hasNext();) {
            Map.Entry<K, Waiting> e = it.next();
            if (nowNanos - e.getValue().sinceNanos() < deadline) {
                break; // the rest began to wait later
            }
            it.remove();
            removeFromAddress(e.getKey(), e.getValue().address());
            out.add(new Eviction<>(e.getKey(), ConnectionDrop.HEADER_DEADLINE));
        }
        for (LinkedHashSet<K> ofAddress : new ArrayList<>(byAddress.values())) {
            trimAddress(ofAddress, nowNanos, out);
        }
        trimAll(nowNanos, out);
        return out;
    }

    synchronized int size() {
        return all.size();
    }

    synchronized boolean contains(K connection) {
        return all.containsKey(connection);
    }

    /** Beyond its share, an address keeps only connections younger than the grace. */
    private void trimAddress(LinkedHashSet<K> ofAddress, long nowNanos, List<Eviction<K>> evicted) {
        while (ofAddress.size() > limits.waitingPerAddress()) {
            K oldest = ofAddress.iterator().next();
            if (nowNanos - all.get(oldest).sinceNanos() < graceNanos) {
                return;
            }
            remove(oldest);
            evicted.add(new Eviction<>(oldest, ConnectionDrop.OLDEST_OF_ADDRESS));
        }
    }

    /** Beyond {@code waiting}, only connections younger than the grace are kept, and never more than the ceiling. */
    private void trimAll(long nowNanos, List<Eviction<K>> evicted) {
        while (all.size() > limits.waiting()) {
            Map.Entry<K, Waiting> oldest = all.entrySet().iterator().next();
            if (all.size() <= limits.ceiling() && nowNanos - oldest.getValue().sinceNanos() < graceNanos) {
                return;
            }
            remove(oldest.getKey());
            evicted.add(new Eviction<>(oldest.getKey(), ConnectionDrop.OLDEST_OF_ALL));
        }
    }

    private void remove(K connection) {
        Waiting w = all.remove(connection);
        if (w != null) {
            removeFromAddress(connection, w.address());
        }
    }

    private void removeFromAddress(K connection, String address) {
        LinkedHashSet<K> ofAddress = byAddress.get(address);
        if (ofAddress != null && ofAddress.remove(connection) && ofAddress.isEmpty()) {
            byAddress.remove(address);
        }
    }
}
