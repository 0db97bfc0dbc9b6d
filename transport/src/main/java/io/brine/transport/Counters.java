package io.brine.transport;

import java.util.concurrent.atomic.LongAdder;

/**
 * Why frames were dropped, counted so an operator can tell an attack or a bug from normal churn; and how many
 * handshakes and sessions came and went, so a restart storm can be told from a fleet reconnecting once.
 */
public final class Counters {
    final LongAdder handshakesStarted = new LongAdder();
    final LongAdder sessionsOpened = new LongAdder();
    final LongAdder handshakesExpired = new LongAdder();
    final LongAdder sessionsExpired = new LongAdder();
    final LongAdder malformed = new LongAdder();
    final LongAdder handshakeFailures = new LongAdder();
    final LongAdder decryptFailures = new LongAdder();
    final LongAdder noSession = new LongAdder();
    final LongAdder refused = new LongAdder();
    final LongAdder sendDropped = new LongAdder();

    /** First handshake messages received: one per connection a peer (re)started a handshake on. */
    public long handshakesStarted() {
        return handshakesStarted.sum();
    }

    /** Handshakes completed, whatever the key's status turned out to be. */
    public long sessionsOpened() {
        return sessionsOpened.sum();
    }

    /** Handshakes given up because the peer never finished them. */
    public long handshakesExpired() {
        return handshakesExpired.sum();
    }

    /** Sessions ended because the peer went silent (no heartbeat for three periods). */
    public long sessionsExpired() {
        return sessionsExpired.sum();
    }

    public long malformed() {
        return malformed.sum();
    }

    public long handshakeFailures() {
        return handshakeFailures.sum();
    }

    public long decryptFailures() {
        return decryptFailures.sum();
    }

    public long noSession() {
        return noSession.sum();
    }

    public long refused() {
        return refused.sum();
    }

    public long sendDropped() {
        return sendDropped.sum();
    }

    @Override
    public String toString() {
        return "malformed=" + malformed() + " handshakeFailures=" + handshakeFailures() + " decryptFailures="
                + decryptFailures() + " noSession=" + noSession() + " refused=" + refused() + " sendDropped="
                + sendDropped() + " handshakesStarted=" + handshakesStarted() + " sessionsOpened=" + sessionsOpened()
                + " handshakesExpired=" + handshakesExpired() + " sessionsExpired=" + sessionsExpired();
    }
}
