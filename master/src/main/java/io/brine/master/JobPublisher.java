package io.brine.master;

import io.brine.jobs.JobSpec;
import io.brine.jobs.JobState;
import io.brine.master.internal.AuditLog;
import io.brine.protocol.JidGenerator;
import io.brine.protocol.JobRequest;
import io.brine.targeting.TargetExpression;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Turns a request into a job: resolves the target (so the master knows exactly who must answer), records
 * the job with the minions that had no live session, and sends each expected minion its own copy sealed in
 * its own session — all at once, or a batch at a time.
 */
final class JobPublisher {
    /** The minions: their keys and facts, and their sessions here and, in a cluster, through the masters holding them. */
    private final JobRoute minions;
    /** The roster's machines, over SSH; null where the master has none (tests). */
    private final SshJobs ssh;
    private final JobTracker tracker;
    private final EventBus events;
    private final ScheduledExecutorService timer;
    private final JidGenerator jids;
    private final AccessPolicy access;
    private final AuditLog audit;
    private final DeliveryQueue deliveries;
    private final MasterMetrics metrics;
    private final JobRefusals refusals;

    /**
     * Counts each job published, by function, in {@code metrics}, and those refused because their audit line could
     * not be made durable ({@code audit_required}) in {@code refusals}. Jids come from {@code jids}, this master's
     * one generator: every job it files takes its jid there, so none repeats another's.
     */
    JobPublisher(JobRoute minions, SshJobs ssh, JobTracker tracker,
            EventBus events, ScheduledExecutorService timer, AccessPolicy access, AuditLog audit,
            DeliveryQueue deliveries, MasterMetrics metrics, JobRefusals refusals, JidGenerator jids) {
        this.jids = jids;
        this.metrics = metrics;
        this.refusals = refusals;
        this.minions = minions;
        this.ssh = ssh;
        this.deliveries = deliveries;
        this.access = access;
        this.audit = audit;
        this.tracker = tracker;
        this.events = events;
        this.timer = timer;
    }

    /** The job and the minions the target could not be decided for (they were not sent the job). */
    record Published(LiveJob job, List<String> undetermined) {
    }

    /**
     * Publishes {@code spec} (its timeout already decided) for {@code by}; {@code listener} (may be null) hears
     * each return as it arrives.
     */
    Published publish(JobSpec spec, Principal by, LiveJob.Listener listener) {
        return publish(spec, by, listener, false);
    }

