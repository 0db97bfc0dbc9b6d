package io.brine.minion.schedule;

/**
 * Why a scheduled run did not start, with the name Salt records for it ({@code _skip_reason}) where it has one.
 */
public enum SkipReason {
    /** The entry is disabled. */
    DISABLED("disabled"),
    /** The whole schedule is disabled ({@code schedule.disable}); Salt calls this "disabled" too. */
    SCHEDULE_DISABLED("disabled"),
    /** Outside the entry's {@code range}. */
    NOT_IN_RANGE("not_in_range"),
    /** Inside an inverted {@code range}, or inside {@code skip_during_range}. */
    IN_SKIP_RANGE("in_skip_range"),
    /** The entry's {@code until} has passed. */
    UNTIL_PASSED("until_passed"),
    /** The entry's {@code after} has not passed yet. */
    AFTER_NOT_PASSED("after_not_passed"),
    /** As many runs of the entry as its {@code maxrunning} allows are running already. */
    MAXRUNNING("maxrunning"),
    /** The launcher threw instead of starting the run (logged with the exception). */
    LAUNCH_FAILED("launch_failed");

    private final String saltName;

    SkipReason(String saltName) {
        this.saltName = saltName;
    }

    /** The name Salt gives this reason, e.g. {@code not_in_range}. */
    public String saltName() {
        return saltName;
    }
}
