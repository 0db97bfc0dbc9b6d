package io.brine.minion.schedule;

import java.time.Instant;
import java.time.ZoneId;
import java.util.random.RandomGenerator;

/**
 * Where one entry stands in the scheduler: its next due time, that time put off by splay (when it fires), whether
 * its run_on_start run is still to come, and what came of its last attempt. Guarded by the {@link Scheduler}.
 */
final class EntryState {
    private ScheduleEntry entry;
    /** The due time before splay, or null when none is to come (a once spent, when times all past). */
    private Instant due;
    /** When the due run fires: {@link #due} plus a splay drawn for it. */
    private Instant fireAt;
    private boolean startRunPending;
    private RunAttempt last;

    /** The state of {@code entry} joining the schedule at {@code joined}: times before it are not owed. */
    EntryState(ScheduleEntry entry, Instant joined, ZoneId zone, RandomGenerator random) {
        this.entry = entry;
        this.startRunPending = entry.runOnStart();
        plan(entry.timing().first(joined, zone), random);
    }

    ScheduleEntry entry() {
        return entry;
    }

    /** The entry as now defined, its schedule unchanged (only enabled may differ): the state carries over. */
    void redefine(ScheduleEntry same) {
        entry = same;
    }

    boolean isDue(Instant now) {
        return startRunPending || fireAt != null && !now.isBefore(fireAt);
    }

    /**
     * Moves past everything due at {@code now}, the caller having made one attempt for it: the start run, and the
     * due time if it has come. However late {@code now} is, the next due time is after it.
     */
    void pass(Instant now, ZoneId zone, RandomGenerator random) {
        startRunPending = false;
        if (fireAt != null && !now.isBefore(fireAt)) {
            plan(entry.timing().next(due, now, zone), random);
        }
    }

    /** When the entry runs next as things stand (now, for a pending start run), or null if never. */
    Instant nextRun(Instant now) {
        return startRunPending ? now : fireAt;
    }

    /** How late the run firing at {@code now} is, in whole seconds (0 for a start run). */
    long secondsLate(Instant now) {
        return fireAt == null || now.isBefore(fireAt) ? 0 : now.getEpochSecond() - fireAt.getEpochSecond();
    }

    RunAttempt last() {
        return last;
    }

    void last(RunAttempt attempt) {
        last = attempt;
    }

    private void plan(Instant nextDue, RandomGenerator random) {
        due = nextDue;
        Splay splay = entry.splay() == null ? Splay.NONE : entry.splay();
        fireAt = nextDue == null ? null : nextDue.plusSeconds(splay.pick(random));
    }
}
