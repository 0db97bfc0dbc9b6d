package io.brine.transport;

import java.net.InetAddress;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Who may connect and start handshakes: caps on connections (all, and per source address), a token bucket of first
 * handshake messages per address, and the addresses whose peers recently completed a session, whose handshakes go
 * ahead of strangers' in a flood. Used on the router's I/O thread only.
 */
final class Admission {
    /** Remembered addresses of peers that completed a session; the oldest is forgotten beyond this. */
    static final int KNOWN_ADDRESSES = 100_000;

    private final RouterLimits limits;
    private final Map<InetAddress, Integer> connections = new HashMap<>();
    private final Map<InetAddress, TokenBucket> handshakeRates = new HashMap<>();
    private final Map<InetAddress, Boolean> known = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<InetAddress, Boolean> eldest) {
            return size() > KNOWN_ADDRESSES;
        }
    };
    private int total;

    Admission(RouterLimits limits) {
        this.limits = limits;
    }

    /** Which cap a new connection would go over. */
    enum Refusal {
        TOO_MANY("too many connections"),
        TOO_MANY_FROM_ADDRESS("too many connections from one address");

        final String text;

        Refusal(String text) {
            this.text = text;
        }
    }

    /** Admits a new connection from {@code address}, or returns why not. */
    Refusal admit(InetAddress address) {
        if (total >= limits.maxConnections()) {
            return Refusal.TOO_MANY;
        }
        int fromAddress = connections.getOrDefault(address, 0);
        if (fromAddress >= limits.maxConnectionsPerAddress()) {
            return Refusal.TOO_MANY_FROM_ADDRESS;
        }
        connections.put(address, fromAddress + 1);
        total++;
        return null;
    }

    void closed(InetAddress address) {
        total--;
        connections.computeIfPresent(address, (a, n) -> n <= 1 ? null : n - 1);
    }

    /** Takes a token for a first handshake message from {@code address}; false if the address is over its rate. */
    boolean handshakeAllowed(InetAddress address, long nowNanos) {
        TokenBucket bucket = handshakeRates.computeIfAbsent(address, a -> new TokenBucket(
                limits.handshakesPerAddressBurst(), limits.handshakesPerAddressPerSecond(), nowNanos));
        return bucket.tryTake(nowNanos);
    }

    /** A handshake {@link #handshakeAllowed} let through was deferred (BUSY): its token goes back. */
    void handshakeDeferred(InetAddress address) {
        TokenBucket bucket = handshakeRates.get(address);
        if (bucket != null) {
            bucket.giveBack();
        }
    }

    /** A peer from {@code address} completed a session: its next handshakes are served first. */
    void remember(InetAddress address) {
        known.put(address, Boolean.TRUE);
    }

    boolean isKnown(InetAddress address) {
        return known.containsKey(address);
    }

    int connections() {
        return total;
    }

    /** Forgets rate buckets that are full again, so the map holds only addresses active lately. */
    void sweep(long nowNanos) {
        for (Iterator<TokenBucket> it = handshakeRates.values().iterator(); it.hasNext();) {
            if (it.next().isFull(nowNanos)) {
                it.remove();
            }
        }
    }
}
