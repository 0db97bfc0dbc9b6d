package io.brine.jobs;

import io.brine.targeting.TargetType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Everything the master knows of one job: what was asked, by whom, and the facts of each minion (who was expected,
 * who had no session when it was published, who acknowledged it, what each returned, whose session ended while it
 * had the job, which ids a list target named that are no accepted minion, whose queued delivery a kill cancelled).
 * The master holds a job as this, live and in its job cache; {@link #job(Instant)} is the {@link Job} a caller sees.
 * How each minion that did not return ended is derived from the facts, here and nowhere else, so that it can never
 * disagree with them.
 *
 * <pre>{@code
 * JobState s = JobState.published(jid, spec, "alice", now, expected, away, List.of(), null);
 * s.job(Instant.now()).missing();   // {web3=NOT_CONNECTED, ...}: derived, never stored
 * }</pre>
 *
 * @param jid          the job's id: 20 digits, the time it was published
 * @param function     the function it ran
 * @param args         its positional arguments (null elements are Salt's None)
 * @param kwargs       its keyword arguments
 * @param target       the target expression
 * @param targetType   how the target was read
 * @param caller       who asked (the name the audit log and {@code publisher_acl} know)
 * @param startTime    when it was published (to the millisecond, as the wire and the job cache keep it)
 * @param timeout      how long callers wait for returns, and how long a minion lets the job run (to the millisecond)
 * @param expected     the minions the target selected, then the {@code unknown} ids, in order
 * @param unreachable  the expected minions with no live session when it was published ({@code unknown} included)
 * @param acknowledged the minions that had the job
 * @param returns      what each minion that returned returned, in the order taken
 * @param unknown      the ids a list target named that are no accepted minion
 * @param queueUntil   until when deliveries wait for the unreachable minions to connect ({@code --queue}); null
 *                     when the job was not queued
 * @param disconnected the minions whose session ended while they had the job, and that have not returned
 * @param killed       the unreachable minions whose queued deliveries a kill cancelled
 */
public record JobState(String jid, String function, List<Object> args, Map<String, Object> kwargs, String target,
        TargetType targetType, String caller, Instant startTime, Duration timeout, List<String> expected,
        List<String> unreachable, List<String> acknowledged, Map<String, MinionResult> returns, List<String> unknown,
        Instant queueUntil, List<String> disconnected, List<String> killed) {
    /**
     * How long past its timeout a call still waits for the minions that were running the job: each stops it at its
     * own deadline, counted from when the job reached it, and its return (retcode 124) lands a moment later (0.3 s
     * measured on a quiet host).
     */
    public static final Duration TIMEOUT_GRACE = Duration.ofSeconds(2);

    public JobState {
        Objects.requireNonNull(jid, "jid");
        Objects.requireNonNull(function, "function");
        // Arguments are the caller's values, nulls included, so they are copied rather than List.copyOf'd.
        args = args == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(args));
        kwargs = kwargs == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(kwargs));
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(targetType, "targetType");
        Objects.requireNonNull(caller, "caller");
        // to the millisecond, as the wire and the job cache keep them: a job reads the same live and recorded
        startTime = Instant.ofEpochMilli(Objects.requireNonNull(startTime, "startTime").toEpochMilli());
        timeout = Duration.ofMillis(Objects.requireNonNull(timeout, "timeout").toMillis());
        queueUntil = queueUntil == null ? null : Instant.ofEpochMilli(queueUntil.toEpochMilli());
        expected = List.copyOf(expected);
        unreachable = List.copyOf(unreachable);
        acknowledged = List.copyOf(acknowledged);
        returns.forEach((id, ret) -> Objects.requireNonNull(ret, "return of " + id));
        returns = Collections.unmodifiableMap(new LinkedHashMap<>(returns));
        unknown = List.copyOf(unknown);
        disconnected = List.copyOf(disconnected);
        killed = List.copyOf(killed);
    }

    /**
     * A job as it is published: {@code spec}'s function, arguments, target and timeout (decided by then), asked by
     * {@code caller} at {@code startTime}; nothing acknowledged, returned, disconnected or killed yet.
     */
    public static JobState published(String jid, JobSpec spec, String caller, Instant startTime,
            List<String> expected, List<String> unreachable, List<String> unknown, Instant queueUntil) {
        Objects.requireNonNull(spec.timeout(), "a published job's timeout is decided");
        return new JobState(jid, spec.function(), spec.args(), spec.kwargs(), spec.target(), spec.targetType(),
                caller, startTime, spec.timeout(), expected, unreachable, List.of(), Map.of(), unknown, queueUntil,
                List.of(), List.of());
    }

    /**
     * This job with its queue time ended {@code at} and the deliveries waiting for {@code cancelled} counted as
     * killed ({@code brine job kill} of a job no longer followed live).
     */
    public JobState withQueueEnded(Instant at, Collection<String> cancelled) {
        List<String> all = new ArrayList<>(killed);
        all.addAll(cancelled);
        return new JobState(jid, function, args, kwargs, target, targetType, caller, startTime, timeout, expected,
                unreachable, acknowledged, returns, unknown, at, disconnected, all);
    }

    /** Whether deliveries of the job still wait for minions that are away at {@code now}, by its queue time. */
    public boolean queuedAt(Instant now) {
        return queueUntil != null && now.isBefore(queueUntil);
    }

    /** Expected minions that have not returned, in the order they were expected. */
    public List<String> missing() {
        List<String> out = new ArrayList<>();
        for (String id : expected) {
            if (!returns.containsKey(id)) {
                out.add(id);
            }
        }
        return out;
    }

    /**
     * The expected minions a call still waits for, as the master's own wait decides: connected when the job was
     * published, and neither returned nor disconnected since (so {@code running} or {@code no-response}; a queued
     * delivery is never waited for). A job with none left has ended, whatever the clock says.
     */
    public List<String> awaited() {
        // sets, not the lists' contains: a job of 10,000 minions is asked this again and again while it is awaited
        Set<String> gone = new HashSet<>(disconnected);
        gone.addAll(unknown);
        gone.addAll(unreachable);
        List<String> out = new ArrayList<>();
        for (String id : expected) {
            if (!returns.containsKey(id) && !gone.contains(id)) {
                out.add(id);
            }
        }
        return out;
    }

    /** When a wait for the job ends by the clock: its timeout and the {@link #TIMEOUT_GRACE} after it. */
    public Instant end() {
        return startTime.plus(timeout).plus(TIMEOUT_GRACE);
    }

    /**
     * Whether the job had ended at {@code now}, read from its facts alone (for a job nobody follows live): no
     * minion left that a call waits for ({@link #awaited}), or its {@link #end} passed.
     */
    public boolean ended(Instant now) {
        return !now.isBefore(end()) || awaited().isEmpty();
    }

    /**
     * How expected minion {@code id} ended the job as of {@code now} (a queued delivery expires with the clock):
     * derived from the facts, in this order of precedence.
     */
    public MinionOutcome outcome(String id, Instant now) {
        return new Facts().outcome(id, now);
    }

    /** The expected minions that did not return, in the order expected, each with how it ended as of {@code now}. */
    public Map<String, MinionOutcome> missingOutcomes(Instant now) {
        // One set of each fact for all of them: with the lists' contains, a 10,000-minion job that most had not
        // acknowledged cost 10^8 string comparisons each time a caller read it (a restart storm's probe pings).
        Facts facts = new Facts();
        Map<String, MinionOutcome> out = new LinkedHashMap<>();
        missing().forEach(id -> out.put(id, facts.outcome(id, now)));
        return out;
    }

    /** The job's per-minion facts as sets, for reading the outcome of many minions. */
    private final class Facts {
        private final Set<String> disconnected = new HashSet<>(JobState.this.disconnected);
        private final Set<String> acknowledged = new HashSet<>(JobState.this.acknowledged);
        private final Set<String> unknown = new HashSet<>(JobState.this.unknown);
        private final Set<String> killed = new HashSet<>(JobState.this.killed);
        private final Set<String> unreachable = new HashSet<>(JobState.this.unreachable);

        MinionOutcome outcome(String id, Instant now) {
            if (returns.containsKey(id)) {
                return MinionOutcome.RETURNED;
            }
            if (disconnected.contains(id)) {
                return MinionOutcome.DISCONNECTED;
            }
            if (acknowledged.contains(id)) {
                return MinionOutcome.RUNNING;
            }
            if (unknown.contains(id)) {
                return MinionOutcome.UNKNOWN;
            }
            if (killed.contains(id)) {
                return MinionOutcome.KILLED;
            }
            if (queueUntil != null && unreachable.contains(id)) {
                return now.isBefore(queueUntil) ? MinionOutcome.QUEUED : MinionOutcome.EXPIRED;
            }
            return unreachable.contains(id) ? MinionOutcome.NOT_CONNECTED : MinionOutcome.NO_RESPONSE;
        }
    }

    /** The job as a caller reading it at {@code now} sees it, {@link Job#complete()} as {@link #ended} says. */
    public Job job(Instant now) {
        return job(now, ended(now));
    }

    /** The job as a caller sees it at {@code now}, saying whether it had ended ({@link Job#complete()}). */
    public Job job(Instant now, boolean complete) {
        return new Job(jid, function, args, kwargs, target, targetType, caller, startTime, timeout, expected, returns,
                missingOutcomes(now), complete);
    }
}
