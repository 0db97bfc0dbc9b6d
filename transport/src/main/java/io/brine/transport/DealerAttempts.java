package io.brine.transport;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.util.function.Consumer;

/**
 * When and where a dealer connects next: the one backoff between attempts, the master's name looked up again for
 * every attempt (off the I/O thread, {@link Resolver}), and how long a connection's handshake is waited for,
 * depending on whether the master's router greeted it. Used on the dealers' loop thread only.
 */
final class DealerAttempts {
    private static final Logger LOG = System.getLogger(DealerAttempts.class.getName());
    private final String endpoint;
    private final TransportSettings settings;
    private final Backoff backoff;
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

    DealerAttempts(String endpoint, TransportSettings settings, Resolver resolver, DealerLoop loop) {
        this.endpoint = endpoint;
        this.settings = settings;
        this.backoff = new Backoff(settings.backoffMin(), settings.backoffMax());
        this.resolver = resolver;
        this.loop = loop;
    }

    boolean due(long now) {
        return now >= nextAttemptAt;
    }

    long nextAttemptAt() {
        return nextAttemptAt;
    }

    /** An attempt or a session failed: the next waits the backoff's next delay, returned. */
    long failed(long now) {
        long delay = backoff.nextDelayMillis();
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
