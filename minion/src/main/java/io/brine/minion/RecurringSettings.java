package io.brine.minion;

import io.brine.config.ConfigFile;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a minion runs by itself, in Salt's keys: {@code schedule} (its jobs on a timetable, which pillar's
 * {@code schedule} and runtime changes are merged over), {@code mine_functions} (what it sends its master's mine,
 * pillar's merged over) and {@code mine_interval} (minutes between mine updates, default 60, as in Salt).
 */
public record RecurringSettings(Map<String, Object> schedule, Map<String, Object> mineFunctions,
        Duration mineInterval) {
    public static final Duration DEFAULT_MINE_INTERVAL = Duration.ofMinutes(60);
    /** Nothing scheduled and no mine functions. */
    public static final RecurringSettings NONE = new RecurringSettings(Map.of(), Map.of(), DEFAULT_MINE_INTERVAL);

    public RecurringSettings {
        schedule = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(schedule));
        mineFunctions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(mineFunctions));
        Objects.requireNonNull(mineInterval, "mine_interval");
        if (mineInterval.isNegative() || mineInterval.isZero()) {
            throw new IllegalArgumentException("mine_interval must be positive");
        }
    }

    /** The same, with the mine updated every {@code interval} (tests: seconds rather than an hour). */
    public RecurringSettings withMineInterval(Duration interval) {
        return new RecurringSettings(schedule, mineFunctions, interval);
    }

    static RecurringSettings from(ConfigFile c) {
        Map<String, Object> mine = c.map("mine_functions");
        mine.forEach((name, how) -> {
            if (how != null && !(how instanceof java.util.List<?>) && !(how instanceof Map<?, ?>)) {
                throw c.error("mine_functions", "mine_functions: '" + name + "' maps to " + how + "; give a list of "
                        + "arguments, a mapping of keyword arguments (mine_function: to alias), or nothing");
            }
        });
        Map<String, Object> schedule = c.map("schedule");
        try {
            io.brine.minion.schedule.MinionSchedule.check(schedule);
        } catch (IllegalArgumentException e) {
            // refused at load, naming file and line, rather than an entry the running minion leaves out
            throw c.error("schedule", e.getMessage());
        }
        return new RecurringSettings(schedule, mine,
                Duration.ofMinutes(c.integer("mine_interval", DEFAULT_MINE_INTERVAL.toMinutes(), 1, 525_600)));
    }
}
