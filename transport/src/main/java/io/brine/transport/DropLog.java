package io.brine.transport;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;

/**
 * Logs why input was dropped without letting a flood of junk flood the log: at most one warning a second,
 * with the count of those suppressed in between.
 */
public final class DropLog {
    private final Logger log;
    private long windowStart;
    private long suppressed;

    public DropLog(Logger log) {
        this.log = log;
    }

    public synchronized void drop(String reason) {
        long now = MonotonicMillis.now();
        if (now - windowStart >= 1000) {
            String tail = suppressed > 0 ? " (" + suppressed + " more dropped in the last second)" : "";
            log.log(Level.WARNING, "dropped: " + reason + tail);
            windowStart = now;
            suppressed = 0;
        } else {
            suppressed++;
        }
    }
}
