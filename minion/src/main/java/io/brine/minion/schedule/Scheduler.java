package io.brine.minion.schedule;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.random.RandomGenerator;

/**
 * Fires the due entries of a schedule, driven by {@link #tick()} (its owner calls it about once a second; it has
 * no thread of its own). Times are read from the clock given, in the clock's zone.
 *
 * <p>At most one attempt per entry per tick: a tick that comes late (the machine was suspended) makes one attempt
 * for an overdue entry and moves it to its next time after now, never a backlog. An entry that joins the schedule
 * (at the start, or through {@link #replace}) owes nothing from before it joined: a cron or when time missed while
 * the minion was down is not run, unless the entry has run_on_start, which runs it at the first tick after joining.
 *
 * <p>An attempt is skipped, and the reason recorded, when the schedule or the entry is disabled, a window forbids
 * it ({@link RunWindows}), or maxrunning runs of the entry are running; the entry then waits for its next time.
 * Running runs are counted by entry name from launch until the launcher's {@code done}, across redefinitions.
 *
 * <p>Thread-safe; the launcher is called outside the lock.
 */
final class Scheduler {
    private static final Logger LOG = System.getLogger(Scheduler.class.getName());

    private final Clock clock;
    private final RandomGenerator random;
    private final ScheduledJobLauncher launcher;
    /** Entry name to its state, in the order given; guarded by this. */
    private final Map<String, EntryState> states = new LinkedHashMap<>();
    /** Entry name to its runs started and not yet done; guarded by this. */
    private final Map<String, Integer> running = new HashMap<>();
    private boolean enabled = true;

