package io.brine.states.execution;

import java.time.Instant;
import java.util.Optional;

/**
 * One state run at a time on a minion, as in Salt: two runs changing the same machine at once would undo each
 * other's work. A second run is refused at once naming the one running (Salt's conflict message), waits its turn
 * ({@code queue=True}, up to its own deadline), or runs beside it ({@code concurrent=True}, the caller's choice).
 */
final class StateRunLock {
    private String jid;
    private String function;

    /** Takes the lock for job {@code jid}; empty if taken, else why not: the run that holds it. */
    synchronized Optional<String> tryTake(String jid, String function) {
        if (this.jid != null) {
            return Optional.of("The function \"" + this.function + "\" is running as jid " + this.jid
                    + "; pass queue=True to wait for it, or concurrent=True to run beside it");
        }
        this.jid = jid;
        this.function = function;
        return Optional.empty();
    }

    /** Waits until the lock is free, then takes it; false if {@code deadline} passed first. */
    synchronized boolean take(String jid, String function, Instant deadline) throws InterruptedException {
        while (this.jid != null) {
            long left = deadline.toEpochMilli() - System.currentTimeMillis();
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        this.jid = jid;
        this.function = function;
        return true;
    }

    synchronized void release(String jid) {
        if (jid.equals(this.jid)) {
            this.jid = null;
            this.function = null;
            notifyAll();
        }
    }
}
