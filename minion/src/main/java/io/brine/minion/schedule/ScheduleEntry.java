package io.brine.minion.schedule;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One entry of a minion's schedule, in Salt's shape ({@code schedule:} in the minion config or the pillar, or
 * {@code schedule.add}): a function with its arguments, when it is due, and what gates a due run.
 *
 * <p>Example, from YAML {@code highstate: {function: state.apply, minutes: 60, splay: 300}}:
 * <pre>{@code ScheduleEntry e = ScheduleEntry.parse("highstate", Map.of("function", "state.apply",
 *         "minutes", 60, "splay", 300));}</pre>
 *
 * @param name the entry's name, which callers see as {@code schedule:NAME}: letters, digits, {@code _ - .}, at most
 *     64 characters, and none of the schedule-wide keys ({@code enabled}, {@code splay} ...)
 * @param function the function to run, {@code module.function}
 * @param args positional arguments ({@code args}), deep-frozen
 * @param kwargs keyword arguments ({@code kwargs}), deep-frozen
 * @param timing when it is due: exactly one of an interval, {@code cron}, {@code when} or {@code once}
 * @param splay how long each run is put off at random, or null if the entry sets none (the schedule's applies)
 * @param windows what skips a due run ({@code range}, {@code skip_during_range}, {@code until}, {@code after})
 * @param maxRunning at most this many runs of the entry at once ({@code maxrunning}, Salt's default 1); not counted
 *     when {@code jidInclude} is false, as in Salt
 * @param enabled whether due runs start ({@code enabled}, default true)
 * @param runOnStart whether it also runs at the first tick after it joins the schedule ({@code run_on_start},
 *     default false as in Salt 3006's code, whatever its docs say); that run is gated as any other (Salt lets it
 *     past the entry's windows)
 * @param jidInclude Salt's {@code jid_include} (default true): the run is a job with a jid, counted for maxrunning
 * @param returnJob whether the outcome goes to the master ({@code return_job})
 * @param returnOptions {@code metadata}, {@code returner}, {@code return_config} and {@code return_kwargs} as given,
 *     for whoever sends the outcome; the scheduler does not read them
 */
public record ScheduleEntry(String name, String function, List<Object> args, Map<String, Object> kwargs,
        Timing timing, Splay splay, RunWindows windows, int maxRunning, boolean enabled, boolean runOnStart,
        boolean jidInclude, ReturnPolicy returnJob, Map<String, Object> returnOptions) {
    /** Longest name: the name becomes part of a caller name and of log lines. */
    public static final int MAX_NAME_LENGTH = 64;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1," + MAX_NAME_LENGTH + "}");
    private static final Pattern FUNCTION = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)+");
    /** Keys of the schedule map that are settings of the whole schedule, not entries. */
    static final Set<String> SCHEDULE_WIDE_KEYS = Set.of("enabled", "splay", "skip_during_range", "skip_function");

    /** Checks every component; see the parameters. */
    public ScheduleEntry {
        requireValidName(name);
        Objects.requireNonNull(function, "function");
        if (!FUNCTION.matcher(function).matches()) {
            throw new IllegalArgumentException("schedule entry '" + name + "': function '" + function
                    + "' is not a module.function name");
        }
        args = FrozenValues.freezeList(args);
        kwargs = FrozenValues.freezeMap(kwargs);
        Objects.requireNonNull(timing, "timing");
        windows = windows == null ? RunWindows.NONE : windows;
        if (maxRunning < 1) {
            throw new IllegalArgumentException("schedule entry '" + name + "': maxrunning must be 1 or more");
        }
        if (runOnStart && timing instanceof Timing.Once) {
            throw new IllegalArgumentException("schedule entry '" + name + "': run_on_start cannot go with once "
                    + "(it would run a second time)");
        }
        Objects.requireNonNull(returnJob, "returnJob");
        returnOptions = FrozenValues.freezeMap(returnOptions);
    }

    /**
     * Reads an entry from its map in Salt's shape; the keys read, their defaults and their errors are
     * {@link EntryReader}'s.
     *
     * @throws IllegalArgumentException naming the entry and the key at fault (an unknown key among them)
     */
    public static ScheduleEntry parse(String name, Map<String, Object> raw) {
        return EntryReader.read(name, raw);
    }

    /**
     * Checks that {@code name} may name an entry.
     *
     * @throws IllegalArgumentException saying why not
     */
    public static void requireValidName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("schedule entry name '" + name + "' must be 1 to "
                    + MAX_NAME_LENGTH + " letters, digits, '_', '-' or '.'");
        }
        if (SCHEDULE_WIDE_KEYS.contains(name)) {
            throw new IllegalArgumentException("schedule entry name '" + name + "' is a setting of the whole "
                    + "schedule, not an entry");
        }
    }

    /** This entry, enabled or disabled. */
    public ScheduleEntry withEnabled(boolean on) {
        return new ScheduleEntry(name, function, args, kwargs, timing, splay, windows, maxRunning, on, runOnStart,
                jidInclude, returnJob, returnOptions);
    }

    /** This entry with the schedule-wide splay and skip_during_range where it sets none of its own. */
    ScheduleEntry withDefaults(Splay defaultSplay, TimeWindow defaultSkip) {
        return new ScheduleEntry(name, function, args, kwargs, timing, splay != null ? splay : defaultSplay,
                windows.withDefaultSkip(defaultSkip), maxRunning, enabled, runOnStart, jidInclude, returnJob,
                returnOptions);
    }

    /**
     * The entry in Salt's shape, as {@code schedule.list} shows it: what it sets, with Salt's defaults for
     * {@code function}, {@code name}, {@code maxrunning}, {@code enabled} and {@code jid_include} written out as
     * {@code schedule.add} writes them. {@link #parse} reads it back to an equal entry.
     */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("function", function);
        if (!args.isEmpty()) {
            map.put("args", args);
        }
        if (!kwargs.isEmpty()) {
            map.put("kwargs", kwargs);
        }
        timing.putInto(map);
        if (splay != null) {
            map.put("splay", splay.toSalt());
        }
        windows.putInto(map);
        map.put("name", name);
        map.put("maxrunning", maxRunning);
        map.put("enabled", enabled);
        map.put("jid_include", jidInclude);
        if (runOnStart) {
            map.put("run_on_start", true);
        }
        if (returnJob != ReturnPolicy.SEND) {
            map.put("return_job", returnJob.toSalt());
        }
        map.putAll(returnOptions);
        return FrozenValues.freezeMap(map);
    }
}
