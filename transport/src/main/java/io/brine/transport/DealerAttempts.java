package io.brine.transport;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.Consumer;

/**
 * When and where a dealer connects next: the one backoff between attempts, the master's name looked up again for
 * every attempt (off the I/O thread, {@link Resolver}), and how long a connection's handshake is waited for,
 * depending on whether the master's router greeted it. With several masters (Salt's {@code master_type: failover})
 * an attempt that failed, or a session lost, moves to the next master of the list, round and round; a session
 * keeps its master for as long as it lasts. Used on the dealers' loop thread only.
 */
final class DealerAttempts {
    private static final Logger LOG = System.getLogger(DealerAttempts.class.getName());
    private final List<String> endpoints;
    /** The index in {@link #endpoints} of the master tried now. */
    private int current;
    private final TransportSettings settings;
    private final Backoff backoff;
    /** The wait before trying the next master of the list: always the first step, jittered. */
    private final Backoff hop;
    private final Resolver resolver;
    private final DealerLoop loop;
    private long nextAttemptAt;
    /** Counts lookups, so that one answering an attempt given up on is ignored. */
    private int lookups;
    /**
     * The master's router has greeted the current connection (its hello RESET arrived): the connection works, so a
     * slow answer means a busy master, not a lost greeting.
     */
    private boolean greeted;
    /**
     * Connections in a row that the master accepted and never greeted: each waits twice as long as the one before
     * (from the first handshake timeout up to the handshake timeout), since a master too busy to greet is only
     * made busier by connections that give up and start over. A connection that never got through (nothing
     * listening, a partition dropping packets) does not count: trying again soon costs the master nothing, and
     * finds it as soon as it is back.
     */
    private int ungreeted;

    DealerAttempts(List<String> endpoints, TransportSettings settings, Resolver resolver, DealerLoop loop) {
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("no master to connect to");
        }
        this.endpoints = List.copyOf(endpoints);
        this.settings = settings;
        this.backoff = new Backoff(settings.backoffMin(), settings.backoffMax());
        this.hop = new Backoff(settings.backoffMin(), settings.backoffMin());
        this.resolver = resolver;
        this.loop = loop;
    }

    boolean due(long now) {
        return now >= nextAttemptAt;
    }

    long nextAttemptAt() {
        return nextAttemptAt;
    }

    /** The master tried now (or whose session is up). */
    String endpoint() {
        return endpoints.get(current);
    }

    /**
     * An attempt or a session failed: the next goes to the next master of the list, if there are several, at once
     * (its first try: another master is no busier for this one's failure); after the last, the backoff's next delay.
     * Returns the wait.
     */
    long failed(long now) {
        long delay;
        if (endpoints.size() > 1 && current + 1 < endpoints.size()) {
            hop.reset();
            delay = hop.nextDelayMillis(); // the first step's jitter: a fleet failing over does not arrive at once
        } else {
            delay = backoff.nextDelayMillis();
        }
        current = (current + 1) % endpoints.size();
        nextAttemptAt = now + delay;
        return delay;
    }

    /** A session was accepted, or the master asked us back: the next wait is the backoff's first. */
    void reset() {
        backoff.reset();
    }

    /**
     * Looks the master's name up; on the loop thread, unless {@link #cancel}led, {@code found} hears the address, or
     * {@code notFound} that there is none and the next attempt is scheduled. A name that does not resolve (a VM
     * booted before its DNS) costs one log line per attempt, on the backoff's schedule, never a stack trace.
     */
    void resolve(Consumer<InetSocketAddress> found, Runnable notFound) {
        int mine = ++lookups;
        String endpoint = endpoint();
        resolver.resolve(endpoint, answer -> loop.execute(() -> {
            if (lookups != mine) {
                return;
            }
            if (answer.address() != null) {
                found.accept(answer.address());
                return;
            }
            long delay = failed(MonotonicMillis.now());
            LOG.log(Level.WARNING, "cannot connect to the master at " + endpoint + ": " + answer.failure()
                    + "; trying again in " + delay + " ms");
            notFound.run();
        }));
    }

    /** Whatever lookup is under way is answered to nobody. */
    void cancel() {
        lookups++;
    }

    /** A new connection: not greeted yet. */
    void connecting() {
        greeted = false;
    }

    /** The master's router greeted the connection. */
    void greeted() {
        greeted = true;
        ungreeted = 0;
    }

    /** The handshake on this connection was given up on; {@code connected}: the master's host had accepted it. */
    void gaveUp(boolean connected) {
        if (!greeted && connected) {
            ungreeted++;
        }
    }

    /** How long a handshake message's answer is waited for on the current connection. */
    long handshakeLimit() {
        if (greeted) {
            return settings.handshakeTimeout().toMillis();
        }
        long first = settings.firstHandshakeTimeout().toMillis();
        return Math.min(first << Math.min(ungreeted, 10), settings.handshakeTimeout().toMillis());
    }
}
