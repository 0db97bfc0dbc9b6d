package io.brine.minion;

import io.brine.functions.ScheduleControl;
import io.brine.minion.schedule.MinionSchedule;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The minion's scheduler at work (Salt's {@code schedule}): its {@link MinionSchedule}, kept in the cachedir, fed the
 * minion config's {@code schedule}, the pillar's, and the mine's periodic update ({@link MineInterval}), ticked once
 * a second on the runtime's timer from {@link #start}, its due runs made by {@link ScheduledRuns}.
 *
 * <p>The pillar's part is fetched after each session the master accepts and on {@code pillar.refresh}; until the
 * first answer the schedule runs the config's entries alone, and the mine's entry joins then (its first update
 * needs the master anyway).
 *
 * <p>Example: {@code scheduler.start(); ... scheduler.fetchPillar(); ... scheduler.close();}
 */
final class MinionScheduler implements AutoCloseable {
    private static final Logger LOG = System.getLogger(MinionScheduler.class.getName());

    private final MinionSchedule schedule;
    private final ScheduledRuns runs;
    private final RecurringSettings settings;
    /**
     * Asks the master for the pillar without a thread waiting for the answer: a swarm of minions sharing one
     * runtime would otherwise hold a thread each at every master restart.
     */
    private final Supplier<CompletionStage<Map<String, Object>>> pillar;
    private final ScheduledExecutorService timer;
    /** Where a fetched pillar is taken in: not the transport thread that completes the fetch. */
    private final Executor background;
    private final ScheduleControl control;
    /** Whether the pillar last fetched had mine functions; guarded by this. */
    private boolean pillarHasMineFunctions;
    private ScheduledFuture<?> ticker;

    private MinionScheduler(MinionSchedule schedule, ScheduledRuns runs, RecurringSettings settings,
            Supplier<CompletionStage<Map<String, Object>>> pillar, MinionRuntime runtime, Clock clock) {
        this.schedule = schedule;
        this.runs = runs;
        this.settings = settings;
        this.pillar = pillar;
        this.timer = runtime.timer();
        this.background = runtime.jobs();
        this.control = new MinionScheduleControl(schedule, Set.of(MineInterval.NAME), clock.getZone());
        schedule.setConfig(settings.schedule());
    }

    /**
     * Opens the schedule kept in {@code cachedir} (its runtime changes), runs on the system's clock and zone (cron,
     * when and range are local times, as in Salt), its runs made by {@code runs}; nothing fires before
     * {@link #start}.
     *
     * @param pillar asks the master for this minion's pillar (its answer, or an {@link IOException}, comes later)
     * @throws IOException if the saved changes exist and can be neither read nor set aside
     */
    static MinionScheduler open(MinionConfig config, ScheduledRuns runs,
            Supplier<CompletionStage<Map<String, Object>>> pillar, MinionRuntime runtime) throws IOException {
        Clock clock = Clock.systemDefaultZone();
        MinionSchedule schedule = MinionSchedule.open(config.cacheDir(), clock, new SplittableRandom(), runs);
        return new MinionScheduler(schedule, runs, config.recurring(), pillar, runtime, clock);
    }

    /** Starts ticking, the first tick a second from now. */
    synchronized void start() {
        if (ticker == null) {
            ticker = timer.scheduleAtFixedRate(this::tick, 1, 1, TimeUnit.SECONDS);
        }
    }

    /** What the schedule.* functions use. */
    ScheduleControl control() {
        return control;
    }

    /** The most a new session waits before it asks for the pillar's schedule: see {@link #fetchPillarSoon}. */
    static final long PILLAR_SPLAY_MILLIS = 3000;

    /**
     * {@link #fetchPillar} within {@link #PILLAR_SPLAY_MILLIS}, at random: a fleet reconnecting to a restarted master
     * would otherwise have it compile every minion's pillar in the same moment, while it takes their returns.
     */
    void fetchPillarSoon() {
        try {
            timer.schedule(this::fetchPillar, new SplittableRandom().nextLong(PILLAR_SPLAY_MILLIS + 1),
                    java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // the minion is closing: nothing to schedule for
        }
    }

    /** Asks for the pillar and, once it comes, takes its schedule and mine functions (after a session starts). */
    void fetchPillar() {
        try {
            handle(pillar.get());
        } catch (RuntimeException e) { // no session, or the job threads closing: the next session asks again
            LOG.log(Level.WARNING, "the pillar's schedule was not asked for: " + e);
        }
    }

    private void handle(CompletionStage<Map<String, Object>> asked) {
        asked.whenCompleteAsync((fresh, failure) -> {
            if (failure == null) {
                pillarChanged(fresh);
                return;
            }
            Throwable why = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            LOG.log(Level.WARNING, "the pillar's schedule was not fetched (" + why.getMessage() + "); the schedule "
                    + "keeps the last one it had");
            mineEntry(); // the config's mine functions need no pillar
        }, background);
    }

    /** Takes the pillar's {@code schedule} and {@code mine_functions} (a fresh pillar). */
    synchronized void pillarChanged(Map<String, Object> pillar) {
        Object fromPillar = pillar.get("schedule");
        if (fromPillar != null && !(fromPillar instanceof Map<?, ?>)) {
            LOG.log(Level.WARNING, "the pillar's schedule is " + fromPillar.getClass().getSimpleName() + ", not a "
                    + "mapping; the schedule runs without it");
        }
        Map<String, Object> entries = new LinkedHashMap<>();
        if (fromPillar instanceof Map<?, ?> m) {
            m.forEach((k, v) -> entries.put(String.valueOf(k), v));
        }
        schedule.setPillar(entries);
        pillarHasMineFunctions = pillar.get("mine_functions") instanceof Map<?, ?> m && !m.isEmpty();
        mineEntry();
    }

    /** The config's schedule, with the mine's entry while there are mine functions in the config or the pillar. */
    private synchronized void mineEntry() {
        boolean wanted = !settings.mineFunctions().isEmpty() || pillarHasMineFunctions;
        schedule.setConfig(MineInterval.into(settings.schedule(), wanted, settings.mineInterval()));
    }

    private void tick() {
        try {
            schedule.tick();
        } catch (RuntimeException e) {
            // a timer task that throws is never run again: the schedule must outlive one bad tick
            LOG.log(Level.ERROR, "a tick of the schedule failed", e);
        }
    }

    /** Stops ticking, then stops the runs still going (each returns "stopped" to the spool). */
    @Override
    public synchronized void close() {
        if (ticker != null) {
            ticker.cancel(false);
        }
        runs.close();
    }
}
