package io.brine.minion.schedule;

import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A span of time that gates a schedule entry's runs ({@code range}, {@code skip_during_range}): two moments, or two
 * daily times that make a window every day. Both ends count as inside. A daily window cannot wrap past midnight
 * (Salt refuses an end before the start too); the hours outside 08:00-17:00 are that window with {@code invert}.
 *
 * @param invert for {@code range}: run outside the window rather than inside it
 */
record TimeWindow(TimeSpec start, TimeSpec end, boolean invert) {
    TimeWindow {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        if (start.isDaily() != end.isDaily()) {
            throw new IllegalArgumentException("start '" + start.text() + "' and end '" + end.text()
                    + "' must both be moments or both be times of day");
        }
        boolean endAfterStart = start.isDaily() ? end.daily().isAfter(start.daily())
                : end.moment().isAfter(start.moment());
        if (!endAfterStart) {
            throw new IllegalArgumentException("end '" + end.text() + "' must come after start '" + start.text()
                    + "'" + (start.isDaily() ? " (for the hours outside a window, use invert: true)" : ""));
        }
    }

    /** Whether the wall-clock time {@code now} is within the window, both ends included. */
    boolean contains(LocalDateTime now) {
        return !now.isBefore(start.on(now.toLocalDate())) && !now.isAfter(end.on(now.toLocalDate()));
    }

    /** Whether {@code now} is strictly between the ends. */
    boolean strictlyContains(LocalDateTime now) {
        return now.isAfter(start.on(now.toLocalDate())) && now.isBefore(end.on(now.toLocalDate()));
    }

    /** In Salt's shape: {@code {start, end}} and {@code invert} when set. */
    Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("start", start.text());
        map.put("end", end.text());
        if (invert) {
            map.put("invert", true);
        }
        return map;
    }
}
