package io.brine.master;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps a metric label's values few: the first {@link #limit} distinct values are used as they are, every later
 * one is reported as {@value #OTHER}. Every value of a label is a series Prometheus keeps; a caller naming a new
 * function per job must not grow the master's memory, nor the scraper's, without end.
 *
 * <pre>{@code
 * BoundedLabel functions = new BoundedLabel(200);
 * functions.of("test.ping");   // "test.ping"; the 201st distinct name and later ones read "other"
 * }</pre>
 */
final class BoundedLabel {
    static final String OTHER = "other";

    private final int limit;
    private final Set<String> seen = ConcurrentHashMap.newKeySet();

    BoundedLabel(int limit) {
        this.limit = limit;
    }

    /** {@code value} while it is one of the first {@code limit} distinct values seen, else {@value #OTHER}. */
    String of(String value) {
        if (seen.contains(value)) {
            return value;
        }
        synchronized (this) {
            if (seen.size() < limit) {
                seen.add(value);
                return value;
            }
        }
        return seen.contains(value) ? value : OTHER;
    }
}
