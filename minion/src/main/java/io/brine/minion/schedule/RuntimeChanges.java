package io.brine.minion.schedule;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What {@code schedule.add}, {@code modify}, {@code delete}, {@code enable_job}, {@code disable_job},
 * {@code enable} and {@code disable} changed at run time, on top of the config and the pillar; kept in
 * {@code cachedir/schedule.json} by {@link ScheduleStore}.
 *
 * @param scheduleEnabled the whole schedule enabled or disabled, or null if never set at run time
 * @param entries entries added or modified, by name, in Salt's shape
 * @param deleted names of config entries deleted (a config file still holding them would bring them back)
 * @param jobEnabled entries enabled or disabled, by name, over what their definition says
 */
record RuntimeChanges(Boolean scheduleEnabled, Map<String, Map<String, Object>> entries, Set<String> deleted,
        Map<String, Boolean> jobEnabled) {
    static final RuntimeChanges NONE = new RuntimeChanges(null, Map.of(), Set.of(), Map.of());
    /** The version of the file's shape; a file of another version is not read. */
    static final int VERSION = 1;

    RuntimeChanges {
        Map<String, Map<String, Object>> frozen = new TreeMap<>();
        entries.forEach((name, map) -> frozen.put(name, FrozenValues.freezeMap(map)));
        entries = Collections.unmodifiableMap(frozen);
        deleted = Collections.unmodifiableSet(new TreeSet<>(deleted));
        jobEnabled = Collections.unmodifiableMap(new TreeMap<>(jobEnabled));
    }

    /** With {@code name} defined as {@code map}: no longer deleted, its own enabled flag counting again. */
    RuntimeChanges withEntry(String name, Map<String, Object> map) {
        Map<String, Map<String, Object>> e = new TreeMap<>(entries);
        e.put(name, map);
        Set<String> d = new TreeSet<>(deleted);
        d.remove(name);
        Map<String, Boolean> j = new TreeMap<>(jobEnabled);
        j.remove(name);
        return new RuntimeChanges(scheduleEnabled, e, d, j);
    }

    /** Without {@code name}; {@code hideConfig} keeps a config entry of that name deleted too. */
    RuntimeChanges withoutEntry(String name, boolean hideConfig) {
        Map<String, Map<String, Object>> e = new TreeMap<>(entries);
        e.remove(name);
        Set<String> d = new TreeSet<>(deleted);
        if (hideConfig) {
            d.add(name);
        }
        Map<String, Boolean> j = new TreeMap<>(jobEnabled);
        j.remove(name);
        return new RuntimeChanges(scheduleEnabled, e, d, j);
    }

    RuntimeChanges withJobEnabled(String name, boolean on) {
        Map<String, Boolean> j = new TreeMap<>(jobEnabled);
        j.put(name, on);
        return new RuntimeChanges(scheduleEnabled, entries, deleted, j);
    }

    RuntimeChanges withScheduleEnabled(boolean on) {
        return new RuntimeChanges(on, entries, deleted, jobEnabled);
    }

    /** The shape written to the file. */
    Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("version", VERSION);
        if (scheduleEnabled != null) {
            json.put("enabled", scheduleEnabled);
        }
        json.put("entries", entries);
        json.put("deleted", List.copyOf(deleted));
        json.put("job_enabled", jobEnabled);
        return json;
    }

    /**
     * Reads the shape {@link #toJson} writes.
     *
     * @throws IllegalArgumentException saying what does not fit
     */
    static RuntimeChanges fromJson(Object json) {
        Map<String, Object> top = EntryFields.asStringMap(json);
        if (top == null) {
            throw new IllegalArgumentException("not a JSON object");
        }
        if (!Long.valueOf(VERSION).equals(EntryFields.asWhole(top.get("version")))) {
            throw new IllegalArgumentException("version " + top.get("version") + " is not " + VERSION);
        }
        Object enabled = top.get("enabled");
        if (enabled != null && !(enabled instanceof Boolean)) {
            throw new IllegalArgumentException("enabled is not true or false");
        }
        Map<String, Map<String, Object>> entries = new TreeMap<>();
        mapOf(top, "entries").forEach((name, map) -> {
            Map<String, Object> entry = EntryFields.asStringMap(map);
            if (entry == null) {
                throw new IllegalArgumentException("entry " + name + " is not an object");
            }
            entries.put(name, entry);
        });
        Set<String> deleted = new TreeSet<>();
        Object d = top.getOrDefault("deleted", List.of());
        if (!(d instanceof List<?> list) || !list.stream().allMatch(String.class::isInstance)) {
            throw new IllegalArgumentException("deleted is not a list of names");
        }
        list.forEach(name -> deleted.add((String) name));
        Map<String, Boolean> jobEnabled = new TreeMap<>();
        mapOf(top, "job_enabled").forEach((name, on) -> {
            if (!(on instanceof Boolean b)) {
                throw new IllegalArgumentException("job_enabled of " + name + " is not true or false");
            }
            jobEnabled.put(name, b);
        });
        return new RuntimeChanges((Boolean) enabled, entries, deleted, jobEnabled);
    }

    private static Map<String, Object> mapOf(Map<String, Object> top, String key) {
        Map<String, Object> map = EntryFields.asStringMap(top.getOrDefault(key, Map.of()));
        if (map == null) {
            throw new IllegalArgumentException(key + " is not an object");
        }
        return map;
    }
}
