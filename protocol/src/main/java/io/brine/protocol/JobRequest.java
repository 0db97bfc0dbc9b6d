package io.brine.protocol;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A job for exactly one minion, sealed with that minion's session key. The function is a name the minion
 * looks up among the functions registered on it; nothing executable travels in a job.
 *
 * <p>{@code queuedForMillis} is 0 for a job sent when it was published. Above 0 the job is a queued delivery
 * ({@code --queue}): the master may send it again on each new session for that much longer, so the minion must
 * remember that it took it at least that long. A remaining duration, not an instant, so that the two hosts'
 * clocks need not agree. Example: {@code new JobRequest(jid, "test.ping", List.of(), Map.of(), 5_000, "ops",
 * 600_000)} is a delivery the master may repeat for ten more minutes.
 */
public record JobRequest(String jid, String function, List<Object> args, Map<String, Object> kwargs,
        long timeoutMillis, String caller, long queuedForMillis) implements Message {
    static final int TYPE = 10;

    public JobRequest {
        Jid.requireValid(jid);
        Objects.requireNonNull(function, "function");
        args = Values.list(args);
        kwargs = Values.map(kwargs);
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("timeout must be positive: " + timeoutMillis);
        }
        Objects.requireNonNull(caller, "caller");
        if (queuedForMillis < 0) {
            throw new IllegalArgumentException("queued time must not be negative: " + queuedForMillis);
        }
    }

    /** A job sent when it was published, not a queued delivery. */
    public JobRequest(String jid, String function, List<Object> args, Map<String, Object> kwargs,
            long timeoutMillis, String caller) {
        this(jid, function, args, kwargs, timeoutMillis, caller, 0);
    }

    /** Whether the master may send this job again on a later session (see the class comment). */
    public boolean queued() {
        return queuedForMillis > 0;
    }

    void write(WireWriter w) {
        w.string(jid).string(function).list(args).map(kwargs).integer(timeoutMillis).string(caller)
                .integer(queuedForMillis);
    }

    static JobRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new JobRequest(r.string(), r.string(), r.list(), r.map(), r.integer(), r.string(), r.integer());
    }
}
