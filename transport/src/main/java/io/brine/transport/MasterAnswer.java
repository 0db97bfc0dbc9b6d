package io.brine.transport;

import io.brine.protocol.KeyStatus;
import java.time.Duration;

/**
 * What the master last said of a dealer's key, for threads other than the dealers' loop to read and wait on.
 */
final class MasterAnswer {
    private final Object lock = new Object();
    private volatile KeyStatus status;
    private volatile String detail = "no answer from the master yet";

    KeyStatus status() {
        return status;
    }

    String detail() {
        return detail;
    }

    void publish(KeyStatus newStatus, String newDetail) {
        synchronized (lock) {
            detail = newDetail;
            status = newStatus;
            lock.notifyAll();
        }
    }

    /** The first answer, or null if none came within {@code timeout}. */
    KeyStatus await(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (lock) {
            while (status == null) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return null;
                }
                lock.wait(Math.max(1, left / 1_000_000));
            }
            return status;
        }
    }
}
