package io.brine.master;

import io.brine.jobs.Job;
import io.brine.jobs.JobState;
import io.brine.jobs.MinionResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A job whose returns are still being collected. {@link #done} completes when every expected minion that
 * had a session has returned, or the timeout passed (and, for minions still running then, the grace for the
 * returns they send at their own deadline: see {@link #timeoutPassed}), whichever is first: a minion that was not
 * connected cannot answer, so nobody waits for it. Returns arriving later still reach the cache.
 */
final class LiveJob {
    private static final System.Logger LOG = System.getLogger(LiveJob.class.getName());
    /**
     * Told of each return as it arrives, in the order the job took them, on the thread that took it or on one
     * telling an earlier return of the same job. Must not block: the job's later returns wait behind it.
     */
    interface Listener {
        void onReturn(String jid, String minionId, MinionResult result);
    }

    private final JobState spec;
    private final Set<String> expected;
    private final Set<String> reachable;
    private final Set<String> acknowledged = new LinkedHashSet<>();
    /**
     * The returns told so far, in the order they were told: the job's record lists them as a streaming client
     * received them. Guarded by this.
     */
    private final Map<String, MinionResult> returns = new LinkedHashMap<>();
    /**
     * The minions whose return was taken, told yet or not: two worker threads may take returns in one order and
     * finish handing them to the cache in the other. Guarded by this.
     */
    private final Set<String> taken = new HashSet<>();
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    final CompletableFuture<JobState> done = new CompletableFuture<>();
    /** What listeners and waiting callers are still to hear, in order; see {@link #tell}. */
    private final Queue<Runnable> events = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean telling = new AtomicBoolean();
    /** The minions whose returns have been told; read and written only by the thread telling (see {@link #tell}). */
    private final Set<String> told = new HashSet<>();

    LiveJob(JobState spec) {
        this.spec = spec;
        this.expected = new LinkedHashSet<>(spec.expected());
        this.reachable = new LinkedHashSet<>(spec.expected());
        // Not removeAll: given a list at least as long as the set, it calls List.contains for every element, and
        // with most of 10,000 minions unreachable (a master restart) each job cost 10^8 string comparisons.
        spec.unreachable().forEach(reachable::remove);
        if (reachable.isEmpty()) {
            done.complete(snapshot());
        }
    }

    String jid() {
        return spec.jid();
    }

    String caller() {
        return spec.caller();
    }

    boolean expects(String minionId) {
        return expected.contains(minionId);
    }

    String function() {
        return spec.function();
    }

    /** The job's arguments, as published. */
    List<Object> args() {
        return spec.args();
    }

    Map<String, Object> kwargs() {
        return spec.kwargs();
    }

    /** When the job was published. */
    Instant startTime() {
        return spec.startTime();
    }

    /** Whether {@code minionId} was sent this job and has not returned yet: it may still be working on it. */
    synchronized boolean awaiting(String minionId) {
        return expected.contains(minionId) && !taken.contains(minionId);
    }

    void listen(Listener listener) {
        listeners.add(listener);
    }

    synchronized void acknowledge(String minionId) {
        acknowledged.add(minionId);
    }

    /** Records a return; false if this minion already returned (a duplicate is ignored). */
    boolean addReturn(String minionId, MinionResult result) {
        return addReturn(minionId, result, () -> { });
    }

    /**
     * Records a return and runs {@code beforeTelling} (once, for a return that is not a duplicate) before any
     * listener or waiting caller hears of it: what a caller has been told must already be on its way to the cache.
     */
    boolean addReturn(String minionId, MinionResult result, Runnable beforeTelling) {
        synchronized (this) {
            if (!taken.add(minionId)) {
                return false;
            }
            acknowledged.add(minionId);
        }
        beforeTelling.run();
        tell(() -> {
            synchronized (this) {
                returns.put(minionId, result);
            }
            listeners.forEach(l -> l.onReturn(spec.jid(), minionId, result));
            told.add(minionId);
            completeIfNoneLeft();
        });
        return true;
    }

    /** Done once every reachable minion was told of, or, past the timeout, every one still running then. */
    private void completeIfNoneLeft() {
        // sizes first: returns only ever come from expected minions, so this is usually decided in O(1)
        boolean all = told.size() >= reachable.size() && told.containsAll(reachable);
        if (all || (runningAtTimeout != null && told.containsAll(runningAtTimeout))) {
            done.complete(snapshot());
        }
    }

    /**
     * The minions that were running the job when its timeout passed; null before. Read and written only by the
     * thread telling (see {@link #tell}).
     */
    private Set<String> runningAtTimeout;

    /**
     * The job's timeout passed. A minion that acknowledged the job stops it at its own deadline, counted from when
     * the job reached it, and returns that it timed out (retcode 124) a moment after this: so the job ends now only
     * if no such minion is left, and otherwise when their returns are in or {@link #expire} comes, a grace later
     * (the caller then reads their returns rather than {@code running}). Minions that never acknowledged are not
     * waited for any longer.
     *
     * @return whether the job is still waiting, for the grace
     */
    boolean timeoutPassed() {
        if (done.isDone()) {
            return false;
        }
        tell(() -> {
            Set<String> running = new HashSet<>();
            synchronized (this) {
                for (String id : acknowledged) {
                    if (reachable.contains(id) && !told.contains(id)) {
                        running.add(id);
                    }
                }
            }
            runningAtTimeout = running;
            completeIfNoneLeft();
        });
        return !done.isDone();
    }

    void expire() {
        tell(() -> done.complete(snapshot()));
    }

    /**
     * Whether the job was cut short by {@link #stop}: its callers stopped waiting because the master stopped, not
     * because it ended. Set before {@link #done} completes.
     */
    private volatile boolean cutShort;

    /**
     * The master stops: the job ends now for its callers, as far as it has got, and is marked {@link #cutShort} if
     * it had not ended by itself first.
     */
    void stop() {
        tell(() -> {
            if (!done.isDone()) {
                cutShort = true;
                done.complete(snapshot());
            }
        });
    }

    boolean cutShort() {
        return cutShort;
    }

    /**
     * The job as the embedding API reads it, once it ended, or once the master stopped (then incomplete): a new
     * future, so no caller can end it for others.
     */
    CompletableFuture<Job> result() {
        return done.thenApply(s -> s.job(Instant.now(), !cutShort));
    }

    /**
     * Runs {@code event} after every event queued before it, on whichever thread is telling this job's events
     * now, or on this one. Returns are taken on several worker threads; told in this order, a listener hears of
     * every return before the job is done (otherwise the last return's thread could finish the job while another
     * was still telling of an earlier one, and a streaming client stopped at the report without it). Nobody waits
     * for anybody: a slow listener delays this job's events, never the thread that queued them (the master's
     * timer, the workers taking other jobs' returns).
     */
    private void tell(Runnable event) {
        events.add(event);
        while (!events.isEmpty() && telling.compareAndSet(false, true)) {
            try {
                for (Runnable next = events.poll(); next != null; next = events.poll()) {
                    try {
                        next.run();
                    } catch (RuntimeException e) {
                        // a failing listener must not keep the others, or the job's end, from being told
                        LOG.log(System.Logger.Level.WARNING, "a listener of job " + spec.jid() + " failed", e);
                    }
                }
            } finally {
                telling.set(false);
            }
        }
    }

    /** The job as it stands: what was asked, and every fact of its minions gathered so far. */
    synchronized JobState snapshot() {
        Instant queueUntil = spec.queueUntil();
        if (queueEndedAt != null && queueUntil != null && queueEndedAt.isBefore(queueUntil)) {
            queueUntil = queueEndedAt;
        }
        List<String> gone = new ArrayList<>(disconnected);
        gone.removeAll(returns.keySet());
        return new JobState(spec.jid(), spec.function(), spec.args(), spec.kwargs(), spec.target(),
                spec.targetType(), spec.caller(), spec.startTime(), spec.timeout(), spec.expected(),
                spec.unreachable(), new ArrayList<>(acknowledged), returns, spec.unknown(), queueUntil, gone,
                new ArrayList<>(killed));
    }

    /** Minions whose session ended while they had the job; guarded by this. */
    private final Set<String> disconnected = new LinkedHashSet<>();

    /**
     * The minion's session ended while it had this job (it died, restarted, or lost its network): waiting callers
     * stop waiting for it. Should its return still come (minions keep returns until stored), it counts.
     *
     * @return whether this changed anything
     */
    /**
     * Whether {@code minionId} was sent this job and has neither acknowledged nor returned it, and its session was
     * not seen to end here: a job routed to it through another master may never have reached it.
     */
    synchronized boolean unanswered(String minionId) {
        return reachable.contains(minionId) && !acknowledged.contains(minionId) && !taken.contains(minionId)
                && !disconnected.contains(minionId);
    }

    /** What was published, as the minion is sent it. */
    JobState spec() {
        return spec;
    }

    boolean minionGone(String minionId) {
        synchronized (this) {
            if (!reachable.contains(minionId) || taken.contains(minionId) || !disconnected.add(minionId)) {
                return false;
            }
        }
        tell(() -> {
            told.add(minionId);
            completeIfNoneLeft();
        });
        return true;
    }

    /** When its queued deliveries were cancelled (a kill), or null; guarded by this. */
    private Instant queueEndedAt;
    /** The minions away whose queued deliveries the kill cancelled: they read 'killed'; guarded by this. */
    private final Set<String> killed = new LinkedHashSet<>();

    /** A kill cancelled the deliveries still waiting for {@code away} at {@code at}. */
    synchronized void endQueue(Instant at, java.util.Collection<String> away) {
        queueEndedAt = at;
        killed.addAll(away);
    }
}
