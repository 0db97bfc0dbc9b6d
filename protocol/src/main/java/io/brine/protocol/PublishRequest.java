package io.brine.protocol;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Asks the master to run a function on the minions a target selects. With {@code async} (a cast) the
 * master answers with the jid at once; otherwise (a call) it streams returns until all are in or the
 * timeout passes. Target types use Salt's names: glob, list, pcre, grain, grain_pcre, pillar, pillar_pcre,
 * ipcidr, nodegroup, compound. {@code batch} ("10" or "25%", null for none) runs the job on at most that
 * many minions at once, starting the next as each returns, {@code batchWaitMillis} after it. The target type and
 * the batch are read (and refused with a reason) by the master's job spec, the one place that parses them. With
 * {@code queueMillis} above 0, a targeted minion that is not connected gets the job when it connects, if that
 * is within {@code queueMillis} of publication.
 */
public record PublishRequest(long requestId, String target, String targetType, String function, List<Object> args,
        Map<String, Object> kwargs, long timeoutMillis, boolean async, String batch, long batchWaitMillis,
        long queueMillis) implements ClientRequest {
    static final int TYPE = 20;

    public PublishRequest {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(targetType, "targetType");
        Objects.requireNonNull(function, "function");
        args = Values.list(args);
        kwargs = Values.map(kwargs);
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("timeout must be positive: " + timeoutMillis);
        }
        if (batchWaitMillis < 0) {
            throw new IllegalArgumentException("batch wait must not be negative");
        }
        if (queueMillis < 0) {
            throw new IllegalArgumentException("queue time must not be negative");
        }
    }

    /** A publish that queues nothing for minions that are away. */
    public PublishRequest(long requestId, String target, String targetType, String function, List<Object> args,
            Map<String, Object> kwargs, long timeoutMillis, boolean async, String batch, long batchWaitMillis) {
        this(requestId, target, targetType, function, args, kwargs, timeoutMillis, async, batch, batchWaitMillis, 0);
    }

    /** A publish without batching. */
    public PublishRequest(long requestId, String target, String targetType, String function, List<Object> args,
            Map<String, Object> kwargs, long timeoutMillis, boolean async) {
        this(requestId, target, targetType, function, args, kwargs, timeoutMillis, async, null, 0);
    }

    void write(WireWriter w) {
        w.integer(requestId).string(target).string(targetType).string(function).list(args).map(kwargs)
                .integer(timeoutMillis).bool(async).string(batch).integer(batchWaitMillis).integer(queueMillis);
    }

    static PublishRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new PublishRequest(r.integer(), r.string(), r.string(), r.string(), r.list(), r.map(), r.integer(),
                r.bool(), r.nullableString(), r.integer(), r.integer());
    }
}
