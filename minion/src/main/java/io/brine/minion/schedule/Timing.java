package io.brine.minion.schedule;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * When a schedule entry is due: every so often, on a cron expression, at given times, or once. Each kind answers
 * two questions for the scheduler: its first due time for an entry that joins the schedule at some instant (times
 * before that were missed while the entry was not there, and are not run), and its next due time after a run.
 */
sealed interface Timing {
    /** The first due time at or after {@code start}, or null if there is none (a moment already past). */
    Instant first(Instant start, ZoneId zone);

    /**
     * The due time after the one at {@code due}, the run having come at {@code now} (at or after {@code due},
     * later if the tick was late or the run put off by splay), or null if there is none. Never at or before
     * {@code now}: a late tick costs runs, it never owes a backlog.
     */
    Instant next(Instant due, Instant now, ZoneId zone);

    /** Puts this timing's keys into {@code map}, in Salt's shape. */
    void putInto(Map<String, Object> map);

    /**
     * Every {@code seconds + 60 minutes + 3600 hours + 86400 days} seconds, as Salt adds them up. The cadence is
     * kept from the first due time (the entry's start plus one interval): splay does not make it drift, and a tick
     * late by a whole interval or more starts it afresh from that tick.
     */
    record Interval(long seconds, long minutes, long hours, long days) implements Timing {
        /** Longest interval: ten years is longer than any minion stays up, and keeps the sums far from overflow. */
        static final long MAX_DAYS = 3653;

        public Interval {
            if (seconds < 0 || minutes < 0 || hours < 0 || days < 0) {
                throw new IllegalArgumentException("seconds, minutes, hours and days cannot be negative");
            }
            if (days > MAX_DAYS || hours > MAX_DAYS * 24 || minutes > MAX_DAYS * 1440 || seconds > MAX_DAYS * 86400) {
                throw new IllegalArgumentException("the interval is longer than " + MAX_DAYS + " days");
            }
            if (seconds + minutes + hours + days == 0) {
                throw new IllegalArgumentException("the interval (seconds + minutes + hours + days) is zero");
            }
        }

        Duration length() {
            return Duration.ofSeconds(seconds).plusMinutes(minutes).plusHours(hours).plusDays(days);
        }

        @Override
        public Instant first(Instant start, ZoneId zone) {
            return start.plus(length());
        }

        @Override
        public Instant next(Instant due, Instant now, ZoneId zone) {
            Instant onCadence = due.plus(length());
            return onCadence.isAfter(now) ? onCadence : now.plus(length());
        }

        @Override
        public void putInto(Map<String, Object> map) {
            putIfSet(map, "seconds", seconds);
            putIfSet(map, "minutes", minutes);
            putIfSet(map, "hours", hours);
            putIfSet(map, "days", days);
        }

        private static void putIfSet(Map<String, Object> map, String key, long value) {
            if (value != 0) {
                map.put(key, value);
            }
        }
    }

    /** On the minutes a cron expression matches, in the minion's zone. */
    record Cron(CronExpression expression) implements Timing {
        public Cron {
            Objects.requireNonNull(expression, "expression");
        }

        @Override
        public Instant first(Instant start, ZoneId zone) {
            return expression.next(start.atZone(zone)).toInstant();
        }

        @Override
        public Instant next(Instant due, Instant now, ZoneId zone) {
            return expression.next(now.atZone(zone)).toInstant();
        }

        @Override
        public void putInto(Map<String, Object> map) {
            map.put("cron", expression.toString());
        }
    }

    /** At each of some times: moments, and daily times that come back every day. */
    record When(List<TimeSpec> times) implements Timing {
        public When {
            times = List.copyOf(times);
            if (times.isEmpty()) {
                throw new IllegalArgumentException("when needs at least one time");
            }
        }

        @Override
        public Instant first(Instant start, ZoneId zone) {
            Instant soonest = null;
            for (TimeSpec t : times) {
                Instant at = t.firstAtOrAfter(start, zone);
                if (at != null && (soonest == null || at.isBefore(soonest))) {
                    soonest = at;
                }
            }
            return soonest;
        }

        @Override
        public Instant next(Instant due, Instant now, ZoneId zone) {
            return first(now.plusNanos(1), zone);
        }

        @Override
        public void putInto(Map<String, Object> map) {
            map.put("when", times.size() == 1 ? times.get(0).text() : times.stream().map(TimeSpec::text).toList());
        }
    }

    /** Once, at a moment read with a strptime format; then spent. A moment past when the entry joins never runs. */
    record Once(LocalDateTime at, String text, String format) implements Timing {
        public Once {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(format, "format");
        }

        @Override
        public Instant first(Instant start, ZoneId zone) {
            Instant instant = at.atZone(zone).toInstant();
            return instant.isBefore(start) ? null : instant;
        }

        @Override
        public Instant next(Instant due, Instant now, ZoneId zone) {
            return null;
        }

        @Override
        public void putInto(Map<String, Object> map) {
            map.put("once", text);
            if (!format.equals(OnceFormat.DEFAULT)) {
                map.put("once_fmt", format);
            }
        }
    }
}
