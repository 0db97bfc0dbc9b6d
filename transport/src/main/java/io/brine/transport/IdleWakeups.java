package io.brine.transport;

import java.util.concurrent.locks.LockSupport;

/**
 * Backs off when a selector says a ZeroMQ socket is ready and the socket then has nothing to give.
 *
 * <p>JeroMQ 0.6.0's signaler writes its wake-up byte to the socket's descriptor before it counts the signal,
 * and the socket only consumes the byte once the count says so. A loop woken in between finds nothing, but the
 * descriptor stays readable, so the loop spins until the writing thread gets to its next instruction. On a
 * small machine the spinning takes the processor from that very thread: on 2 cores the master's and a
 * minion's loops turned some 400 times per job, and every hop of a job waited 2 to 4 ms for the scheduler.
 * Parking for a few microseconds hands the processor over; the pause doubles while wake-ups stay empty and
 * is capped so that a genuinely idle loop still reacts within a fraction of a millisecond.
 */
final class IdleWakeups {
    static final long FIRST_PAUSE_NANOS = 20_000;
    static final long MAX_PAUSE_NANOS = 320_000;

    private long pause = FIRST_PAUSE_NANOS;
    private long count;

    /** One turn of the loop: {@code woken} if the selector reported readiness, {@code worked} if anything was done. */
    void after(boolean woken, boolean worked) {
        if (worked || !woken) {
            pause = FIRST_PAUSE_NANOS;
            return;
        }
        count++;
        LockSupport.parkNanos(pause);
        pause = Math.min(MAX_PAUSE_NANOS, pause * 2);
    }

    /** How many empty wake-ups the loop has paused for: the spin this class exists to stop. */
    long count() {
        return count;
    }

    /** The pause the next empty wake-up will take. */
    long nextPauseNanos() {
        return pause;
    }
}
