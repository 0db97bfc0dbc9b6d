package io.brine.api;

import io.brine.protocol.JobRecord;
import io.brine.protocol.MinionReturn;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A job as JSON, in exactly the shape {@code brine run --out json} prints, so scripts can switch between the
 * CLI and the API: {@code {"jid": ..., "returns": {ID: {"ret", "retcode", "success"}}, "missing": [ID...]}}.
 */
final class JobDocument {
    private JobDocument() {
    }

    static Map<String, Object> of(JobRecord job) {
        Map<String, Object> returns = new LinkedHashMap<>();
        job.returns().forEach((id, r) -> returns.put(id, minion(r)));
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("jid", job.jid());
        doc.put("returns", returns);
        doc.put("missing", job.missing());
        return doc;
    }

    private static Map<String, Object> minion(MinionReturn r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ret", r.ret());
        m.put("retcode", r.retcode());
        m.put("success", r.success());
        return m;
    }
}
