package io.brine.transport;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with "equal jitter": each delay is half the current step plus a random part of the other
 * half. After a master restart every minion reconnects, and the jitter spreads them out instead of letting
 * them arrive in lockstep.
 */
final class Backoff {
    private final long minMillis;
    private final long maxMillis;
    private long step;

    Backoff(Duration min, Duration max) {
        this.minMillis = Math.max(1, min.toMillis());
        this.maxMillis = Math.max(minMillis, max.toMillis());
        this.step = minMillis;
    }

    long nextDelayMillis() {
        long current = step;
        step = Math.min(maxMillis, step * 2);
        long half = current / 2;
        return half + ThreadLocalRandom.current().nextLong(current - half + 1);
    }

    void reset() {
        step = minMillis;
    }
}
