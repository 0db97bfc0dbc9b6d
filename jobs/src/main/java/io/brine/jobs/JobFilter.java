package io.brine.jobs;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * Which jobs a listing shows: at most {@code limit}, newest first, optionally only one function, target
 * expression or caller, started at or after {@code sinceMillis} (0: any time), with {@code queued} only jobs with
 * deliveries still waiting for minions that are away, and with {@code running} only jobs still waiting for returns.
 * Null fields match everything.
 *
 * <pre>{@code
 * master.client().jobs(new JobFilter(20, "cmd.run", null, null, JobFilter.since("2h", Instant.now()).toEpochMilli()));
 * master.client().jobs(JobFilter.latest(50).onlyRunning());
 * }</pre>
 */
public record JobFilter(int limit, String function, String target, String caller, long sinceMillis, boolean queued,
        boolean running) {
    public JobFilter(int limit, String function, String target, String caller, long sinceMillis) {
        this(limit, function, target, caller, sinceMillis, false);
    }

    public JobFilter(int limit, String function, String target, String caller, long sinceMillis, boolean queued) {
        this(limit, function, target, caller, sinceMillis, queued, false);
    }

    public JobFilter {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1");
        }
    }

    public static JobFilter latest(int limit) {
        return new JobFilter(limit, null, null, null, 0);
    }

    /** This filter, narrowed to jobs still waiting for returns (published, not yet done nor timed out). */
    public JobFilter onlyRunning() {
        return new JobFilter(limit, function, target, caller, sinceMillis, queued, true);
    }

    /** This filter, for {@code caller}'s jobs only. */
    public JobFilter forCaller(String name) {
        return new JobFilter(limit, function, target, name, sinceMillis, queued, running);
    }

    /**
     * A start time as {@code brine job list --since} takes it: a span back from {@code now} ({@code 30m}, {@code 2h},
     * {@code 7d}, also {@code 90s}) or a UTC time ({@code 2026-11-22}, {@code 2026-11-22T10:00}).
     *
     * @throws IllegalArgumentException for anything else
     */
    public static Instant since(String text, Instant now) {
        String t = text.trim();
        if (t.matches("[0-9]{1,9}[smhd]")) {
            long n = Long.parseLong(t.substring(0, t.length() - 1));
            Duration span = switch (t.charAt(t.length() - 1)) {
                case 's' -> Duration.ofSeconds(n);
                case 'm' -> Duration.ofMinutes(n);
                case 'h' -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            };
            return now.minus(span);
        }
        try {
            return t.contains("T") ? LocalDateTime.parse(t).toInstant(ZoneOffset.UTC)
                    : LocalDate.parse(t).atStartOfDay().toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("'" + text + "' is neither a span such as 30m, 2h, 7d nor a UTC time "
                    + "such as 2026-11-22T10:00");
        }
    }
}
