package io.brine.output;

import io.brine.jobs.Job;
import io.brine.jobs.MinionResult;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A job as a JSON-ready document, the one shape that {@code brine run --out json}, {@code brine job show},
 * {@code brine call --local} and the HTTP API all print, so scripts can switch between them:
 * {@code {"jid": ..., "returns": {ID: {"ret", "retcode", "success", "start_time", "end_time"}},
 * "missing": {ID: "running" | "no-response" | "not-connected" | "unknown" | ...}}}.
 *
 * <pre>{@code
 * Map<String, Object> doc = JobDocument.of(job);
 * }</pre>
 */
public final class JobDocument {
    private JobDocument() {
    }

    /** A job, as a client or a local call read it. */
    public static Map<String, Object> of(Job job) {
        Map<String, Object> returns = new LinkedHashMap<>();
        job.returns().forEach((id, r) -> returns.put(id, minion(r)));
        Map<String, Object> missing = new LinkedHashMap<>();
        job.missing().forEach((id, outcome) -> missing.put(id, outcome.label()));
        return document(job.jid(), returns, missing);
    }

    /** The document's top level, from entries built by {@link #minion} and outcome labels. */
    public static Map<String, Object> document(String jid, Map<String, Object> returns, Map<String, Object> missing) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("jid", jid);
        doc.put("returns", returns);
        doc.put("missing", missing);
        return doc;
    }

    /** One minion's result. */
    public static Map<String, Object> minion(MinionResult r) {
        return minion(r.ret(), r.retcode(), r.success(), r.start(), r.end());
    }

    /** One minion's entry under {@code returns}. */
    public static Map<String, Object> minion(Object ret, int retcode, boolean success, Instant start, Instant end) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ret", ret);
        m.put("retcode", retcode);
        m.put("success", success);
        m.put("start_time", start.toString());
        m.put("end_time", end.toString());
        return m;
    }
}
