package io.brine.minion.schedule;

import java.time.LocalDateTime;
import java.util.Map;

/**
 * The times outside which a due run of an entry is skipped, each optional (null): {@code range} (run only inside,
 * or with {@code invert} only outside), {@code skip_during_range} (never inside), {@code until} (not from then on)
 * and {@code after} (not until then). A skipped run is not made up later: the entry waits for its next time.
 *
 * <p>The checks and their order are Salt's ({@code salt/utils/schedule.py}, {@code _handle_range} and the three
 * after it): an inverted range lets its two ends run, {@code skip_during_range} skips them, {@code until} skips from
 * its very second and {@code after} up to and including its second.
 */
record RunWindows(TimeWindow range, TimeWindow skipDuringRange, TimeSpec until, TimeSpec after) {
    static final RunWindows NONE = new RunWindows(null, null, null, null);

    /** Why a run at the wall-clock time {@code now} is skipped, or null if it may run. */
    SkipReason check(LocalDateTime now) {
        if (range != null && !range.invert() && !range.contains(now)) {
            return SkipReason.NOT_IN_RANGE;
        }
        if (range != null && range.invert() && range.strictlyContains(now)) {
            return SkipReason.IN_SKIP_RANGE;
        }
        if (skipDuringRange != null && skipDuringRange.contains(now)) {
            return SkipReason.IN_SKIP_RANGE;
        }
        if (until != null && !now.isBefore(until.on(now.toLocalDate()))) {
            return SkipReason.UNTIL_PASSED;
        }
        if (after != null && !now.isAfter(after.on(now.toLocalDate()))) {
            return SkipReason.AFTER_NOT_PASSED;
        }
        return null;
    }

    /** These windows, with {@code skip} as the skip_during_range when none is set (the schedule-wide one). */
    RunWindows withDefaultSkip(TimeWindow skip) {
        return skipDuringRange != null || skip == null ? this : new RunWindows(range, skip, until, after);
    }

    /** Puts the windows that are set into {@code map}, in Salt's shape. */
    void putInto(Map<String, Object> map) {
        if (range != null) {
            map.put("range", range.toMap());
        }
        if (skipDuringRange != null) {
            map.put("skip_during_range", skipDuringRange.toMap());
        }
        if (until != null) {
            map.put("until", until.text());
        }
        if (after != null) {
            map.put("after", after.text());
        }
    }
}
