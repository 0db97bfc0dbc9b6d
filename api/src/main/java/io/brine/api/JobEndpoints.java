package io.brine.api;

import io.brine.master.Job;
import io.brine.master.MasterClient;
import io.brine.master.internal.JobDocument;
import io.brine.protocol.Jid;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Map;

/** {@code POST /jobs} and {@code GET /jobs/JID}. */
final class JobEndpoints {
    private static final Logger LOG = System.getLogger(JobEndpoints.class.getName());
    private final MasterClient client;

    JobEndpoints(MasterClient client) {
        this.client = client;
    }

    /**
     * Runs a job as {@code token:TOKEN_NAME}, which {@code publisher_acl} must allow (a refusal is a 403 and
     * nothing is published); a call answers with the job document, a cast with its jid.
     */
    void submit(ApiExchange exchange, String tokenName) throws IOException, InterruptedException {
        JobRequest request = JobRequest.parse(exchange.jsonObject());
        MasterClient caller = client.as(ApiHandler.identity(tokenName), exchange.remote());
        LOG.log(Level.INFO, "api: " + tokenName + " " + (request.cast() ? "casts " : "calls ")
                + quoted(request.spec().function()) + " on " + quoted(request.spec().targetType().wireName()) + " "
                + quoted(request.spec().target()));
        try {
            if (request.cast()) {
                exchange.sendJson(202, Map.of("jid", caller.cast(request.spec())));
            } else {
                Job done = caller.call(request.spec());
                exchange.sendJson(200, JobDocument.of(done));
            }
        } catch (IllegalArgumentException e) {
            // the master's word on a malformed target or function, before anything was sent
            throw ApiException.badRequest(e.getMessage());
        }
    }

    /** Throws (403) unless the token holds {@code right}. */
    void requireRight(ApiExchange exchange, String tokenName, String right, String what) {
        client.as(ApiHandler.identity(tokenName), exchange.remote()).requireRight(right, what);
    }

    /** Text from the request, as one short line for the log: JSON escapes every control character. */
    private static String quoted(String untrusted) throws IOException {
        String s = untrusted.length() > 80 ? untrusted.substring(0, 80) + "..." : untrusted;
        return ApiExchange.JSON.writeValueAsString(s);
    }

    /** A job the token may see: its own, or any with {@code @jobs}; others are 404 like unknown ones. */
    void show(ApiExchange exchange, String jid, String tokenName) throws IOException {
        if (!Jid.isValid(jid)) {
            throw ApiException.notFound("no such job; a jid is 20 digits");
        }
        Job job = client.as(ApiHandler.identity(tokenName), exchange.remote()).job(jid)
                .orElseThrow(() -> ApiException.notFound("no job " + jid));
        exchange.sendJson(200, JobDocument.of(job));
    }
}
