package io.brine.master.internal;

import io.brine.master.Job;
import io.brine.master.MinionResult;
import io.brine.protocol.JobRecord;
import io.brine.protocol.MinionReturn;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A job as a JSON-ready document, the one shape that {@code brine run --out json}, {@code brine job show} and
 * the HTTP API all print, so scripts can switch between them:
 * {@code {"jid": ..., "returns": {ID: {"ret", "retcode", "success", "start_time", "end_time"}},
 * "missing": {ID: "running" | "no-response" | "not-connected" | "unknown"}}}.
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
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("jid", job.jid());
        doc.put("returns", returns);
        doc.put("missing", missing);
        return doc;
    }

    /** A job record from the wire, in the same shape. */
    public static Map<String, Object> of(JobRecord job) {
        return of(JobResults.job(job));
    }

    /** One minion's entry under {@code returns}. */
    public static Map<String, Object> minion(MinionResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ret", r.ret());
        m.put("retcode", r.retcode());
        m.put("success", r.success());
        m.put("start_time", r.start().toString());
        m.put("end_time", r.end().toString());
        return m;
    }

    /** One minion's return from the wire, in the same shape. */
    public static Map<String, Object> minion(MinionReturn r) {
        return minion(JobResults.result(r));
    }
}
