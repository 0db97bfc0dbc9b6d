package io.brine.minion.schedule;

import java.time.Instant;
import java.util.Objects;

/**
 * What came of one due (or requested) run of a schedule entry: started, or skipped and why.
 *
 * <p>Example: {@code if (!attempt.started()) log("skipped " + attempt.name() + ": " + attempt.skipped());}
 *
 * @param name the entry
 * @param at when the scheduler decided, by its clock
 * @param skipped why it did not start, or null if it started
 */
public record RunAttempt(String name, Instant at, SkipReason skipped) {
    /** Checks that the name and time are given. */
    public RunAttempt {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(at, "at");
    }

    /** A run that started. */
    public static RunAttempt started(String name, Instant at) {
        return new RunAttempt(name, at, null);
    }

    /** Whether the run started (was handed to the launcher). */
    public boolean started() {
        return skipped == null;
    }

    @Override
    public String toString() {
        return name + (started() ? " started" : " skipped (" + skipped.saltName() + ")") + " at " + at;
    }
}
