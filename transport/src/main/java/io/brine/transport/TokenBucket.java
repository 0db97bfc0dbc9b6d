package io.brine.transport;

/** A rate: {@code burst} at once, then {@code perSecond}. Not thread-safe; each owner uses its own. */
final class TokenBucket {
    private final double burst;
    private final double perNano;
    private double tokens;
    private long last;

    TokenBucket(double burst, double perSecond, long nowNanos) {
        this.burst = burst;
        this.perNano = perSecond / 1e9;
        this.tokens = burst;
        this.last = nowNanos;
    }

    boolean tryTake(long nowNanos) {
        tokens = Math.min(burst, tokens + (nowNanos - last) * perNano);
        last = nowNanos;
        if (tokens >= 1) {
            tokens -= 1;
            return true;
        }
        return false;
    }

    /** Returns a token taken for something that did not happen after all (a handshake answered BUSY). */
    void giveBack() {
        tokens = Math.min(burst, tokens + 1);
    }

    /** True once the bucket would be full again: nothing is lost by forgetting it. */
    boolean isFull(long nowNanos) {
        return tokens + (nowNanos - last) * perNano >= burst;
    }
}
