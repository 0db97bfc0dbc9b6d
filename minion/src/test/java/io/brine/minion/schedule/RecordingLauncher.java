package io.brine.minion.schedule;

import java.time.Clock;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * A launcher that records what it was asked to start and when (by the test's clock), and either ends each run at
 * once or keeps it running until the test ends it.
 */
final class RecordingLauncher implements ScheduledJobLauncher {
    private final Clock clock;
    private final List<String> launched = new ArrayList<>();
    private final List<Runnable> running = new ArrayList<>();
    private boolean keepRunning;
    private RuntimeException failure;

    RecordingLauncher(Clock clock) {
        this.clock = clock;
    }

    /** Runs started from now on keep running until {@link #finishAll}. */
    RecordingLauncher keepingRunsRunning() {
        keepRunning = true;
        return this;
    }

    /** The next launches throw {@code e}. */
    void failWith(RuntimeException e) {
        failure = e;
    }

    @Override
    public void launch(ScheduleEntry entry, Runnable done) {
        if (failure != null) {
            throw failure;
        }
        launched.add(entry.name() + "@" + LocalDateTime.ofInstant(clock.instant(), clock.getZone()).toLocalTime());
        if (keepRunning) {
            running.add(done);
        } else {
            done.run();
        }
    }

    /** Ends every run still running, twice over (the scheduler must count each once). */
    void finishAll() {
        running.forEach(Runnable::run);
        running.forEach(Runnable::run);
        running.clear();
    }

    /** What was launched, as {@code name@HH:MM[:SS]}, oldest first. */
    List<String> launched() {
        return List.copyOf(launched);
    }

    /** Forgets what was launched so far. */
    void clear() {
        launched.clear();
    }
}
