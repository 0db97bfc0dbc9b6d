package io.brine.master;

/**
 * Which jobs a listing shows: at most {@code limit}, newest first, optionally only one function, target
 * expression or caller, started at or after {@code sinceMillis} (0: any time), and with {@code queued} only jobs with
 * deliveries still waiting for minions that are away. Null fields match everything.
 */
public record JobFilter(int limit, String function, String target, String caller, long sinceMillis, boolean queued) {
    public JobFilter(int limit, String function, String target, String caller, long sinceMillis) {
        this(limit, function, target, caller, sinceMillis, false);
    }

    public JobFilter {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1");
        }
    }

    public static JobFilter latest(int limit) {
        return new JobFilter(limit, null, null, null, 0);
    }
}
