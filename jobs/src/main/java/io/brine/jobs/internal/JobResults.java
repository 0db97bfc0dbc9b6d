package io.brine.jobs.internal;

import io.brine.jobs.Job;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobState;
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
 * The one translation between the wire's job records and listing lines and the API's values, both ways: the master
 * holds a job as a {@link JobState} (a listing line as a {@link JobOverview}) and turns it into a {@link JobRecord}
 * ({@link JobSummary}) only where it answers a remote client; a remote client (and the CLI) turns what it was sent
 * back into the same values. What a job says ({@link Job}: its missing minions'
 * outcomes, whether it ended) is derived by {@link JobState} alone, so the two sides never disagree.
 *
 * <pre>{@code
 * Job job = JobResults.job(report.job());          // a JobRecord from the wire
 * JobRecord wire = JobResults.record(state);       // the master's answer to a JobLookup
 * JobSummary line = JobResults.summary(overview);  // one line of its answer to a JobListRequest
 * }</pre>
 */
public final class JobResults {
    private JobResults() {
    }

    /**
     * Whether the job a record describes had ended at {@code nowMillis}, read from the record alone (a job the
     * reader does not follow live): see {@link JobState#ended}.
     */
    public static boolean ended(JobRecord r, long nowMillis) {
        return state(r).ended(Instant.ofEpochMilli(nowMillis));
    }

    /** The job a record describes, as a call that saw it end reads it; the outcomes of its missing minions as of now. */
    public static Job job(JobRecord r) {
        return job(r, true);
    }

    /** As {@link #job(JobRecord)}, saying whether the job had ended ({@link Job#complete()}). */
    public static Job job(JobRecord r, boolean complete) {
        return state(r).job(Instant.now(), complete);
    }

    /**
     * The facts a record carries, as the master holds them. A queue time of 0 (or less) is none, as it always read;
     * everything else is kept, so {@link #record} gives the record back.
     */
    public static JobState state(JobRecord r) {
        Map<String, MinionResult> returns = new LinkedHashMap<>();
        r.returns().forEach((id, ret) -> returns.put(id, result(ret)));
        return new JobState(r.jid(), r.function(), r.args(), r.kwargs(), r.target(), TargetType.parse(r.targetType()),
                r.caller(), Instant.ofEpochMilli(r.startMillis()), Duration.ofMillis(r.timeoutMillis()), r.expected(),
                r.unreachable(), r.acknowledged(), returns, r.unknown(),
                r.queueUntilMillis() > 0 ? Instant.ofEpochMilli(r.queueUntilMillis()) : null, r.disconnected(),
                r.killed());
    }

    /** A job's facts as the wire carries them (the master's answers to its remote clients). */
    public static JobRecord record(JobState s) {
        Map<String, MinionReturn> returns = new LinkedHashMap<>();
        s.returns().forEach((id, ret) -> returns.put(id, minionReturn(ret)));
        return new JobRecord(s.jid(), s.function(), s.args(), s.kwargs(), s.target(), s.targetType().wireName(),
                s.caller(), s.startTime().toEpochMilli(), s.timeout().toMillis(), s.expected(), s.unreachable(),
                s.acknowledged(), returns, s.unknown(), s.queueUntil() == null ? 0 : s.queueUntil().toEpochMilli(),
                s.disconnected(), s.killed());
    }

    /** One minion's return, as the API reads it. */
    public static MinionResult result(MinionReturn r) {
        return new MinionResult(r.ret(), r.retcode(), r.success(), Instant.ofEpochMilli(r.startMillis()),
                Instant.ofEpochMilli(r.endMillis()));
    }

    /** One minion's return, as the wire carries it. */
    public static MinionReturn minionReturn(MinionResult r) {
        return new MinionReturn(r.success(), r.retcode(), r.ret(), r.start().toEpochMilli(), r.end().toEpochMilli());
    }

    /** One line of a job listing, as the API reads it. */
    public static JobOverview overview(JobSummary s) {
        return new JobOverview(s.jid(), s.function(), s.target(), TargetType.parse(s.targetType()), s.caller(),
                Instant.ofEpochMilli(s.startMillis()), s.expectedCount(), s.returnedCount());
    }

    /** One line of a job listing, as the wire carries it (the master's answer to a listing request). */
    public static JobSummary summary(JobOverview o) {
        return new JobSummary(o.jid(), o.function(), o.target(), o.targetType().wireName(), o.caller(),
                o.startTime().toEpochMilli(), o.expectedCount(), o.returnedCount());
    }
}
