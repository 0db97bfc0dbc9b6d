package io.brine.transport;

import java.util.concurrent.atomic.LongAdder;

/** Why frames were dropped, counted so an operator can tell an attack or a bug from normal churn. */
public final class Counters {
    final LongAdder malformed = new LongAdder();
    final LongAdder handshakeFailures = new LongAdder();
    final LongAdder decryptFailures = new LongAdder();
    final LongAdder noSession = new LongAdder();
    final LongAdder refused = new LongAdder();
    final LongAdder sendDropped = new LongAdder();

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
                + sendDropped();
    }
}
