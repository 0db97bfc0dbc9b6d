package io.brine.minion.schedule;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The schedule as its three sources make it: the {@code schedule:} of the minion config, that of the pillar, and
 * the {@link RuntimeChanges}. Precedence is Salt's ({@code salt/utils/schedule.py}, {@code _get_schedule}): the
 * pillar's entries first, the config's over them, and the runtime changes over both (in Salt they edit the
 * config's dict and are saved to {@code minion.d/_schedule.conf}). Entries that come from the pillar cannot be
 * changed at run time (Salt: "Cannot modify job ..., it's in the pillar!").
 *
 * <p>Besides entries, a schedule map may hold schedule-wide keys: {@code enabled}, and {@code splay} and
 * {@code skip_during_range} as defaults for entries that set none. An entry or key that cannot be read is left
 * out, with a problem naming its source; the rest of the schedule stands.
 */
final class ScheduleLayers {
    /** Where an entry's definition comes from. */
    enum Source {
        PILLAR, CONFIG, RUNTIME;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A definition as a source gives it, before it is read. */
    record Definition(Object raw, Source source) {
    }

    /**
     * The schedule resolved.
     *
     * @param entries the entries that could be read, by name, with the runtime enabled flags applied
     * @param sources where each of them comes from
     * @param enabled whether the whole schedule is enabled
     * @param splay the schedule-wide splay, or null
     * @param skipDuringRange the schedule-wide skip_during_range, or null
     * @param problems what could not be read, one sentence each
     */
    record Resolved(Map<String, ScheduleEntry> entries, Map<String, Source> sources, boolean enabled, Splay splay,
            TimeWindow skipDuringRange, List<String> problems) {
        /** The entries as the scheduler runs them: with the schedule-wide defaults where they set none. */
        Map<String, ScheduleEntry> withDefaults() {
            Map<String, ScheduleEntry> out = new LinkedHashMap<>();
            entries.forEach((name, e) -> out.put(name, e.withDefaults(splay, skipDuringRange)));
            return out;
        }
    }

    private static final Function<EntryFields, Boolean> ENABLED = f -> f.bool("enabled");
    private static final Function<EntryFields, TimeWindow> SKIP_DURING_RANGE =
            f -> EntryReader.window(f, "skip_during_range", false);

    private final Map<String, Object> config;
    private final Map<String, Object> pillar;
    private final RuntimeChanges runtime;

    ScheduleLayers(Map<String, Object> config, Map<String, Object> pillar, RuntimeChanges runtime) {
        this.config = config == null ? Map.of() : config;
        this.pillar = pillar == null ? Map.of() : pillar;
        this.runtime = runtime;
    }

    /** Every entry name with its winning definition, readable or not, by name. */
    Map<String, Definition> definitions() {
        Map<String, Definition> out = new TreeMap<>();
        putEntries(out, pillar, Source.PILLAR);
        Map<String, Definition> local = new TreeMap<>();
        putEntries(local, config, Source.CONFIG);
        runtime.entries().forEach((name, map) -> local.put(name, new Definition(map, Source.RUNTIME)));
        local.keySet().removeAll(runtime.deleted());
        out.putAll(local);
        return out;
    }

    /** Whether the minion config defines an entry {@code name} (deleting it at run time must hide it). */
    boolean configDefines(String name) {
        return !ScheduleEntry.SCHEDULE_WIDE_KEYS.contains(name) && config.containsKey(name);
    }

    Resolved resolve() {
        List<String> problems = new ArrayList<>();
        Map<String, ScheduleEntry> entries = new LinkedHashMap<>();
        Map<String, Source> sources = new LinkedHashMap<>();
        definitions().forEach((name, d) -> {
            try {
                entries.put(name, read(name, d));
                sources.put(name, d.source());
            } catch (IllegalArgumentException e) {
                problems.add(d.source().label() + ": " + e.getMessage() + "; the entry is left out");
            }
        });
        Boolean enabled = runtime.scheduleEnabled() != null ? runtime.scheduleEnabled()
                : wide(config, Source.CONFIG, problems, ENABLED, wide(pillar, Source.PILLAR, problems, ENABLED,
                        true));
        Splay splay = wide(config, Source.CONFIG, problems, EntryReader::splay,
                wide(pillar, Source.PILLAR, problems, EntryReader::splay, null));
        TimeWindow skip = wide(config, Source.CONFIG, problems, SKIP_DURING_RANGE,
                wide(pillar, Source.PILLAR, problems, SKIP_DURING_RANGE, null));
        for (Source source : List.of(Source.PILLAR, Source.CONFIG)) {
            if ((source == Source.CONFIG ? config : pillar).containsKey("skip_function")) {
                problems.add(source.label() + ": schedule: skip_function is not supported by Brine; ignored");
            }
        }
        return new Resolved(Collections.unmodifiableMap(entries), Collections.unmodifiableMap(sources), enabled,
                splay, skip, List.copyOf(problems));
    }

    /**
     * Reads {@code schedule} (a minion config's, on its own) as {@link #resolve} reads it, but throws at the first
     * entry or schedule-wide key that resolving would leave out, so that a config can be refused at load.
     *
     * @throws IllegalArgumentException naming the entry and the key
     */
    static void requireReadable(Map<String, Object> schedule) {
        Map<String, Definition> entries = new TreeMap<>();
        putEntries(entries, schedule, Source.CONFIG);
        entries.forEach((name, d) -> parse(name, d.raw()));
        EntryFields wide = EntryFields.ofSchedule(schedule);
        ENABLED.apply(wide);
        EntryReader.splay(wide);
        SKIP_DURING_RANGE.apply(wide);
        if (schedule.containsKey("skip_function")) {
            throw new IllegalArgumentException("schedule: skip_function is not supported by Brine");
        }
    }

    /** Reads one definition, with its runtime enabled flag unless it comes from the pillar. */
    private ScheduleEntry read(String name, Definition d) {
        ScheduleEntry e = parse(name, d.raw());
        Boolean on = d.source() == Source.PILLAR ? null : runtime.jobEnabled().get(name);
        return on == null ? e : e.withEnabled(on);
    }

    private static ScheduleEntry parse(String name, Object definition) {
        Map<String, Object> raw = EntryFields.asStringMap(definition);
        if (raw == null) {
            throw new IllegalArgumentException("schedule entry '" + name + "' is not a map of settings: "
                    + EntryFields.describe(definition));
        }
        return ScheduleEntry.parse(name, raw);
    }

    private static void putEntries(Map<String, Definition> out, Map<String, Object> schedule, Source source) {
        schedule.forEach((name, raw) -> {
            if (!ScheduleEntry.SCHEDULE_WIDE_KEYS.contains(name)) {
                out.put(name, new Definition(raw, source));
            }
        });
    }

    /**
     * A schedule-wide key of {@code schedule} as {@code read} reads it, over {@code otherwise} when it is absent
     * or cannot be read (a problem then).
     */
    private static <T> T wide(Map<String, Object> schedule, Source source, List<String> problems,
            Function<EntryFields, T> read, T otherwise) {
        try {
            T value = read.apply(EntryFields.ofSchedule(schedule));
            return value == null ? otherwise : value;
        } catch (IllegalArgumentException e) {
            problems.add(source.label() + ": " + e.getMessage() + "; ignored");
            return otherwise;
        }
    }
}
