package io.brine.master;

import io.brine.protocol.JobRecord;
import io.brine.protocol.MinionReturn;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A job as a JSON-ready document, the one shape that {@code brine run --out json}, {@code brine job show} and
 * the HTTP API all print, so scripts can switch between them:
 * {@code {"jid": ..., "returns": {ID: {"ret", "retcode", "success", "start_time", "end_time"}},
 * "missing": {ID: "running" | "no-response" | "not-connected" | "unknown"}}}.
 */
public final class JobDocument {
    private JobDocument() {
    }

    public static Map<String, Object> of(JobRecord job) {
        Map<String, Object> returns = new LinkedHashMap<>();
        job.returns().forEach((id, r) -> returns.put(id, minion(r)));
        Map<String, Object> missing = new LinkedHashMap<>();
        job.missingOutcomes().forEach((id, outcome) -> missing.put(id, outcome.label()));
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("jid", job.jid());
        doc.put("returns", returns);
        doc.put("missing", missing);
        return doc;
    }

    /** One minion's entry under {@code returns}. */
    public static Map<String, Object> minion(MinionReturn r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ret", r.ret());
        m.put("retcode", r.retcode());
        m.put("success", r.success());
        m.put("start_time", Instant.ofEpochMilli(r.startMillis()).toString());
        m.put("end_time", Instant.ofEpochMilli(r.endMillis()).toString());
        return m;
    }
}
