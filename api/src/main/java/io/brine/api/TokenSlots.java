package io.brine.api;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.LongAdder;

/**
 * Bounds how many requests of one kind that hold a worker for long (event streams, long polls) may be under way:
 * all together ({@code 503} beyond) and per token ({@code 429} beyond), both with {@code Retry-After: 1}, so that
 * one token cannot take every worker of the listener, and all of them together leave workers for short requests.
 *
 * <pre>{@code
 * try (TokenSlots.Slot slot = streams.acquire("heat")) {
 *     ...   // stream
 * }
 * }</pre>
 */
final class TokenSlots {
    /** One request's hold on a slot; closing it gives the slot back. */
    interface Slot extends AutoCloseable {
        @Override
        void close();
    }

    private final String what;
    private final int overall;
    private final int perToken;
    private final Semaphore total;
    private final Map<String, Integer> held = new ConcurrentHashMap<>();
    final LongAdder refused = new LongAdder();

    TokenSlots(String what, int overall, int perToken) {
        this.what = what;
        this.overall = overall;
        this.perToken = perToken;
        this.total = new Semaphore(overall);
    }

    Slot acquire(String tokenName) {
        boolean[] granted = new boolean[1];
        held.compute(tokenName, (t, n) -> {
            int count = n == null ? 0 : n;
            granted[0] = count < perToken;
            return granted[0] ? count + 1 : n;
        });
        if (!granted[0]) {
            refused.increment();
            throw ApiException.tooMany("too many " + what + " open for this token; at most " + perToken);
        }
        if (!total.tryAcquire()) {
            release(tokenName);
            refused.increment();
            throw ApiException.busy("too many " + what + " open; at most " + overall);
        }
        return () -> {
            total.release();
            release(tokenName);
        };
    }

    int inUse() {
        return overall - total.availablePermits();
    }

    private void release(String tokenName) {
        held.computeIfPresent(tokenName, (t, n) -> n <= 1 ? null : n - 1);
    }
}
