package io.brine.transport;

/**
 * Milliseconds for measuring intervals (heartbeat silence, handshake and backoff timers, idle buffers): read from
 * the monotonic clock, not the wall clock, because a guest's wall clock is stepped. A VM that boots with a wrong
 * clock and is corrected by NTP hours later would otherwise see every peer silent at once (a step forward) or
 * never see a dead peer go silent until the clock caught up (a step back). The values have no epoch: compare
 * them with each other only, never with wall-clock times. They start a day above zero, so that a field left at 0
 * ("never") reads as long ago, as it did with wall-clock times (System.nanoTime() itself may be negative).
 */
final class MonotonicMillis {
    private static final long ORIGIN_NANOS = System.nanoTime();
    private static final long START_MILLIS = 86_400_000L;

    private MonotonicMillis() {
    }

    static long now() {
        return START_MILLIS + (System.nanoTime() - ORIGIN_NANOS) / 1_000_000L;
    }
}
