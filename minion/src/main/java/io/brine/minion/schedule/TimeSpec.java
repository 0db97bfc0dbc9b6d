package io.brine.minion.schedule;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A time as a schedule entry's {@code when}, {@code range}, {@code until} and {@code after} give it, in the minion's
 * zone: either a moment ({@code 2026-01-07T14:30}, {@code 2026-01-07 14:30:00}, {@code 2026-01-07}) or a time of day
 * that comes back every day ({@code 17:00}, {@code 5:00pm}, {@code 5pm}).
 *
 * <p>Salt hands these strings to python-dateutil, which guesses at almost anything ({@code Monday 5:00pm},
 * {@code 12/31/2015 11:59pm}); Brine reads only the forms above, whose meaning is not a guess, and says so for the
 * rest. A weekly time is a cron expression.
 *
 * @param text as written, for listing it back
 * @param moment the date and time, or null for a daily time
 * @param daily the time of day, or null for a moment
 */
record TimeSpec(String text, LocalDateTime moment, LocalTime daily) {
    /** The forms {@link #parse} reads, for error messages. */
    static final String FORMS = "YYYY-MM-DDTHH:MM[:SS], YYYY-MM-DD HH:MM[:SS], YYYY-MM-DD, HH:MM[:SS] or H[:MM]am/pm";
    /** Matched against the text in lower case (hence {@code t}, and {@code am}/{@code pm}). */
    private static final Pattern DATE_TIME =
            Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})(?:[t ](\\d{2}):(\\d{2})(?::(\\d{2}))?)?");
    private static final Pattern TIME_24 = Pattern.compile("(\\d{1,2}):(\\d{2})(?::(\\d{2}))?");
    private static final Pattern TIME_12 = Pattern.compile("(\\d{1,2})(?::(\\d{2}))?(?::(\\d{2}))? ?([ap])\\.?m\\.?");

    TimeSpec {
        Objects.requireNonNull(text, "text");
        if ((moment == null) == (daily == null)) {
            throw new IllegalArgumentException("a time is either a moment or a daily time: " + text);
        }
    }

    /**
     * Reads {@code text}.
     *
     * @throws IllegalArgumentException quoting it and listing the forms read
     */
    static TimeSpec parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        try {
            Matcher m = DATE_TIME.matcher(t);
            if (m.matches()) {
                LocalDate date = LocalDate.of(number(m, 1), number(m, 2), number(m, 3));
                LocalTime time = m.group(4) == null ? LocalTime.MIDNIGHT
                        : LocalTime.of(number(m, 4), number(m, 5), number(m, 6));
                return new TimeSpec(text, date.atTime(time), null);
            }
            m = TIME_24.matcher(t);
            if (m.matches()) {
                return new TimeSpec(text, null, LocalTime.of(number(m, 1), number(m, 2), number(m, 3)));
            }
            m = TIME_12.matcher(t);
            if (m.matches()) {
                int hour = number(m, 1);
                if (hour < 1 || hour > 12) {
                    throw new DateTimeException("an am/pm hour runs from 1 to 12");
                }
                int hourOfDay = hour % 12 + (m.group(4).equals("p") ? 12 : 0);
                return new TimeSpec(text, null, LocalTime.of(hourOfDay, number(m, 2), number(m, 3)));
            }
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("'" + text + "' is not a valid time: " + e.getMessage(), e);
        }
        throw new IllegalArgumentException("'" + text + "' is not a time Brine reads; use " + FORMS);
    }

    boolean isDaily() {
        return daily != null;
    }

    /** The moment, or the daily time on {@code day}. */
    LocalDateTime on(LocalDate day) {
        return moment != null ? moment : day.atTime(daily);
    }

    /**
     * The first instant at or after {@code t} that this time names in {@code zone}, or null if it is a moment
     * already past. A daily time that a DST gap skips comes when the gap ends.
     */
    Instant firstAtOrAfter(Instant t, ZoneId zone) {
        if (moment != null) {
            Instant at = moment.atZone(zone).toInstant();
            return at.isBefore(t) ? null : at;
        }
        LocalDate day = LocalDate.ofInstant(t, zone);
        Instant today = day.atTime(daily).atZone(zone).toInstant();
        return today.isBefore(t) ? day.plusDays(1).atTime(daily).atZone(zone).toInstant() : today;
    }

    private static int number(Matcher m, int group) {
        return m.group(group) == null ? 0 : Integer.parseInt(m.group(group));
    }
}