    /**
     * As above; with {@code requireMatch}, a target that names no minion at all (none selected, no unknown id of a
     * list) throws {@link NoMinionsMatchedException} before anything is recorded or sent.
     */
    Published publish(JobSpec spec, Principal by, LiveJob.Listener listener, boolean requireMatch) {
        java.util.Objects.requireNonNull(spec.timeout(), "the caller decides the timeout");
        JobRoute route = route(spec);
        TargetResolver resolver = route.resolver();
        MinionReach reach = route.reach();
        DeclaredFunctions declared = route.declared();
        TargetExpression target = resolver.parse(spec.target(), spec.targetType());
        TargetResolver.Resolution resolution = resolver.resolve(target, spec.target(), spec.targetType());
        List<String> expected = resolution.expected();
        try {
            if (UpdateJobs.FUNCTION.equals(spec.function())) {
                // installs agent releases: the right to update, not a grant of functions, whoever asks and however
                access.checkRight(by, UpdateJobs.RIGHT, "update minions");
            } else {
                access.checkPublish(by, spec.function(), expected);
            }
            if (spec.ssh() != null && spec.ssh().acceptNewHostKeys()) {
                // it writes the master's known_hosts: trusting a machine's key is managing keys
                access.checkRight(by, "@keys", "trust new SSH host keys (--accept-new)");
            }
        } catch (AccessDeniedException e) {
            audit.record(by, "refused", auditFields(spec, expected.size(), null, e.getMessage()));
            throw e;
        }
        if (requireMatch && expected.isEmpty() && resolution.unknown().isEmpty()) {
            throw new NoMinionsMatchedException(spec.target(), resolution.undetermined());
        }
        List<String> connected = new ArrayList<>();
        List<String> unreachable = new ArrayList<>();
        java.util.Set<String> reachable = reach.reachable(expected);
        for (String id : expected) {
            (reachable.contains(id) ? connected : unreachable).add(id);
        }
        // A function no targeted minion runs, and arguments the minions would refuse (by what they reported), are
        // refused here: nothing is sent.
        Optional<String> refusal = declared.undeclared(spec.function(), expected)
                .or(() -> declared.refusal(spec.function(), spec.args(), spec.kwargs(), connected));
        if (refusal.isPresent()) {
            audit.record(by, "refused", auditFields(spec, expected.size(), null, refusal.get()));
            throw new IllegalArgumentException(refusal.get() + " (nothing was published)");
        }
        String jid = jids.next();
        long timeoutMillis = spec.timeout().toMillis();
        // Ids a list target named that no minion has: expected (so missing, and the call fails) but never reachable.
        List<String> unknown = resolution.unknown();
        List<String> named = new ArrayList<>(expected);
        named.addAll(unknown);
        List<String> away = List.copyOf(unreachable);
        unreachable.addAll(unknown);
        long now = System.currentTimeMillis();
        long queueUntil = spec.queue() == null ? 0 : now + spec.queue().toMillis();
        if (queueUntil > 0) {
            try {
                deliveries.checkRoom(away); // refused before anything is recorded or sent
            } catch (JobRefusedException e) {
                audit.record(by, "refused", auditFields(spec, expected.size(), null, e.getMessage()));
                throw e;
            }
        }
        JobState record = JobState.published(jid, spec, by.name(), Instant.ofEpochMilli(now), named, unreachable,
                unknown, queueUntil > 0 ? Instant.ofEpochMilli(queueUntil) : null);
        // Queued after the job is live (so a minion connecting at once finds it), before anything is sent.
        Runnable queue = () -> {
            if (queueUntil > 0) {
                away.forEach(id -> deliveries.add(jid, id, queueUntil));
                deliveries.awaitWritten();
            }
        };
        tracker.checkRoom(); // before the audit line: a job the cache refuses must not read as published there
        try {
            audit.recordBefore(by, "publish", auditFields(spec, expected.size(), jid, "published"));
        } catch (AuditUnavailableException e) {
            throw refusals.refuse(JobRefusedException.Reason.AUDIT_LOG, e.getMessage());
        }
        // A queued job says so to the minions it reaches at once too: one that leaves before it comes (a session
        // another master held, say) is sent it again later, and runs it once.
        JobRequest request = new JobRequest(jid, spec.function(), spec.args(), spec.kwargs(), timeoutMillis,
                by.name(), queueUntil > 0 ? queueUntil - now : 0);
        if (spec.batch() == null) {
            LiveJob job = tracker.start(record, timeoutMillis, listener);
            metrics.published(spec.function());
            queue.run();
            announce(record);
            reach.send(request, connected);
            return new Published(job, resolution.undetermined());
        }
        int size = spec.batch().size(expected.size());
        long wait = spec.batch().pause().toMillis();
        BatchRelease release = new BatchRelease(connected, size, wait, timeoutMillis + 2_000,
                id -> reach.send(request, List.of(id)), timer);
        LiveJob.Listener chained = (j, id, ret) -> {
            release.returned(id);
            if (listener != null) {
                listener.onReturn(j, id, ret);
            }
        };
        LiveJob job = tracker.start(record, BatchRelease.totalWaitMillis(connected.size(), size, timeoutMillis, wait),
                chained);
        metrics.published(spec.function());
        queue.run();
        announce(record);
        release.start();
        return new Published(job, resolution.undetermined());
    }

    /**
     * Tells every minion still running {@code jid} to stop it; false if the job is not live any more. The
     * minions' returns then say the job was killed.
     */
    boolean kill(Principal who, String jid) {
        // A job that is done stays in memory a little while for late returns; it has nothing left to kill.
        Optional<LiveJob> inMemory = tracker.live(jid);
        Optional<LiveJob> job = inMemory.filter(j -> !j.done.isDone());
        if (job.isEmpty()) {
            // No longer live, but perhaps still queued for minions that are away: those deliveries are cancelled.
            Optional<JobState> cached = tracker.find(jid);
            if (cached.isEmpty() || !deliveries.waiting(jid)) {
                return false;
            }
            if (!JobVisibility.mayRead(access, who, cached.get().caller())) {
                throw new AccessDeniedException("'" + who.name() + "' may not kill job " + jid
                        + ", started by another identity (needs @jobs)");
            }
            audit.recordBefore(who, "kill", Map.of("jid", jid, "outcome", "queued deliveries cancelled"));
            endQueue(cached.get(), inMemory);
            return true;
        }
        JobState record = job.get().snapshot();
        if (!JobVisibility.mayRead(access, who, record.caller())) {
            audit.record(who, "refused", Map.of("jid", jid, "function", "kill", "outcome", "not their job"));
            throw new AccessDeniedException("'" + who.name() + "' may not kill job " + jid
                    + ", started by another identity (needs @jobs)");
        }
        audit.recordBefore(who, "kill", Map.of("jid", jid, "outcome", "killed"));
        if (record.queuedAt(Instant.now())) {
            endQueue(record, job);
        }
        io.brine.protocol.JobKill stop = new io.brine.protocol.JobKill(jid);
        minions.reach().send(stop, List.copyOf(record.missing()));
        if (ssh != null) {
            ssh.stop(stop); // runs of the job on roster hosts, if it went there
        }
        return true;
    }

