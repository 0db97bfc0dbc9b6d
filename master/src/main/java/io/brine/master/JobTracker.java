package io.brine.master;

import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobState;
import io.brine.jobs.MinionResult;
import java.lang.System.Logger.Level;
import java.lang.System.Logger;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Follows every job from publication to its last return: live jobs in memory while a caller may still be
 * waiting, everything in the {@link JobCache}. A return is only taken from a minion the job was sent to,
 * so a minion cannot write results into another minion's job; and only once, so a minion cannot rewrite the
 * record of what it did, whether the job is still live or long finished.
 */
final class JobTracker {
    private static final Logger LOG = System.getLogger(JobTracker.class.getName());
    /** How long after its timeout a job stays live, to absorb returns that were already on their way. */
    private static final long GRACE_MILLIS = 30_000;
    /** How long a job that is done stays in memory, for returns already on their way. */
    static final long DONE_GRACE_MILLIS = 2_000;
    /** How long past its timeout a call still waits for the minions that were running the job. */
    private static final long TIMEOUT_GRACE_MILLIS = JobState.TIMEOUT_GRACE.toMillis();

    private final Map<String, LiveJob> live = new ConcurrentHashMap<>();
    private final OrphanReturns orphans;
    private final JobCache cache;
    private final ScheduledExecutorService timer;
    private final EventBus events;
    private final LongAdder refusedReturns = new LongAdder();
    private final AtomicLong lastRefusalLog = new AtomicLong();
    private final MasterMetrics metrics;
    private final BacklogLimit backlogLimit;
    private final JobRefusals refusals;
    /** The master is stopping: sessions ending from now on are its own going, not their minions'. */
    private volatile boolean stopping;

    /**
     * While the job cache cannot be written, the most records, and bytes of records, kept waiting for it before new
     * jobs are refused: jobs already running keep their returns.
     */
    record BacklogLimit(long records, long bytes) {
        static final BacklogLimit DEFAULTS = new BacklogLimit(JobCache.MAX_BACKLOG, JobCache.MAX_BACKLOG_BYTES);
    }

    JobTracker(JobCache cache, ScheduledExecutorService timer, EventBus events) {
        this(cache, timer, events, new MasterMetrics());
    }

    /** As above, counting returns and their latency, and the minions each job stopped waiting for, in {@code metrics}. */
    JobTracker(JobCache cache, ScheduledExecutorService timer, EventBus events, MasterMetrics metrics) {
        this(cache, timer, events, metrics, BacklogLimit.DEFAULTS, new JobRefusals());
    }

    /** As above, refusing new jobs (counted in {@code refusals}) past {@code backlogLimit} while the cache fails. */
    JobTracker(JobCache cache, ScheduledExecutorService timer, EventBus events, MasterMetrics metrics,
            BacklogLimit backlogLimit, JobRefusals refusals) {
        this.backlogLimit = backlogLimit;
        this.refusals = refusals;
        this.metrics = metrics;
        this.cache = cache;
        this.timer = timer;
        this.events = events;
        this.orphans = new OrphanReturns(cache, java.time.Clock.systemUTC());
    }

    /** Starts following a job; callers stop waiting after {@code waitMillis}, late returns still count. */
    LiveJob start(JobState spec, long waitMillis, LiveJob.Listener listener) {
        checkRoom();
        LiveJob job = new LiveJob(spec);
        if (listener != null) {
            job.listen(listener);
        }
        live.put(spec.jid(), job);
        cache.recordJob(spec);
        java.util.concurrent.ScheduledFuture<?> expiry = timer.schedule(() -> {
            if (job.timeoutPassed()) {
                timer.schedule(job::expire, TIMEOUT_GRACE_MILLIS, TimeUnit.MILLISECONDS);
            }
        }, waitMillis, TimeUnit.MILLISECONDS);
        java.util.concurrent.ScheduledFuture<?> removal = timer.schedule(() -> live.remove(spec.jid(), job),
                waitMillis + GRACE_MILLIS, TimeUnit.MILLISECONDS);
        // A job that is done leaves memory soon, not at its timeout: the soak found a master answering 270 jobs a
        // second to 100 minions holding a minute of finished jobs (800 MiB). Late and repeated returns are checked
        // against the cache as for any job that left memory.
        job.done.whenComplete((record, failure) -> {
            if (record != null) {
                record.missingOutcomes(Instant.now()).values().forEach(o -> metrics.missing(o.label()));
            }
            expiry.cancel(false);
            removal.cancel(false);
            timer.schedule(() -> live.remove(spec.jid(), job), DONE_GRACE_MILLIS, TimeUnit.MILLISECONDS);
        });
        return job;
    }

