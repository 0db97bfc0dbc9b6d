package io.brine.api;

import io.brine.jobs.Job;
import io.brine.jobs.JobOverview;
import io.brine.master.JobRefusedException;
import io.brine.master.MasterClient;
import io.brine.master.NoMinionsMatchedException;
import io.brine.output.JobDocument;
import io.brine.protocol.Jid;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.lang.System.Logger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code POST /jobs}, {@code GET /jobs}, {@code GET /jobs/JID[?wait=S]} and {@code DELETE /jobs/JID}. */
final class JobEndpoints {
    /** The longest {@code ?wait=} honoured; longer asks wait this long. */
    static final int MAX_WAIT_SECONDS = 60;
    /** Long polls under way at once, all tokens together (each holds one of the listener's workers), */
    static final int MAX_WAITING = 8;
    /** and per token. */
    static final int MAX_WAITING_PER_TOKEN = 4;
    /**
     * Calls ({@code "mode": "call"}) waiting for their returns at once, all tokens together: each holds a worker for
     * up to its timeout (7 days at most), so they are bounded like the long polls; a cast holds none.
     */
    static final int MAX_CALLING = 8;
    /** and per token. */
    static final int MAX_CALLING_PER_TOKEN = 4;
    private static final Logger LOG = System.getLogger(JobEndpoints.class.getName());
    private final MasterClient client;
    private final TokenSlots waiting = new TokenSlots("waiting job lookups", MAX_WAITING, MAX_WAITING_PER_TOKEN);
    private final TokenSlots calling = new TokenSlots("waiting calls (use \"mode\": \"cast\" and GET /jobs/JID?wait=)",
            MAX_CALLING, MAX_CALLING_PER_TOKEN);

    JobEndpoints(MasterClient client) {
        this.client = client;
    }

    /**
     * Runs a job as {@code token:TOKEN_NAME}, which {@code publisher_acl} must allow (a refusal is a 403 and
     * nothing is published); a call answers with the job document, a cast with its jid. A target that selects no
     * minion is a 422 and records no job. A call holds one of {@link #MAX_CALLING} slots ({@link
     * #MAX_CALLING_PER_TOKEN} per token) while it waits: beyond them it is refused (429 or 503) before anything is
     * published.
     */
    void submit(ApiExchange exchange, String tokenName) throws IOException, InterruptedException {
        JobRequest request = JobRequest.parse(exchange.jsonObject());
        MasterClient caller = as(exchange, tokenName).requiringMatch();
        LOG.log(Level.INFO, "api: " + tokenName + " " + (request.cast() ? "casts " : "calls ")
                + quoted(request.spec().function()) + " on " + quoted(request.spec().targetType().wireName()) + " "
                + quoted(request.spec().target()));
        try {
            if (request.cast()) {
                exchange.sendJson(202, Map.of("jid", caller.cast(request.spec())));
            } else {
                Job done;
                try (TokenSlots.Slot slot = calling.acquire(tokenName)) {
                    done = caller.call(request.spec());
                }
                exchange.sendJson(200, JobDocument.of(done));
            }
        } catch (NoMinionsMatchedException e) {
            throw new ApiException(422, e.getMessage(), Map.of("target", e.target(),
                    "detail", Map.of("tgt_type", request.spec().targetType().wireName(),
                            "undetermined", e.undetermined())));
        } catch (IllegalArgumentException e) {
            // the master's word on a malformed target or function, before anything was sent
            throw ApiException.badRequest(e.getMessage());
        } catch (JobRefusedException e) {
            // a bound of the master's (docs/limits.md): too much queued is the caller's to reduce (429); a job cache
            // or (audit_required) an audit log that cannot be written is the master's trouble (503)
            int status = e.reason().mastersTrouble() ? 503 : 429;
            throw new ApiException(status, e.getMessage(), Map.of("reason", e.reason().label()));
        }
    }

