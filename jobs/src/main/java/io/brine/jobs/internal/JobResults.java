package io.brine.jobs.internal;

import io.brine.jobs.Job;
import io.brine.jobs.JobOverview;
import io.brine.jobs.MinionOutcome;
import io.brine.jobs.MinionResult;
import io.brine.protocol.JobRecord;
import io.brine.protocol.JobSummary;
import io.brine.protocol.MinionReturn;
import io.brine.targeting.TargetType;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one translation from the wire's job records to the embedding API's result types: the master's client
 * returns these, and the CLI reads what the master sent it through the same translation, so the two never
 * disagree on what a job says.
 *
 * <pre>{@code
 * Job job = JobResults.job(report.job());   // a JobRecord from the wire or the job cache
 * }</pre>
 */
public final class JobResults {
    /**
     * How long past its timeout a call still waits for the minions that were running the job: each stops it at its
     * own deadline, counted from when the job reached it, and its return (retcode 124) lands a moment later (0.3 s
     * measured on a quiet host).
     */
    public static final long TIMEOUT_GRACE_MILLIS = 2_000;

    private JobResults() {
    }

    /**
     * Whether the job a record describes had ended at {@code nowMillis}, read from the record alone (a job the
     * reader does not follow live): no minion left that its call waits for ({@link JobRecord#awaited}), or its
     * timeout and the grace after it passed.
     */
    public static boolean ended(JobRecord r, long nowMillis) {
        return r.awaited().isEmpty() || nowMillis >= endMillis(r);
    }

    /** When a job's wait ends by the clock: its timeout and the grace after it, from its start. */
    public static long endMillis(JobRecord r) {
        return r.startMillis() + r.timeoutMillis() + TIMEOUT_GRACE_MILLIS;
    }

    /** The job a record describes, as a call that saw it end reads it; the outcomes of its missing minions as of now. */
    public static Job job(JobRecord r) {
        return job(r, true);
    }

    /** As {@link #job(JobRecord)}, saying whether the job had ended ({@link Job#complete()}). */
    public static Job job(JobRecord r, boolean complete) {
        Map<String, MinionResult> returns = new LinkedHashMap<>();
        r.returns().forEach((id, ret) -> returns.put(id, result(ret)));
        return new Job(r.jid(), r.function(), r.args(), r.kwargs(), r.target(), TargetType.parse(r.targetType()),
                r.caller(), Instant.ofEpochMilli(r.startMillis()), Duration.ofMillis(r.timeoutMillis()), r.expected(),
                returns, missing(r, System.currentTimeMillis()), complete);
    }

    /** The expected minions of {@code r} that did not return, in the order expected, each with how it ended. */
    public static Map<String, MinionOutcome> missing(JobRecord r, long nowMillis) {
        Map<String, MinionOutcome> out = new LinkedHashMap<>();
        r.missing().forEach(id -> out.put(id, outcome(r, id, nowMillis)));
        return out;
    }

    /**
     * How expected minion {@code id} ended the job {@code r} records, as of {@code nowMillis} (a queued delivery
     * expires with the clock): derived from the record's facts, in this order of precedence.
     */
    public static MinionOutcome outcome(JobRecord r, String id, long nowMillis) {
        if (r.returns().containsKey(id)) {
            return MinionOutcome.RETURNED;
        }
        if (r.disconnected().contains(id)) {
            return MinionOutcome.DISCONNECTED;
        }
        if (r.acknowledged().contains(id)) {
            return MinionOutcome.RUNNING;
        }
        if (r.unknown().contains(id)) {
            return MinionOutcome.UNKNOWN;
        }
        if (r.killed().contains(id)) {
            return MinionOutcome.KILLED;
        }
        if (r.queueUntilMillis() > 0 && r.unreachable().contains(id)) {
            return nowMillis < r.queueUntilMillis() ? MinionOutcome.QUEUED : MinionOutcome.EXPIRED;
        }
        return r.unreachable().contains(id) ? MinionOutcome.NOT_CONNECTED : MinionOutcome.NO_RESPONSE;
    }

    /** One minion's return. */
    public static MinionResult result(MinionReturn r) {
        return new MinionResult(r.ret(), r.retcode(), r.success(), Instant.ofEpochMilli(r.startMillis()),
                Instant.ofEpochMilli(r.endMillis()));
    }

    /** One line of a job listing. */
    public static JobOverview overview(JobSummary s) {
        return new JobOverview(s.jid(), s.function(), s.target(), TargetType.parse(s.targetType()), s.caller(),
                Instant.ofEpochMilli(s.startMillis()), s.expectedCount(), s.returnedCount());
    }
}
