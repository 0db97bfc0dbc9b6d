package io.brine.minion.schedule;

/**
 * Starts a scheduled run; the minion's job runner implements it. The scheduler counts the run as running from the
 * call until {@code done} is run, which is how it honours {@code maxrunning}, so {@code done} must be run exactly
 * once when the run ends, however it ends (the scheduler ignores further calls). A launcher that throws has not
 * started the run: the scheduler counts it as not running and records {@link SkipReason#LAUNCH_FAILED}.
 *
 * <p>{@link #launch} is called on the thread that ticks the schedule, outside the scheduler's lock; it must hand
 * the run to another thread and return, or no other entry is looked at meanwhile.
 *
 * <p>Example: {@code (entry, done) -> pool.execute(() -> { try { run(entry); } finally { done.run(); } })}
 */
@FunctionalInterface
public interface ScheduledJobLauncher {
    /** Starts a run of {@code entry}'s function with its arguments; runs {@code done} once it has ended. */
    void launch(ScheduleEntry entry, Runnable done);
}