    /**
     * {@code POST /updates}: {@code brine update}. Body {@code {"target", "tgt_type", "bundle", "sig",
     * "allow_downgrade", "timeout"}}; the paths are the master host's. Waits for every minion's outcome.
     */
    void update(ApiExchange exchange, String tokenName) throws IOException, InterruptedException {
        Map<String, Object> body = exchange.jsonObject();
        java.util.Set<String> known = java.util.Set.of("target", "tgt_type", "bundle", "sig", "allow_downgrade",
                "timeout");
        for (String key : body.keySet()) {
            if (!known.contains(key)) {
                throw ApiException.badRequest("unknown field '" + (key.length() > 40 ? key.substring(0, 40) : key)
                        + "'; known: " + new java.util.TreeSet<>(known));
            }
        }
        String target = stringField(body, "target", null);
        String bundle = stringField(body, "bundle", null);
        if (target == null || bundle == null) {
            throw ApiException.badRequest("'target' and 'bundle' are required");
        }
        String sig = stringField(body, "sig", bundle + ".sig");
        if (!java.nio.file.Path.of(bundle).isAbsolute() || !java.nio.file.Path.of(sig).isAbsolute()) {
            throw ApiException.badRequest("'bundle' and 'sig' are absolute paths on the master's host");
        }
        Object downgrade = body.getOrDefault("allow_downgrade", false);
        Object seconds = body.getOrDefault("timeout", 300);
        if (!(downgrade instanceof Boolean) || !(seconds instanceof Number n) || n.doubleValue() <= 0
                || n.doubleValue() > 86_400) {
            throw ApiException.badRequest("'allow_downgrade' is a boolean, 'timeout' seconds from 0 to 86400");
        }
        io.brine.targeting.TargetType type;
        try {
            type = io.brine.targeting.TargetType.parse(stringField(body, "tgt_type", "glob"));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
        MasterClient caller = as(exchange, tokenName).requiringMatch();
        LOG.log(Level.INFO, "api: " + tokenName + " updates " + quoted(target) + " to " + quoted(bundle));
        Job done;
        try (TokenSlots.Slot slot = calling.acquire(tokenName)) {
            done = caller.update(target, type, java.nio.file.Path.of(bundle), java.nio.file.Path.of(sig),
                    (Boolean) downgrade, java.time.Duration.ofMillis((long) (n.doubleValue() * 1000)));
        } catch (NoMinionsMatchedException e) {
            throw new ApiException(422, e.getMessage(), Map.of("target", e.target()));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
        exchange.sendJson(200, JobDocument.of(done));
    }

    /**
     * {@code POST /orchestrate}: {@code brine orchestrate}. Body {@code {"sls", "test", "pillar", "timeout"}};
     * answers the run's job document once it ended (its one return, from {@code <id>_master}: Salt's highstate of the
     * run). Needs {@code @orchestrate}, and each step the rights of the job it publishes.
     */
    void orchestrate(ApiExchange exchange, String tokenName) throws IOException, InterruptedException {
        Map<String, Object> body = exchange.jsonObject();
        java.util.Set<String> known = java.util.Set.of("sls", "test", "pillar", "timeout");
        for (String key : body.keySet()) {
            if (!known.contains(key)) {
                throw ApiException.badRequest("unknown field '" + (key.length() > 40 ? key.substring(0, 40) : key)
                        + "'; known: " + new java.util.TreeSet<>(known));
            }
        }
        String sls = stringField(body, "sls", null);
        if (sls == null || sls.isBlank()) {
            throw ApiException.badRequest("'sls' is required: the orchestration's dotted name in file_roots");
        }
        Object test = body.getOrDefault("test", false);
        Object pillar = body.getOrDefault("pillar", Map.of());
        Object seconds = body.getOrDefault("timeout", 3600);
        if (!(test instanceof Boolean) || !(pillar instanceof Map<?, ?> extra) || !(seconds instanceof Number n)
                || n.doubleValue() <= 0 || n.doubleValue() > 86_400) {
            throw ApiException.badRequest("'test' is a boolean, 'pillar' an object, 'timeout' seconds from 0 to "
                    + "86400");
        }
        Map<String, Object> given = new java.util.LinkedHashMap<>();
        extra.forEach((k, v) -> given.put(String.valueOf(k), v));
        LOG.log(Level.INFO, "api: " + tokenName + " orchestrates " + quoted(sls));
        Job done;
        try (TokenSlots.Slot slot = calling.acquire(tokenName)) {
            done = as(exchange, tokenName).orchestrate(sls, (Boolean) test, given,
                    java.time.Duration.ofMillis((long) (n.doubleValue() * 1000)));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        } catch (IllegalStateException e) {
            throw new ApiException(503, e.getMessage(), Map.of());
        }
        exchange.sendJson(200, JobDocument.of(done));
    }

    private static String stringField(Map<String, Object> body, String key, String fallback) {
        Object v = body.get(key);
        if (v == null) {
            return fallback;
        }
        if (!(v instanceof String s)) {
            throw ApiException.badRequest("'" + key + "' must be a string");
        }
        return s;
    }

    /** {@code GET /jobs}: the rows of {@code brine job list --out json}, newest first, under {@code jobs}. */
    void list(ApiExchange exchange, String tokenName) throws IOException {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (JobOverview j : as(exchange, tokenName).jobs(JobListQuery.parse(exchange, Instant.now()))) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("jid", j.jid());
            row.put("function", j.function());
            row.put("target", j.target());
            row.put("tgt_type", j.targetType().wireName());
            row.put("caller", j.caller());
            row.put("start_time", j.startTime().toString());
            row.put("expected", j.expectedCount());
            row.put("returned", j.returnedCount());
            rows.add(row);
        }
        exchange.sendJson(200, Map.of("jobs", rows));
    }

    /** Throws (403) unless the token holds {@code right}; the token's client, which holds it. */
    MasterClient requireRight(ApiExchange exchange, String tokenName, String right, String what) {
        MasterClient who = as(exchange, tokenName);
        who.requireRight(right, what);
        return who;
    }

    /** Text from the request, as one short line for the log: JSON escapes every control character. */
    private static String quoted(String untrusted) throws IOException {
        String s = untrusted.length() > 80 ? untrusted.substring(0, 80) + "..." : untrusted;
        return ApiExchange.JSON.writeValueAsString(s);
    }

    /**
     * A job the token may see: its own, or any with {@code @jobs}; others are 404 like unknown ones. With
     * {@code ?wait=S} a running job is answered when it ends or after S seconds (at most {@link #MAX_WAIT_SECONDS}),
     * whichever is first; the {@code Brine-Job-State} header says {@code running} or {@code done}.
     */
    void show(ApiExchange exchange, String jid, String tokenName) throws IOException, InterruptedException {
        requireJid(jid);
        Duration wait = waitOf(exchange);
        MasterClient who = as(exchange, tokenName);
        Job job;
        if (wait.isZero() || !who.running(jid)) {
            job = who.job(jid).orElseThrow(() -> ApiException.notFound("no job " + jid));
        } else {
            try (TokenSlots.Slot slot = waiting.acquire(tokenName)) {
                job = who.job(jid, wait).orElseThrow(() -> ApiException.notFound("no job " + jid));
            }
        }
        exchange.setHeader("Brine-Job-State", who.running(jid) ? "running" : "done");
        exchange.sendJson(200, JobDocument.of(job));
    }

    /**
     * {@code DELETE /jobs/JID}: {@code brine job kill}. 202 when the kill was sent to the minions still running it
     * (or its queued deliveries were cancelled), 409 when the job had already finished, 404 for a job the token
     * cannot see or that does not exist.
     */
    void kill(ApiExchange exchange, String jid, String tokenName) throws IOException {
        requireJid(jid);
        MasterClient who = as(exchange, tokenName);
        if (who.job(jid).isEmpty()) {
            throw ApiException.notFound("no job " + jid);
        }
        if (!who.kill(jid)) {
            throw new ApiException(409, "job " + jid + " had already finished; nothing was killed",
                    Map.of("detail", Map.of("jid", jid, "state", "finished")));
        }
        LOG.log(Level.INFO, "api: " + tokenName + " killed job " + jid);
        exchange.sendJson(202, Map.of("jid", jid, "kill", "sent"));
    }

    long refusedWaits() {
        return waiting.refused.sum() + calling.refused.sum();
    }

    int waitingLookups() {
        return waiting.inUse();
    }

    int waitingCalls() {
        return calling.inUse();
    }

    private MasterClient as(ApiExchange exchange, String tokenName) {
        return client.as(ApiHandler.identity(tokenName), exchange.remote());
    }

    private static void requireJid(String jid) {
        if (!Jid.isValid(jid)) {
            throw ApiException.notFound("no such job; a jid is 20 digits");
        }
    }

    private static Duration waitOf(ApiExchange exchange) {
        String text = exchange.query("wait").orElse("0");
        try {
            double seconds = Double.parseDouble(text);
            if (seconds >= 0 && seconds <= 1e9) {
                return Duration.ofMillis(Math.round(Math.min(seconds, MAX_WAIT_SECONDS) * 1000));
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw ApiException.badRequest("'wait' must be a number of seconds from 0 (at most " + MAX_WAIT_SECONDS
                + " are waited)");
    }
}