    /**
     * Refuses (counted) a new job while the cache cannot be written and its backlog is past {@link BacklogLimit}:
     * checked by {@link #start}, and by a publisher before it records anything else of the job (its audit line).
     *
     * @throws JobRefusedException with reason {@code cache_backlog}
     */
    void checkRoom() {
        String failing = cache.failing();
        long records = cache.backlog();
        long bytes = cache.backlogBytes();
        if (failing != null && (records > backlogLimit.records() || bytes > backlogLimit.bytes())) {
            // Jobs already running keep their returns (they wait in memory); new ones would only add to the loss.
            throw refusals.refuse(JobRefusedException.Reason.CACHE_BACKLOG, "the job cache cannot be written ("
                    + failing + "); " + records + " records (" + bytes / 1024 + " KiB) wait for it, over the "
                    + "backlog's " + backlogLimit.records() + " records or " + backlogLimit.bytes() / 1024
                    + " KiB: no new jobs until it can be written again");
        }
    }

    /** Jobs held in memory: running, or done within the last seconds (for returns still on their way). */
    int inMemory() {
        return live.size();
    }

    void acknowledged(String minionId, String jid) {
        LiveJob job = live.get(jid);
        if (job != null && job.expects(minionId)) {
            job.acknowledge(minionId);
            cache.recordAck(jid, minionId);
        }
    }

    /** Takes a return if the job was sent to this minion and it has not returned yet; false (counted) otherwise. */
    boolean returned(String minionId, String jid, MinionResult result) {
        return returned(minionId, jid, result, () -> { });
    }

    /**
     * As above; {@code stored} runs once the master no longer needs the minion to keep the return: when it is on
     * disk, or at once when it is refused (the first return stands, or the job was never the minion's).
     */
    boolean returned(String minionId, String jid, MinionResult result, Runnable stored) {
        LiveJob job = live.get(jid);
        if (job == null) {
            return returnedLate(minionId, jid, result, stored);
        }
        if (!job.expects(minionId)) {
            return refused("refused a return from " + minionId + " for job " + jid + ", which was not sent to it",
                    stored);
        }
        // Into the cache before the live job completes: a caller that has its answer may stop the master at once
        // (a test did, and the last return of the job it had just seen was never written).
        long startMillis = job.startTime().toEpochMilli();
        if (!job.addReturn(minionId, result, () -> take(jid, minionId, result, stored, startMillis))) {
            // acknowledged once the first copy is on disk, not before: the minion must not forget it sooner
            refuse(secondReturn(minionId, jid));
            cache.whenReturnWritten(jid, minionId, stored);
            return false;
        }
        published(jid, minionId, result, job.caller());
        return true;
    }

    /**
     * A return for a job no longer live: checked against the cache's row for the job and that one return, not
     * the whole job (see {@link JobCache#lateJob}); a job the cache does not know is loaded whole, for
     * {@link OrphanReturns}, which is rare.
     */
    private boolean returnedLate(String minionId, String jid, MinionResult result, Runnable stored) {
        Optional<JobCache.LateJob> late = cache.lateJob(jid, minionId);
        if (late.isEmpty() || late.get().caller().equals(OrphanReturns.NOTE)) {
            Optional<JobState> cached = cache.find(jid);
            if (orphans.mayFile(jid, minionId, cached)) {
                // A return for a job this master has no record of (its cache was lost or replaced): kept under
                // its jid with a note, rather than dropped after the minion kept it so carefully.
                cached = Optional.of(orphans.file(jid, minionId, cached));
            }
            late = cached.map(r -> new JobCache.LateJob(r.caller(), r.startTime().toEpochMilli(),
                    r.expected().contains(minionId), r.returns().containsKey(minionId)));
        }
        if (late.isEmpty() || !late.get().expects()) {
            return refused("refused a return from " + minionId + " for job " + jid + ", which was not sent to it",
                    stored);
        }
        if (late.get().returned()) {
            return refused(secondReturn(minionId, jid), stored);
        }
        if (!cache.claimReturn(jid, minionId, stored)) {
            refuse(secondReturn(minionId, jid)); // acknowledged once the copy waiting to be written is on disk
            return false;
        }
        // Claimed; but the first copy may have been written and let go of between the look and the claim.
        if (cache.lateJob(jid, minionId).map(JobCache.LateJob::returned).orElse(false)) {
            cache.releaseReturn(jid, minionId);
            return refused(secondReturn(minionId, jid), stored);
        }
        take(jid, minionId, result, stored, late.get().startMillis());
        published(jid, minionId, result, late.get().caller());
        return true;
    }

    /** Counted before any caller hears of the return: a caller that has its answer finds it in /metrics. */
    private void take(String jid, String minionId, MinionResult result, Runnable stored, long published) {
        cache.recordReturn(jid, minionId, result, stored);
        metrics.returned(result.success(), (System.currentTimeMillis() - published) / 1000.0);
    }

    private void published(String jid, String minionId, MinionResult result, String caller) {
        events.publish("brine/job/" + jid + "/ret/" + minionId, Map.of("success", result.success(),
                "retcode", result.retcode(), "return", result.ret() == null ? "" : result.ret(), "user", caller));
    }

