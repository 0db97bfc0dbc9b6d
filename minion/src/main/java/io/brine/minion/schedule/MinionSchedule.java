package io.brine.minion.schedule;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * A minion's schedule (Salt's {@code schedule:}), the one object the rest of the minion uses: it merges the minion
 * config's {@code schedule:}, the pillar's, and the changes made at run time (kept in
 * {@code cachedir/schedule.json}), fires due entries through the launcher when {@link #tick()} is called, and
 * serves the {@code schedule.*} functions.
 *
 * <p>Precedence is Salt's: config over pillar, runtime changes over both; an entry from the pillar is changed in
 * the pillar, not at run time. An entry of the config or the pillar that cannot be read is left out and reported
 * in {@link #problems()}; the others run. A runtime change that cannot be saved is not made.
 *
 * <p>Example:
 * <pre>{@code
 * MinionSchedule schedule = MinionSchedule.open(cachedir, Clock.systemDefaultZone(), new SplittableRandom(),
 *         (entry, done) -> jobs.start(entry, done));
 * schedule.setConfig(config.schedule());
 * ticker.scheduleAtFixedRate(schedule::tick, 1, 1, TimeUnit.SECONDS);
 * schedule.add("uptime", Map.of("function", "status.uptime", "minutes", 5));
 * }</pre>
 */
public final class MinionSchedule {
    private static final Logger LOG = System.getLogger(MinionSchedule.class.getName());

    private final ScheduleStore store;
    private final Scheduler scheduler;
    private final Clock clock;
    /** Why the saved runtime changes were not taken back, or null. */
    private final String storeProblem;
    private Map<String, Object> config = Map.of();
    private Map<String, Object> pillar = Map.of();
    private RuntimeChanges runtime;
    private ScheduleLayers.Resolved resolved;

    private MinionSchedule(ScheduleStore store, ScheduleStore.Loaded loaded, Scheduler scheduler, Clock clock) {
        this.store = store;
        this.scheduler = scheduler;
        this.clock = clock;
        this.storeProblem = loaded.problem();
        this.runtime = loaded.changes();
        rebuild();
    }

    /**
     * Opens the schedule of the minion whose cache is {@code cachedir}, taking back its runtime changes; it has no
     * config or pillar entries until they are set.
     *
     * @param clock the time the schedule runs by, and its zone (cron, when, range are wall-clock times in it)
     * @param random draws each run's splay
     * @param launcher starts the runs
     * @throws IOException if the saved changes exist and cannot be read or set aside
     */
    public static MinionSchedule open(Path cachedir, Clock clock, RandomGenerator random,
            ScheduledJobLauncher launcher) throws IOException {
        ScheduleStore store = new ScheduleStore(cachedir, clock);
        return new MinionSchedule(store, store.load(), new Scheduler(clock, random, launcher), clock);
    }

    /**
     * Checks a minion config's {@code schedule:} map as {@link #setConfig} reads it, so that a bad entry is an error
     * when the config is loaded rather than an entry left out.
     *
     * @throws IllegalArgumentException naming the first entry (or schedule-wide key) and key that cannot be read
     */
    public static void check(Map<String, Object> schedule) {
        ScheduleLayers.requireReadable(stringKeys(schedule));
    }

    /** Sets the minion config's {@code schedule:} map (null for none). */
    public synchronized void setConfig(Map<String, Object> schedule) {
        config = stringKeys(schedule);
        rebuild();
    }

    /** Sets the pillar's {@code schedule:} map (null for none), as after a pillar refresh. */
    public synchronized void setPillar(Map<String, Object> schedule) {
        pillar = stringKeys(schedule);
        rebuild();
    }

    /**
     * The schedule in the shape of Salt's {@code schedule.list}: {@code enabled} (the whole schedule's), then each
     * entry by name as {@link ScheduleEntry#toMap()} gives it, with its effective {@code enabled} and, Brine's
     * addition, {@code source}: {@code config}, {@code pillar} or {@code runtime}.
     */
    public synchronized Map<String, Object> list() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("enabled", resolved.enabled());
        resolved.entries().forEach((name, entry) -> {
            Map<String, Object> shown = new LinkedHashMap<>(entry.toMap());
            shown.put("source", resolved.sources().get(name).label());
            out.put(name, shown);
        });
        return out;
    }

    /**
     * Adds entry {@code name} ({@code schedule.add}).
     *
     * @throws IllegalArgumentException if the name is taken (by any source, as in Salt) or the entry is bad
     */
    public synchronized void add(String name, Map<String, Object> entry) {
        ScheduleEntry.requireValidName(name);
        ScheduleLayers.Definition existing = layers().definitions().get(name);
        if (existing != null) {
            throw new IllegalArgumentException("schedule entry '" + name + "' already exists (from the "
                    + existing.source().label() + ")");
        }
        ScheduleEntry parsed = ScheduleEntry.parse(name, entry);
        change(runtime.withEntry(name, parsed.toMap()));
    }

    /**
     * Replaces entry {@code name}'s definition ({@code schedule.modify}); as in Salt, keys not given are not kept,
     * except the function.
     *
     * @throws IllegalArgumentException if there is no such entry, it comes from the pillar, or the entry is bad
     */
    public synchronized void modify(String name, Map<String, Object> entry) {
        ScheduleLayers.Definition current = changeable(name);
        Map<String, Object> definition = new LinkedHashMap<>(Objects.requireNonNull(entry, "entry"));
        List<String> functionKeys = List.of("function", "fun", "func");
        Map<String, Object> currentMap = EntryFields.asStringMap(current.raw());
        if (currentMap != null && functionKeys.stream().noneMatch(definition::containsKey)) {
            functionKeys.stream().filter(k -> currentMap.get(k) != null).findFirst()
                    .ifPresent(k -> definition.put(k, currentMap.get(k)));
        }
        ScheduleEntry parsed = ScheduleEntry.parse(name, definition);
        change(runtime.withEntry(name, parsed.toMap()));
    }

    /**
     * Deletes entry {@code name} ({@code schedule.delete}), for good: one from the config stays deleted.
     *
     * @throws IllegalArgumentException if there is no such entry or it comes from the pillar
     */
    public synchronized void delete(String name) {
        changeable(name);
        change(runtime.withoutEntry(name, layers().configDefines(name)));
    }

    /** Enables entry {@code name} ({@code schedule.enable_job}); throws as {@link #delete} does. */
    public synchronized void enableJob(String name) {
        changeable(name);
        change(runtime.withJobEnabled(name, true));
    }

    /** Disables entry {@code name} ({@code schedule.disable_job}); throws as {@link #delete} does. */
    public synchronized void disableJob(String name) {
        changeable(name);
        change(runtime.withJobEnabled(name, false));
    }

    /** Enables the whole schedule ({@code schedule.enable}). */
    public synchronized void enable() {
        change(runtime.withScheduleEnabled(true));
    }

    /** Disables the whole schedule ({@code schedule.disable}): no entry fires until it is enabled again. */
    public synchronized void disable() {
        change(runtime.withScheduleEnabled(false));
    }

    /** Whether the whole schedule is enabled ({@code schedule.is_enabled}). */
    public synchronized boolean isEnabled() {
        return resolved.enabled();
    }

    /** {@link #runJob(String, boolean)} without force: a disabled entry does not run. */
    public RunAttempt runJob(String name) {
        return runJob(name, false);
    }

    /**
     * Runs entry {@code name} now ({@code schedule.run_job}), whatever its times and windows and even when the
     * whole schedule is disabled, but not beyond its maxrunning. As in Salt, a disabled entry runs only with
     * {@code force}; otherwise the attempt is skipped as {@link SkipReason#DISABLED}.
     *
     * @throws IllegalArgumentException if there is no such entry (or it cannot be read)
     */
    public RunAttempt runJob(String name, boolean force) {
        synchronized (this) {
            ScheduleEntry entry = resolved.entries().get(name);
            if (entry == null) {
                throw new IllegalArgumentException("no schedule entry '" + name + "'");
            }
            if (!entry.enabled() && !force) {
                return new RunAttempt(name, clock.instant(), SkipReason.DISABLED);
            }
        }
        return scheduler.runNow(name); // outside this lock: it calls the launcher
    }

    /** Fires every due entry; call it about once a second. The attempts made (started or skipped). */
    public List<RunAttempt> tick() {
        return scheduler.tick();
    }

    /** Entry name to when it runs next, splay included ({@code schedule.show_next_fire_time}). */
    public Map<String, Instant> nextRuns() {
        return scheduler.nextRuns();
    }

    /** Entry name to what came of its last attempt, for entries that had one. */
    public Map<String, RunAttempt> lastAttempts() {
        return scheduler.lastAttempts();
    }

    /** What could not be read (entries or keys left out, saved changes set aside), one sentence each. */
    public synchronized List<String> problems() {
        List<String> all = new ArrayList<>();
        if (storeProblem != null) {
            all.add(storeProblem);
        }
        all.addAll(resolved.problems());
        return List.copyOf(all);
    }

    private ScheduleLayers layers() {
        return new ScheduleLayers(config, pillar, runtime);
    }

    /** The definition of {@code name}, which must exist and may be changed at run time (not from the pillar). */
    private ScheduleLayers.Definition changeable(String name) {
        ScheduleLayers.Definition d = layers().definitions().get(name);
        if (d == null) {
            throw new IllegalArgumentException("no schedule entry '" + name + "'");
        }
        if (d.source() == ScheduleLayers.Source.PILLAR) {
            throw new IllegalArgumentException("schedule entry '" + name + "' comes from the pillar; change it "
                    + "there");
        }
        return d;
    }

    /** Saves {@code next} and makes it the runtime changes; if it cannot be saved, nothing changes. */
    private void change(RuntimeChanges next) {
        try {
            store.save(next);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save the schedule to " + store.file() + "; nothing changed", e);
        }
        runtime = next;
        rebuild();
    }

    private void rebuild() {
        List<String> before = resolved == null ? List.of() : resolved.problems();
        resolved = layers().resolve();
        for (String problem : resolved.problems()) {
            if (!before.contains(problem)) {
                LOG.log(Level.WARNING, problem);
            }
        }
        scheduler.setEnabled(resolved.enabled());
        scheduler.replace(resolved.withDefaults());
    }

    /** YAML may give a key as a number ({@code 123:}); Salt would name the entry so, and so does this. */
    private static Map<String, Object> stringKeys(Map<?, ?> schedule) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (schedule != null) {
            schedule.forEach((k, v) -> out.put(String.valueOf(k), v));
        }
        return out;
    }
}
