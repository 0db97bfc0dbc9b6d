package io.brine.master.internal;

import io.brine.master.Job;
import io.brine.master.JobOverview;
import io.brine.master.MinionOutcome;
import io.brine.master.MinionResult;
import io.brine.targeting.TargetType;
import io.brine.protocol.JobRecord;
import io.brine.protocol.JobSummary;
import io.brine.protocol.MinionReturn;
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
    private JobResults() {
    }

    /** The job a record describes; the outcomes of its missing minions as of now. */
    public static Job job(JobRecord r) {
        Map<String, MinionResult> returns = new LinkedHashMap<>();
        r.returns().forEach((id, ret) -> returns.put(id, result(ret)));
        Map<String, MinionOutcome> missing = new LinkedHashMap<>();
        r.missingOutcomes().forEach((id, outcome) -> missing.put(id, MinionOutcome.valueOf(outcome.name())));
        return new Job(r.jid(), r.function(), r.args(), r.kwargs(), r.target(), TargetType.parse(r.targetType()),
                r.caller(), Instant.ofEpochMilli(r.startMillis()), Duration.ofMillis(r.timeoutMillis()), r.expected(),
                returns, missing);
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