    /**
     * Cancels a job's queued deliveries and ends its queue time now, in the cache too, and in memory when the job is
     * still there (a cast no caller waits for any more may be): the minions it waited for read 'killed', not
     * 'queued' for ever after, nor 'expired' as if nobody had stopped it.
     */
    private void endQueue(JobState r, Optional<LiveJob> inMemory) {
        Instant now = Instant.now();
        List<String> cancelled = deliveries.cancel(r.jid());
        if (inMemory.isPresent()) {
            inMemory.get().endQueue(now, cancelled);
            tracker.rewrite(inMemory.get().snapshot());
            return;
        }
        tracker.rewrite(r.withQueueEnded(now, cancelled));
    }

    private static Map<String, Object> auditFields(JobSpec spec, int minions, String jid, String outcome) {
        Map<String, Object> f = new java.util.LinkedHashMap<>();
        if (jid != null) {
            f.put("jid", jid);
        }
        f.put("target", spec.target());
        f.put("tgt_type", spec.targetType().wireName());
        f.put("minions", minions);
        f.put("function", spec.function());
        f.put("args", spec.args());
        f.put("kwargs", spec.kwargs());
        if (spec.batch() != null) {
            f.put("batch", spec.batch().text());
        }
        if (spec.ssh() != null) {
            f.put("via", "ssh"); // the roster's machines, not minions
        }
        f.put("outcome", outcome);
        return f;
    }

    /** The policy every publish passes, for the other ways of acting (keys, job lookups) to ask too. */
    AccessPolicy access() {
        return access;
    }

    /** What the minions declared they run (not an SSH roster's hosts, which declare nothing). */
    DeclaredFunctions declared() {
        return minions.declared();
    }

    AuditLog audit() {
        return audit;
    }

    private void announce(JobState spec) {
        events.publish("brine/job/" + spec.jid() + "/new", Map.of("fun", spec.function(), "tgt", spec.target(),
                "tgt_type", spec.targetType().wireName(), "minions", spec.expected(), "user", spec.caller()));
    }

    /** Where {@code spec} goes: the minions, or the roster's machines over SSH. */
    /**
     * What publishing {@code spec} as {@code by} would do, without doing it or auditing anything: the minions its
     * target selects and why the master would refuse it (the grants, then the functions the minions declared), in
     * the words a publish would throw. The console's Run form asks this before it offers to publish.
     *
     * @throws IllegalArgumentException if the target does not parse (a {@code TargetSyntaxException} with a caret)
     */
    JobPreview preview(JobSpec spec, Principal by) {
        JobRoute route = route(spec);
        TargetResolver resolver = route.resolver();
        TargetResolver.Resolution resolution = resolver.resolve(resolver.parse(spec.target(), spec.targetType()),
                spec.target(), spec.targetType());
        List<String> expected = resolution.expected();
        Optional<String> refusal;
        try {
            access.checkPublish(by, spec.function(), expected);
            java.util.Set<String> reachable = route.reach().reachable(expected);
            List<String> connected = expected.stream().filter(reachable::contains).toList();
            refusal = route.declared().undeclared(spec.function(), expected)
                    .or(() -> route.declared().refusal(spec.function(), spec.args(), spec.kwargs(), connected));
        } catch (AccessDeniedException e) {
            refusal = Optional.of(e.getMessage());
        }
        return new JobPreview(expected, resolution.undetermined(), resolution.unknown(), refusal.orElse(null));
    }

    private JobRoute route(JobSpec spec) {
        if (spec.ssh() == null) {
            return minions;
        }
        if (ssh == null) {
            throw new IllegalArgumentException("this master runs no jobs over SSH");
        }
        return ssh.route(spec.ssh());
    }
}
