package io.brine.master.internal;

import io.brine.jobs.Job;
import io.brine.jobs.MinionResult;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The embedding API's {@link Job} as the document {@link io.brine.output.JobDocument} defines for wire records,
 * for the HTTP API, which holds jobs in that form.
 *
 * <pre>{@code
 * Map<String, Object> doc = JobDocument.of(master.client().call(spec));
 * }</pre>
 */
public final class JobDocument {
    private JobDocument() {
    }

    public static Map<String, Object> of(Job job) {
        Map<String, Object> returns = new LinkedHashMap<>();
        job.returns().forEach((id, r) -> returns.put(id, minion(r)));
        Map<String, Object> missing = new LinkedHashMap<>();
        job.missing().forEach((id, outcome) -> missing.put(id, outcome.label()));
        return io.brine.output.JobDocument.document(job.jid(), returns, missing);
    }

    /** One minion's entry under {@code returns}. */
    public static Map<String, Object> minion(MinionResult r) {
        return io.brine.output.JobDocument.minion(r.ret(), r.retcode(), r.success(), r.start(), r.end());
    }
}
