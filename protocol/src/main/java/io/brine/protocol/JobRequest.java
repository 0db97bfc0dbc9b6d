package io.brine.protocol;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A job for exactly one minion, sealed with that minion's session key. The function is a name the minion
 * looks up among the functions registered on it; nothing executable travels in a job.
 */
public record JobRequest(String jid, String function, List<Object> args, Map<String, Object> kwargs,
        long timeoutMillis, String caller) implements Message {
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
    }

    void write(WireWriter w) {
        w.string(jid).string(function).list(args).map(kwargs).integer(timeoutMillis).string(caller);
    }

    static JobRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new JobRequest(r.string(), r.string(), r.list(), r.map(), r.integer(), r.string());
    }
}
