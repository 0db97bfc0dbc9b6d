package io.brine.transport;

/**
 * The memory all connections together may hold in frames still arriving. Each reader reserves what it grows its
 * buffer by and releases it when the frame is complete or the connection closes; a reader that would exceed the
 * budget gets its connection closed instead. Used on the server's I/O thread only.
 */
final class FrameBudget {
    private final long limit;
    private long reserved;
    /** Read by tests and reports from other threads. */
    private volatile long peak;

    FrameBudget(long limit) {
        this.limit = limit;
    }

    boolean reserve(int bytes) {
        if (reserved + bytes > limit) {
            return false;
        }
        reserved += bytes;
        peak = Math.max(peak, reserved);
        return true;
    }

    void release(int bytes) {
        reserved -= bytes;
    }

    long reserved() {
        return reserved;
    }

    long peak() {
        return peak;
    }
}
