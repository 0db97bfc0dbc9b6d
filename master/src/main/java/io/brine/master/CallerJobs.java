package io.brine.master;

import io.brine.jobs.Job;
import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The jobs one caller may read ({@link JobVisibility}: its own, or any with {@code @jobs}), as the master knows them
 * ({@link JobState}) and as the caller sees them ({@link Job}), and the long poll on one of them, live on this master
 * or published by an earlier one on the same cachedir. {@link MasterClient} answers its callers' reads through it.
 */
final class CallerJobs {
    private final JobTracker tracker;
    private final AccessPolicy access;
    private final Principal caller;

    CallerJobs(JobTracker tracker, AccessPolicy access, Principal caller) {
        this.tracker = tracker;
        this.access = access;
        this.caller = caller;
    }

    /** What the master knows of the job, when the caller may see it; empty for an unknown jid too. */
    Optional<JobState> state(String jid) {
        return tracker.find(jid).filter(r -> JobVisibility.mayRead(access, caller, r.caller()));
    }

    /** The jobs matching {@code filter} that the caller may see, newest first, a line each. */
    List<JobOverview> listing(JobFilter filter) {
        return JobVisibility.restrict(access, caller, filter).map(tracker::recent).orElse(List.of());
    }

    Optional<Job> job(String jid) {
        return state(jid).map(s -> s.job(Instant.now(), tracker.ended(s)));
    }

    /** {@link #job(String)} once the job ended or {@code wait} passed, whichever comes first. */
    Optional<Job> job(String jid, Duration wait) throws InterruptedException {
        Optional<JobState> seen = state(jid);
        if (seen.isEmpty()) {
            return Optional.empty();
        }
        if (wait.isNegative() || wait.isZero() || tracker.ended(seen.get())) {
            return job(jid);
        }
        Optional<LiveJob> live = tracker.live(jid);
        if (live.isEmpty()) {
            tracker.awaitRecorded(jid, wait);
            return job(jid);
        }
        try {
            live.get().done.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            // still running: the snapshot below says who has returned so far
        } catch (ExecutionException e) {
            throw new IllegalStateException("job " + jid + " failed", e.getCause());
        }
        return job(jid);
    }

    boolean running(String jid) {
        return state(jid).map(s -> !tracker.ended(s)).orElse(false);
    }
}