    Scheduler(Clock clock, RandomGenerator random, ScheduledJobLauncher launcher) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
        this.launcher = Objects.requireNonNull(launcher, "launcher");
    }

    /**
     * Makes {@code entries} (name to entry) the schedule. An entry whose schedule is unchanged (its definition
     * equal but for {@code enabled}) keeps its state: its next time, its pending start run. Any other starts
     * afresh from now.
     */
    synchronized void replace(Map<String, ScheduleEntry> entries) {
        Instant now = clock.instant();
        Map<String, EntryState> next = new LinkedHashMap<>();
        entries.forEach((name, entry) -> {
            if (!name.equals(entry.name())) {
                throw new IllegalArgumentException("schedule entry '" + entry.name() + "' given as '" + name + "'");
            }
            EntryState old = states.get(name);
            if (old != null && old.entry().withEnabled(true).equals(entry.withEnabled(true))) {
                old.redefine(entry);
                next.put(name, old);
            } else {
                next.put(name, new EntryState(entry, now, clock.getZone(), random));
            }
        });
        states.clear();
        states.putAll(next);
    }

    /** Enables or disables the whole schedule; due runs of a disabled schedule are skipped, not saved up. */
    synchronized void setEnabled(boolean on) {
        enabled = on;
    }

    synchronized boolean isEnabled() {
        return enabled;
    }

    /** Makes one attempt for each entry that is due, and reports them (started or skipped). */
    List<RunAttempt> tick() {
        List<RunAttempt> attempts = new ArrayList<>();
        List<ScheduleEntry> toLaunch = new ArrayList<>();
        synchronized (this) {
            Instant now = clock.instant();
            for (EntryState state : states.values()) {
                if (!state.isDue(now)) {
                    continue;
                }
                ScheduleEntry entry = state.entry();
                RunAttempt attempt = attempt(entry, now, true);
                logAttempt(attempt, state.secondsLate(now));
                state.last(attempt);
                state.pass(now, clock.getZone(), random);
                attempts.add(attempt);
                if (attempt.started()) {
                    toLaunch.add(entry);
                }
            }
        }
        return launchAll(attempts, toLaunch);
    }

    /**
     * Runs entry {@code name} now, as Salt's scheduler does for {@code schedule.run_job}: whether or not the entry
     * or the schedule is disabled and whatever its windows say, but not beyond its maxrunning. Its next time is
     * unchanged.
     *
     * @throws IllegalArgumentException if there is no such entry
     */
    RunAttempt runNow(String name) {
        ScheduleEntry entry;
        RunAttempt attempt;
        synchronized (this) {
            EntryState state = states.get(name);
            if (state == null) {
                throw new IllegalArgumentException("no schedule entry '" + name + "'");
            }
            entry = state.entry();
            attempt = attempt(entry, clock.instant(), false);
            logAttempt(attempt, 0);
            state.last(attempt);
        }
        return attempt.started() ? launch(entry, attempt) : attempt;
    }

    /** Entry name to when it runs next as things stand (skips aside); entries with no time to come are left out. */
    synchronized Map<String, Instant> nextRuns() {
        Instant now = clock.instant();
        Map<String, Instant> out = new LinkedHashMap<>();
        states.forEach((name, state) -> {
            Instant next = state.nextRun(now);
            if (next != null) {
                out.put(name, next);
            }
        });
        return out;
    }

    /** Entry name to its last attempt, for entries that had one. */
    synchronized Map<String, RunAttempt> lastAttempts() {
        Map<String, RunAttempt> out = new LinkedHashMap<>();
        states.forEach((name, state) -> {
            if (state.last() != null) {
                out.put(name, state.last());
            }
        });
        return out;
    }

    /** Runs of entry {@code name} started and not yet done. */
    synchronized int running(String name) {
        return running.getOrDefault(name, 0);
    }

    /** Decides an attempt at {@code now}; a started one is counted as running from here. Holds the lock. */
    private RunAttempt attempt(ScheduleEntry entry, Instant now, boolean scheduled) {
        SkipReason why = scheduled ? gate(entry, now) : null;
        if (why == null && entry.jidInclude() && running(entry.name()) >= entry.maxRunning()) {
            why = SkipReason.MAXRUNNING;
        }
        if (why != null) {
            return new RunAttempt(entry.name(), now, why);
        }
        running.merge(entry.name(), 1, Integer::sum);
        return RunAttempt.started(entry.name(), now);
    }

    private SkipReason gate(ScheduleEntry entry, Instant now) {
        if (!enabled) {
            return SkipReason.SCHEDULE_DISABLED;
        }
        if (!entry.enabled()) {
            return SkipReason.DISABLED;
        }
        return entry.windows().check(LocalDateTime.ofInstant(now, clock.getZone()));
    }

    private List<RunAttempt> launchAll(List<RunAttempt> attempts, List<ScheduleEntry> toLaunch) {
        List<RunAttempt> out = new ArrayList<>(attempts.size());
        int next = 0;
        for (RunAttempt attempt : attempts) {
            out.add(attempt.started() ? launch(toLaunch.get(next++), attempt) : attempt);
        }
        return out;
    }

    /** Hands a started run to the launcher; the attempt as it ended up (launch failed, if the launcher threw). */
    private RunAttempt launch(ScheduleEntry entry, RunAttempt attempt) {
        AtomicBoolean ended = new AtomicBoolean();
        Runnable done = () -> {
            if (ended.compareAndSet(false, true)) {
                finished(entry.name());
            }
        };
        try {
            launcher.launch(entry, done);
            return attempt;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "scheduled job " + entry.name() + " (" + entry.function() + ") could not be "
                    + "started", e);
            done.run();
            RunAttempt failed = new RunAttempt(entry.name(), attempt.at(), SkipReason.LAUNCH_FAILED);
            synchronized (this) {
                EntryState state = states.get(entry.name());
                if (state != null && state.last() == attempt) {
                    state.last(failed);
                }
            }
            return failed;
        }
    }

    private synchronized void finished(String name) {
        running.computeIfPresent(name, (n, count) -> count > 1 ? count - 1 : null);
    }

    private static void logAttempt(RunAttempt attempt, long secondsLate) {
        if (attempt.started()) {
            LOG.log(Level.INFO, "running scheduled job " + attempt.name()
                    + (secondsLate > 1 ? " (" + secondsLate + " seconds late)" : ""));
        } else {
            Level level = attempt.skipped() == SkipReason.DISABLED || attempt.skipped() == SkipReason.SCHEDULE_DISABLED
                    ? Level.DEBUG : Level.INFO;
            LOG.log(level, "scheduled job " + attempt.name() + " skipped: " + attempt.skipped().saltName());
        }
    }
}
