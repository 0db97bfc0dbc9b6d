package io.brine.master;

import io.brine.jobs.JobState;
import io.brine.protocol.JidGenerator;
import io.brine.targeting.TargetType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Returns for jobs the master has no record of: its job cache was lost, moved aside as damaged, or belongs to
 * another master now. The minion kept the return until a master stored it, so it is filed under its jid as a
 * job of unknown function, with a note, instead of refused. Bounded, since a minion could invent jids: only jids
 * of the last {@link #MAX_AGE} (and not from the future), at most {@link #PER_HOUR} new ones an hour.
 */
final class OrphanReturns {
    static final String FUNCTION = "unknown";
    static final String NOTE = "(unknown: the master had no record of this job when its return arrived)";
    static final Duration MAX_AGE = Duration.ofDays(7);
    static final int PER_HOUR = 1_000;

    private final JobCache cache;
    private final Clock clock;
    private long hour;
    private int filedThisHour;

    OrphanReturns(JobCache cache, Clock clock) {
        this.cache = cache;
        this.clock = clock;
    }

    /** Whether this return should be filed: its job is unknown (or an orphan already), its jid plausible. */
    synchronized boolean mayFile(String jid, String minionId, Optional<JobState> cached) {
        if (cached.isPresent()) {
            JobState r = cached.get();
            return r.caller().equals(NOTE) && !r.expected().contains(minionId);
        }
        Instant made = JidGenerator.time(jid).orElse(null);
        Instant now = clock.instant();
        if (made == null || made.isBefore(now.minus(MAX_AGE)) || made.isAfter(now.plus(Duration.ofHours(1)))) {
            return false;
        }
        long thisHour = now.getEpochSecond() / 3600;
        if (thisHour != hour) {
            hour = thisHour;
            filedThisHour = 0;
        }
        return filedThisHour++ < PER_HOUR;
    }

    /** Records (or widens) the orphan job so the return can be stored under it; returns that record. */
    JobState file(String jid, String minionId, Optional<JobState> cached) {
        List<String> expected = new ArrayList<>(cached.map(JobState::expected).orElse(List.of()));
        expected.add(minionId);
        Instant start = JidGenerator.time(jid).orElse(clock.instant());
        JobState record = new JobState(jid, FUNCTION, List.of(), Map.of(), String.join(",", expected),
                TargetType.LIST, NOTE, start, Duration.ZERO, expected, List.of(), List.of(), Map.of(), List.of(), null,
                List.of(), List.of());
        cache.recordJob(record);
        return record;
    }
}
