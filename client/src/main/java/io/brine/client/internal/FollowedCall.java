package io.brine.client.internal;

import io.brine.jobs.internal.JobResults;
import io.brine.protocol.ClientRequest;
import io.brine.protocol.ClientResponse;
import io.brine.protocol.CopyRequest;
import io.brine.protocol.JobLookup;
import io.brine.protocol.JobRecord;
import io.brine.protocol.JobReport;
import io.brine.protocol.MinionReturn;
import io.brine.protocol.PublishRequest;
import io.brine.protocol.Published;
import io.brine.protocol.ReturnNotice;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One call (a publish that waits, or a copy) followed to its end across lost sessions. While the session that
 * carried it lives, the master streams the call's returns and ends it with its report, as always. When that session
 * is lost (the master was killed or restarted, the network broke) its stream is gone with it, so once a session is
 * up again the call asks the master for the job by its jid (the job cache keeps it across a restart, and minions
 * send their returns again on reconnecting): at once, then every quarter second, doubling to every second. It hands
 * on the returns it had not heard of and ends when the job waits for no minion any more
 * ({@link io.brine.jobs.JobState#awaited}, the master's own rule, read from the record it sent). At its deadline it
 * asks once more, for a second at most, and ends with the job as far as known, marked incomplete. The request itself
 * is never sent again: the master may have published it, and a job must not run twice.
 *
 * <p>Events come from the session's transport thread (answers, the session lost or back) and its timer (polls, the
 * deadline); they are taken one at a time under this object's lock, progress handed on in order, and the outcome
 * completed outside it.
 */
final class FollowedCall {
    /** How long the last lookup at the deadline may take. */
    static final Duration LAST_LOOKUP = Duration.ofSeconds(1);
    private static final long POLL_FIRST_MILLIS = 250;
    private static final long POLL_MAX_MILLIS = 1000;

    private final MasterSession session;
    private final ClientRequest request;
    private final Consumer<ClientResponse> progress;
    private final CompletableFuture<CallOutcome> outcome = new CompletableFuture<>();
    private final long sentMillis = System.currentTimeMillis();
    /** Every return handed on, whether the master streamed it or a lookup found it; by minion. */
    private final Map<String, MinionReturn> handedOn = new HashMap<>();
    private long deadlineNanos;
    private boolean ended;
    private Published published;
    private JobRecord lastKnown;
    /** The session that carried the request is gone, and no other is up yet. */
    private boolean lost;
    private boolean everLost;
    /** The lookup whose answer is awaited (0: none), and whether it is the last one, at the deadline. */
    private long lookupId;
    private boolean lastLookup;
    private long pollMillis = POLL_FIRST_MILLIS;
    private ScheduledFuture<?> deadline;
    private ScheduledFuture<?> nextPoll;

    FollowedCall(MasterSession session, ClientRequest request, Consumer<ClientResponse> progress) {
        this.session = session;
        this.request = request;
        this.progress = progress;
    }

    CompletableFuture<CallOutcome> outcome() {
        return outcome;
    }

    /** Sends the request; the call gives up {@code wait} from now (see the class comment). */
    void start(Duration wait) {
        synchronized (this) {
            deadlineNanos = System.nanoTime() + wait.toNanos();
            session.listen(request.requestId(), this::heard);
            deadline = session.timer().schedule(this::deadlinePassed, wait.toNanos(), TimeUnit.NANOSECONDS);
        }
        session.send(request);
    }

    private void heard(ClientResponse r) {
        CallOutcome end;
        synchronized (this) {
            if (ended) {
                return;
            }
            if (r instanceof Published p) {
                published = p;
            }
            if (r instanceof ReturnNotice n && handedOn.containsKey(n.minionId())) {
                return; // a lookup found it first
            }
            ClientResponse answer = MasterSession.step(r, handedOn, progress);
            end = answer == null ? null : end(CallOutcome.answered(answer));
        }
        complete(end);
    }

    /** The session ended: whatever the master would have said on it will not come. */
    synchronized void sessionLost() {
        if (!ended) {
            lost = true;
            everLost = true;
            forgetLookup();
        }
    }

    /**
     * A session is up again. A request held while none was up goes out on it and is answered as usual; one that
     * went out on the lost session is followed by its jid, if the master had named the job.
     */
    synchronized void sessionBack() {
        if (ended || !lost) {
            return;
        }
        lost = false;
        if (published == null) {
            return; // the deadline says what became of it
        }
        shortenForBatches();
        pollMillis = POLL_FIRST_MILLIS;
        lookUp(false);
    }

    /**
     * A batch call waits as long as its rounds take; a new master does not release the rounds an earlier one held
     * back, so after a lost session the call waits no longer than the job's own timeout from now.
     */
    private void shortenForBatches() {
        long cap = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis()) + MasterSession.REPORT_MARGIN
                .toNanos();
        if (cap < deadlineNanos) {
            deadlineNanos = cap;
            deadline.cancel(false);
            deadline = session.timer().schedule(this::deadlinePassed, cap - System.nanoTime(),
                    TimeUnit.NANOSECONDS);
        }
    }

    private void lookUp(boolean last) {
        forgetLookup();
        long id = session.nextRequestId();
        lookupId = id;
        lastLookup = last;
        session.listen(id, r -> looked(id, r));
        session.send(new JobLookup(id, published.jid()));
    }

    private void forgetLookup() {
        if (lookupId != 0) {
            session.stopListening(lookupId);
            lookupId = 0;
        }
        if (nextPoll != null) {
            nextPoll.cancel(false);
            nextPoll = null;
        }
    }

    private void looked(long id, ClientResponse r) {
        CallOutcome end = null;
        synchronized (this) {
            if (ended || id != lookupId) {
                return;
            }
            forgetLookup();
            if (r instanceof JobReport report) {
                // A master that has no record of the job (its cache lost) answers a Failure: asked again later.
                lastKnown = report.job();
                handOnNewReturns(lastKnown);
                if (JobResults.state(lastKnown).awaited().isEmpty()) {
                    end = end(CallOutcome.answered(new JobReport(request.requestId(), soFar())));
                }
            }
            if (end == null && lastLookup) {
                end = end(CallOutcome.gaveUp(soFar(), why()));
            } else if (end == null) {
                nextPoll = session.timer().schedule(this::poll, pollMillis, TimeUnit.MILLISECONDS);
                pollMillis = Math.min(pollMillis * 2, POLL_MAX_MILLIS);
            }
        }
        complete(end);
    }

    private synchronized void poll() {
        if (!ended && !lost && lookupId == 0) {
            lookUp(false);
        }
    }

    /** A lookup's returns not handed on yet, as the master would have streamed them. */
    private void handOnNewReturns(JobRecord job) {
        job.returns().forEach((id, ret) -> {
            if (!handedOn.containsKey(id)) {
                handedOn.put(id, ret);
                progress.accept(new ReturnNotice(request.requestId(), job.jid(), id, ret));
            }
        });
    }

    private void deadlinePassed() {
        CallOutcome end = null;
        synchronized (this) {
            if (ended) {
                return;
            }
            if (published == null || lost) {
                end = end(CallOutcome.gaveUp(published == null ? null : soFar(), why()));
            } else {
                lookUp(true);
                session.timer().schedule(this::lastLookupUnanswered, LAST_LOOKUP.toMillis(), TimeUnit.MILLISECONDS);
            }
        }
        complete(end);
    }

    private void lastLookupUnanswered() {
        CallOutcome end;
        synchronized (this) {
            end = ended ? null : end(CallOutcome.gaveUp(soFar(), why()));
        }
        complete(end);
    }

    /** The client is closing: the call ends now, as far as known. */
    void closed() {
        CallOutcome end;
        synchronized (this) {
            end = ended ? null : end(CallOutcome.gaveUp(published == null ? null : soFar(),
                    "the client was closed before the job ended"));
        }
        complete(end);
    }

    private String why() {
        if (published == null) {
            return everLost ? "the master went away before it named the job, which it may or may not have published"
                    : "the master did not name the job in time";
        }
        if (lost) {
            return "the master went away during the call and was not back in time";
        }
        return everLost ? "the master went away during the call, and the job had not ended when the call's time was up"
                : "the master did not report the job's end in time";
    }

    /** Marks the call ended (holding the lock); the outcome is completed once the lock is let go. */
    private CallOutcome end(CallOutcome o) {
        ended = true;
        forgetLookup();
        deadline.cancel(false);
        return o;
    }

    private void complete(CallOutcome end) {
        if (end != null) {
            session.stopListening(request.requestId());
            session.unfollow(this);
            outcome.complete(end);
        }
    }

    /** The job as far as known: the last lookup's record, or the request and what the master said of it. */
    private JobRecord soFar() {
        JobRecord j = lastKnown != null ? lastKnown : described();
        Map<String, MinionReturn> returns = new LinkedHashMap<>(j.returns());
        handedOn.forEach(returns::putIfAbsent);
        return j.withReturns(returns); // every other fact as the master last said, the killed ones included
    }

    /**
     * The job as the request described it and the master's first answer named it: who acknowledged is not known
     * here, so a minion not heard from reads {@code no-response}.
     */
    private JobRecord described() {
        String jid = published.jid();
        if (request instanceof CopyRequest c) {
            return new JobRecord(jid, "cp.recv", List.of(), Map.of("dest", c.dest()), c.target(),
                    wireName(c.targetType()), "", sentMillis, c.timeoutMillis(), published.expected(), List.of(),
                    Map.of());
        }
        if (request instanceof io.brine.protocol.UpdateRequest u) {
            return new JobRecord(jid, "update.apply", List.of(), Map.of("allow_downgrade", u.allowDowngrade()),
                    u.target(), wireName(u.targetType()), "", sentMillis, u.timeoutMillis(), published.expected(),
                    List.of(), Map.of());
        }
        PublishRequest p = (PublishRequest) request;
        return new JobRecord(jid, p.function(), p.args(), p.kwargs(), p.target(), wireName(p.targetType()), "",
                sentMillis, p.timeoutMillis(), published.expected(), List.of(), Map.of());
    }

    /** The name a job record carries for the target type a request carried as its code. */
    private static String wireName(int targetTypeCode) {
        return io.brine.targeting.TargetType.ofCode(targetTypeCode).wireName();
    }

    private long timeoutMillis() {
        if (request instanceof io.brine.protocol.UpdateRequest u) {
            return u.timeoutMillis();
        }
        return request instanceof CopyRequest c ? c.timeoutMillis() : ((PublishRequest) request).timeoutMillis();
    }
}
