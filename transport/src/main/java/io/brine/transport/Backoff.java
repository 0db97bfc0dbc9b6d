package io.brine.transport;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * Exponential backoff with "equal jitter": each delay is half the current step plus a random part of the other
 * half. After a master restart (or its going-away notice) every minion reconnects, and the jitter spreads them
 * out instead of letting them arrive in lockstep.
 */
final class Backoff {
    private final long minMillis;
    private final long maxMillis;
    /** Null: the calling thread's {@link ThreadLocalRandom}. Tests pass a seeded source. */
    private final RandomGenerator random;
    private long step;

    Backoff(Duration min, Duration max) {
        this(min, max, null);
    }

    /** As above, drawing the jitter from {@code random} (a seeded generator makes the delays reproducible). */
    Backoff(Duration min, Duration max, RandomGenerator random) {
        this.minMillis = Math.max(1, min.toMillis());
        this.maxMillis = Math.max(minMillis, max.toMillis());
        this.random = random;
        this.step = minMillis;
    }

    long nextDelayMillis() {
        long current = step;
        step = Math.min(maxMillis, step * 2);
        long half = current / 2;
        RandomGenerator r = random == null ? ThreadLocalRandom.current() : random;
        return half + r.nextLong(current - half + 1);
    }

    void reset() {
        step = minMillis;
    }
}
