package io.brine.minion.schedule;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Month;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * A five-field cron expression ({@code minute hour day-of-month month day-of-week}), read as Vixie cron reads it:
 * lists, ranges, steps, month and weekday names, Sunday as 0 or 7, the {@code @daily}-style shorthands, and the rule
 * that when both day fields are restricted a day matches if <em>either</em> does ({@code 0 0 1 * mon} runs on the
 * first of the month and on every Monday). A day field that starts with {@code *} counts as unrestricted, so
 * {@code *}{@code /2} in day-of-week keeps the AND.
 *
 * <p>Times are wall-clock times in the zone of the instant given to {@link #next}. Each wall-clock minute is
 * considered once: a time that a spring-forward gap skips fires when the gap ends, shifted by its length (02:30
 * becomes 03:30 in Europe/Berlin), so a daily job still runs that day; in an autumn overlap a time fires at its
 * first occurrence only, so a daily job does not run twice (and a job every few minutes is quiet during the
 * repeated hour).
 *
 * <p>Example: {@code CronExpression.parse("*}{@code /15 9-17 * * mon-fri").next(now)}
 */
final class CronExpression {
    /**
     * How far {@link #next} searches. An expression that {@link #parse} accepts matches at least every eight years
     * (29 February, across 2100, which is no leap year); the bound only stops a search that could not end.
     */
    static final int SEARCH_YEARS = 10;
    private static final Map<String, String> SHORTHANDS = Map.of(
            "@yearly", "0 0 1 1 *", "@annually", "0 0 1 1 *", "@monthly", "0 0 1 * *", "@weekly", "0 0 * * 0",
            "@daily", "0 0 * * *", "@midnight", "0 0 * * *", "@hourly", "0 * * * *");

    private final String text;
    private final long minutes;
    private final long hours;
    private final long daysOfMonth;
    private final long months;
    private final long daysOfWeek;
    /** Whether a day field is unrestricted (starts with {@code *}): Vixie's rule for combining the two. */
    private final boolean anyDayOfMonth;
    private final boolean anyDayOfWeek;

    private CronExpression(String text, long[] masks, boolean anyDayOfMonth, boolean anyDayOfWeek) {
        this.text = text;
        this.minutes = masks[0];
        this.hours = masks[1];
        this.daysOfMonth = masks[2];
        this.months = masks[3];
        this.daysOfWeek = masks[4];
        this.anyDayOfMonth = anyDayOfMonth;
        this.anyDayOfWeek = anyDayOfWeek;
    }

    /**
     * Reads {@code text}.
     *
     * @throws IllegalArgumentException naming the expression and the bad field, or saying it can never match
     *     ({@code 0 0 30 2 *})
     */
    static CronExpression parse(String text) {
        String trimmed = text.trim();
        String expanded = SHORTHANDS.getOrDefault(trimmed.toLowerCase(Locale.ROOT), trimmed);
        if (expanded.startsWith("@")) {
            throw new IllegalArgumentException("cron '" + text + "': unknown shorthand (known: "
                    + String.join(", ", new TreeSet<>(SHORTHANDS.keySet())) + ")");
        }
        String[] fields = expanded.isEmpty() ? new String[0] : expanded.split("\\s+");
        CronField[] kinds = CronField.values();
        if (fields.length != kinds.length) {
            throw new IllegalArgumentException("cron '" + text + "' has " + fields.length
                    + " fields; expected five: minute hour day-of-month month day-of-week");
        }
        long[] masks = new long[kinds.length];
        for (int i = 0; i < kinds.length; i++) {
            try {
                masks[i] = kinds[i].parse(fields[i]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("cron '" + text + "': " + e.getMessage(), e);
            }
        }
        CronExpression cron = new CronExpression(trimmed, masks, fields[2].startsWith("*"),
                fields[4].startsWith("*"));
        if (!cron.canEverMatch()) {
            throw new IllegalArgumentException("cron '" + text + "' can never match: no chosen month has the "
                    + "chosen day of the month");
        }
        return cron;
    }

    /**
     * The first minute strictly after {@code after} that this expression matches, in {@code after}'s zone.
     *
     * @throws IllegalStateException if none comes within {@link #SEARCH_YEARS} years (cannot happen for an
     *     expression {@link #parse} accepted)
     */
    ZonedDateTime next(ZonedDateTime after) {
        LocalDateTime t = after.toLocalDateTime().truncatedTo(ChronoUnit.MINUTES).plusMinutes(1);
        LocalDateTime limit = t.plusYears(SEARCH_YEARS);
        while (t.isBefore(limit)) {
            if (!has(months, t.getMonthValue())) {
                t = t.toLocalDate().withDayOfMonth(1).plusMonths(1).atStartOfDay();
            } else if (!matchesDay(t.toLocalDate())) {
                t = t.toLocalDate().plusDays(1).atStartOfDay();
            } else if (!has(hours, t.getHour())) {
                t = t.truncatedTo(ChronoUnit.HOURS).plusHours(1);
            } else if (!has(minutes, t.getMinute())) {
                t = t.plusMinutes(1);
            } else {
                // in an overlap, keep to the offset `after` is in, so the search moves forward in time
                ZonedDateTime candidate = ZonedDateTime.ofLocal(t, after.getZone(), after.getOffset());
                if (candidate.isAfter(after)) {
                    return candidate;
                }
                t = t.plusMinutes(1);
            }
        }
        throw new IllegalStateException("cron '" + text + "' matches no minute within " + SEARCH_YEARS
                + " years after " + after);
    }

    /** Whether the wall-clock minute {@code t} matches. */
    boolean matches(LocalDateTime t) {
        return has(months, t.getMonthValue()) && matchesDay(t.toLocalDate()) && has(hours, t.getHour())
                && has(minutes, t.getMinute());
    }

    private boolean matchesDay(LocalDate day) {
        boolean dayOfMonth = has(daysOfMonth, day.getDayOfMonth());
        boolean dayOfWeek = has(daysOfWeek, day.getDayOfWeek().getValue() % 7);
        if (anyDayOfMonth || anyDayOfWeek) {
            return dayOfMonth && dayOfWeek;
        }
        return dayOfMonth || dayOfWeek;
    }

    /**
     * Every weekday comes in every month, so only a day-of-month that decides alone (day-of-week unrestricted) can
     * miss every chosen month (30 February).
     */
    private boolean canEverMatch() {
        if (anyDayOfMonth || !anyDayOfWeek) {
            return true;
        }
        for (Month m : Month.values()) {
            long daysInMonth = (1L << (m.maxLength() + 1)) - 2; // bits 1..maxLength
            if (has(months, m.getValue()) && (daysOfMonth & daysInMonth) != 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean has(long mask, int value) {
        return (mask & (1L << value)) != 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CronExpression c && minutes == c.minutes && hours == c.hours
                && daysOfMonth == c.daysOfMonth && months == c.months && daysOfWeek == c.daysOfWeek
                && anyDayOfMonth == c.anyDayOfMonth && anyDayOfWeek == c.anyDayOfWeek;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(minutes * 31 + hours) * 31 + Long.hashCode(daysOfMonth * 31 + months * 7 + daysOfWeek);
    }

    /** The expression as it was written (trimmed). */
    @Override
    public String toString() {
        return text;
    }
}