    private static String secondReturn(String minionId, String jid) {
        return "refused a second return from " + minionId + " for job " + jid + "; the first one stands";
    }

    private boolean refused(String why, Runnable stored) {
        refuse(why);
        stored.run();
        return false;
    }

    /** Returns refused: from a minion the job was not sent to, or a second one from the same minion. */
    long refusedReturns() {
        return refusedReturns.sum();
    }

    /** Counted always, logged at most once every ten seconds: a minion resending in a loop must not flood the log. */
    private void refuse(String why) {
        refusedReturns.increment();
        long now = System.currentTimeMillis();
        long last = lastRefusalLog.get();
        if (now - last >= 10_000 && lastRefusalLog.compareAndSet(last, now)) {
            LOG.log(Level.WARNING, why + " (" + refusedReturns.sum() + " returns refused so far)");
        }
    }

    /**
     * The live {@code function} jobs that {@code minionId} was sent and has not answered yet, oldest first: what a
     * minion must be running for the master to accept what only that job sends (pushes), and what they asked for.
     */
    List<LiveJob> awaiting(String minionId, String function) {
        return live.values().stream().filter(j -> j.function().equals(function) && j.awaiting(minionId))
                .sorted(java.util.Comparator.comparing(LiveJob::jid)).toList();
    }

    /**
     * The master stops: every live job ends now for its callers, as far as it has got and marked cut short (their
     * {@link Job#complete()} is false), so that no caller (a blocked {@code call}, a future, a stream) waits for a
     * master that will not tell it any more. The jobs themselves go on: minions keep their returns for the next
     * master.
     */
    void stopWaiting() {
        stopping = true;
        live.values().forEach(LiveJob::stop);
    }

    Optional<LiveJob> live(String jid) {
        return Optional.ofNullable(live.get(jid));
    }

    /**
     * Whether the job {@code r} describes has ended: a live one when it is done, any other by its facts (see
     * {@link JobState#ended}), such as one published before this master started.
     */
    boolean ended(JobState r) {
        LiveJob job = live.get(r.jid());
        return job != null ? job.done.isDone() : r.ended(Instant.now());
    }

    /** Waits up to {@code wait} for a job that is not live to end ({@link RecordedJobWait}); the job as it then is. */
    Optional<JobState> awaitRecorded(String jid, java.time.Duration wait) throws InterruptedException {
        return new RecordedJobWait(cache::find, events).await(jid, wait);
    }

    /**
     * The live jobs sent to {@code minionId} that it has neither acknowledged nor returned, as requests to send it
     * again now that it has a session here: in a cluster, a job routed to it through another master that went away
     * before passing it on (or before passing back its return) reaches it where it is now. Sent as deliveries that
     * the minion records before running ({@link JobRequest#queued}), so that it runs each jid once even across a
     * restart; one it already ran sends its kept return again instead.
     */
    List<io.brine.protocol.JobRequest> unanswered(String minionId, long nowMillis) {
        List<io.brine.protocol.JobRequest> out = new java.util.ArrayList<>();
        for (LiveJob job : live.values()) {
            if (!job.unanswered(minionId)) {
                continue;
            }
            JobState s = job.spec();
            long left = s.startTime().toEpochMilli() + s.timeout().toMillis() - nowMillis;
            if (left > 0) {
                out.add(new io.brine.protocol.JobRequest(s.jid(), s.function(), s.args(), s.kwargs(), left, s.caller(),
                        left));
            }
        }
        return out;
    }

    /**
     * A minion's session ended: the live jobs it had stop waiting for it (outcome {@code disconnected}), and
     * their records say so. A return it still sends later is taken as usual.
     */
    void minionGone(String minionId) {
        if (stopping) {
            return;
        }
        for (LiveJob job : live.values()) {
            if (UpdateJobs.FUNCTION.equals(job.spec().function())) {
                // an update restarts its minions on purpose: the new version (or the old, rolled back) returns it
                continue;
            }
            if (job.minionGone(minionId)) {
                cache.recordJob(job.snapshot());
            }
        }
    }

    /** Replaces a finished job's record (its returns and acknowledgements stay in their own tables). */
    void rewrite(JobState record) {
        cache.recordJob(record);
    }

    Optional<JobState> find(String jid) {
        LiveJob job = live.get(jid);
        return job != null ? Optional.of(job.snapshot()) : cache.find(jid);
    }

    List<JobOverview> recent(JobFilter filter) {
        if (!filter.running()) {
            return cache.recent(filter, null);
        }
        // A running job is a live one not done yet; live jobs are few (done ones leave memory within seconds).
        List<String> running = live.values().stream().filter(j -> !j.done.isDone()).map(LiveJob::jid).toList();
        return running.isEmpty() ? List.of() : cache.recent(filter, running);
    }
}
