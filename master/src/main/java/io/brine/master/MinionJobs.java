package io.brine.master;

import io.brine.jobs.JobState;
import io.brine.jobs.MinionResult;
import io.brine.jobs.internal.JobResults;
import io.brine.protocol.JidGenerator;
import io.brine.protocol.ScheduledReturn;
import io.brine.targeting.TargetType;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Files the jobs minions ran by themselves ({@code schedule}): each becomes a job in the job cache like any other,
 * its caller {@code schedule:NAME}, targeted at its minion, with its return, so that {@code brine job list --caller
 * 'schedule:*'} and the return events show it. A minion's jid is unique on that minion only: the job is filed under
 * a jid of this master's, and the pair is kept ({@code minion_jobs}) so that a copy sent again (after a lost
 * acknowledgement, or to two masters) is filed once.
 */
final class MinionJobs {
    private static final Logger LOG = System.getLogger(MinionJobs.class.getName());
    /** What a schedule entry's name may be: it becomes part of a caller name. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    static final String CALLER_PREFIX = "schedule:";
    /**
     * New scheduled jobs one minion may have filed a minute: Salt's shortest useful interval is a second, so a
     * schedule of a job a second and its mine update stay under it. Beyond, a job is not acknowledged: the minion
     * keeps it and sends it again, and it is filed in a later minute. A minion inventing jobs costs no more.
     */
    static final int PER_MINUTE = 120;

    private final JobCache cache;
    private final JobTracker tracker;
    private final JidGenerator jids;
    private final EventBus events;
    /** Each minion's minute and the jobs filed for it in that minute. */
    private final java.util.Map<String, long[]> minutes = new java.util.concurrent.ConcurrentHashMap<>();
    /** Scheduled jobs refused: over a minion's rate (sent again later), or with a name no caller may have. */
    final java.util.concurrent.atomic.LongAdder overRate = new java.util.concurrent.atomic.LongAdder();
    final java.util.concurrent.atomic.LongAdder badNames = new java.util.concurrent.atomic.LongAdder();

    MinionJobs(JobCache cache, JobTracker tracker, JidGenerator jids, EventBus events) {
        this.cache = cache;
        this.tracker = tracker;
        this.jids = jids;
        this.events = events;
    }

    /**
     * Files {@code minion}'s scheduled job and its return; {@code stored} runs once the minion may forget it (on
     * disk, or refused for good), so it can be acknowledged with the minion's own jid.
     */
    void returned(String minion, ScheduledReturn job, Runnable stored) {
        String minionJid = job.ret().jid();
        if (!NAME.matcher(job.schedule()).matches()) {
            LOG.log(Level.WARNING, "refused the scheduled job " + minionJid + " of " + minion + ": its schedule name "
                    + "is not 1 to 64 letters, digits, '_', '.' or '-'");
            badNames.increment();
            stored.run(); // never filed however often it came: the minion need not keep it
            return;
        }
        if (!withinRate(minion)) {
            overRate.increment(); // not acknowledged: the minion sends it again, in a later minute
            return;
        }
        String proposed = jids.next();
        String jid;
        try {
            jid = cache.claimMinionJob(minion, minionJid, proposed);
        } catch (SQLException e) {
            // not acknowledged: the minion keeps it and sends it again
            LOG.log(Level.WARNING, "cannot file the scheduled job " + minionJid + " of " + minion + " now: "
                    + e.getMessage());
            return;
        }
        MinionResult result = JobResults.result(job.ret().result());
        // a copy sent again finds its job filed, unless the master stopped between the claim and the job's record
        if (jid.equals(proposed) || (tracker.live(jid).isEmpty() && cache.find(jid).isEmpty())) {
            Instant start = Instant.ofEpochMilli(job.ret().result().startMillis());
            JobState state = new JobState(jid, job.function(), job.args(), job.kwargs(), minion, TargetType.LIST,
                    CALLER_PREFIX + job.schedule(), start, Duration.ofMillis(job.timeoutMillis()), List.of(minion),
                    List.of(), List.of(minion), Map.of(), List.of(), null, List.of(), List.of());
            tracker.start(state, 0, null);
            events.publish("brine/job/" + jid + "/new", Map.of("fun", job.function(), "tgt", minion,
                    "tgt_type", TargetType.LIST.wireName(), "minions", List.of(minion), "user", state.caller(),
                    "minion_jid", minionJid));
        }
        tracker.returned(minion, jid, result, stored);
    }

    /** Counts a job against {@code minion}'s minute; false when the minute has had {@link #PER_MINUTE}. */
    private boolean withinRate(String minion) {
        long minute = System.currentTimeMillis() / 60_000;
        long[] counted = minutes.computeIfAbsent(minion, id -> new long[] {minute, 0});
        synchronized (counted) {
            if (counted[0] != minute) {
                counted[0] = minute;
                counted[1] = 0;
            }
            return ++counted[1] <= PER_MINUTE;
        }
    }
}
