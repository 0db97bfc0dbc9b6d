package io.brine.protocol;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Asks the master to run a function on the minions a target selects. With {@code async} (a cast) the
 * master answers with the jid at once; otherwise (a call) it streams returns until all are in or the
 * timeout passes. The target type and the batch travel typed, as their sender parsed them once: {@code targetType}
 * is the code of {@code io.brine.targeting.TargetType} ({@code TargetType.code()}: 0 glob ... 9 compound), and a
 * batch is a count ({@code batchCount}, that many minions at once) or a share of the targeted minions
 * ({@code batchPercent}), each 0 when not used (both 0: no batch), starting the next minion as each returns,
 * {@code batchWaitMillis} after it. The master checks the type and the batch once on arrival, through its job spec;
 * here they are only bounded. With {@code queueMillis} above 0, a targeted minion that is not connected gets the
 * job when it connects, if that is within {@code queueMillis} of publication. {@code ssh} is 0 for minions, or the job
 * is for the master's roster over SSH ({@code brine ssh}): 1 trusting only known host keys, 2 accepting new ones.
 */
public record PublishRequest(long requestId, String target, int targetType, String function, List<Object> args,
        Map<String, Object> kwargs, long timeoutMillis, boolean async, int batchCount, int batchPercent,
        long batchWaitMillis, long queueMillis, int ssh) implements ClientRequest {
    static final int TYPE = 20;
    /** The largest target type code the wire carries (room for types to come). */
    public static final int MAX_TARGET_TYPE = 127;
    /** The largest batch count the wire carries ({@code --batch} takes up to seven digits). */
    public static final int MAX_BATCH_COUNT = 9_999_999;

    public PublishRequest {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(function, "function");
        args = Values.list(args);
        kwargs = Values.map(kwargs);
        if (targetType < 0 || targetType > MAX_TARGET_TYPE) {
            throw new IllegalArgumentException("target type code must be from 0 to " + MAX_TARGET_TYPE);
        }
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("timeout must be positive: " + timeoutMillis);
        }
        if (batchCount < 0 || batchCount > MAX_BATCH_COUNT || batchPercent < 0 || batchPercent > 100) {
            throw new IllegalArgumentException("batch out of bounds: count " + batchCount + ", percent " + batchPercent);
        }
        if (batchWaitMillis < 0) {
            throw new IllegalArgumentException("batch wait must not be negative");
        }
        if (queueMillis < 0) {
            throw new IllegalArgumentException("queue time must not be negative");
        }
        if (ssh < 0 || ssh > 2) {
            throw new IllegalArgumentException("ssh must be 0, 1 or 2: " + ssh);
        }
    }

    /** A publish for minions. */
    public PublishRequest(long requestId, String target, int targetType, String function, List<Object> args,
            Map<String, Object> kwargs, long timeoutMillis, boolean async, int batchCount, int batchPercent,
            long batchWaitMillis, long queueMillis) {
        this(requestId, target, targetType, function, args, kwargs, timeoutMillis, async, batchCount, batchPercent,
                batchWaitMillis, queueMillis, 0);
    }

    /** A publish without batching, that queues nothing for minions that are away. */
    public PublishRequest(long requestId, String target, int targetType, String function, List<Object> args,
            Map<String, Object> kwargs, long timeoutMillis, boolean async) {
        this(requestId, target, targetType, function, args, kwargs, timeoutMillis, async, 0, 0, 0, 0);
    }

    void write(WireWriter w) {
        w.integer(requestId).string(target).integer(targetType).string(function).list(args).map(kwargs)
                .integer(timeoutMillis).bool(async).integer(batchCount).integer(batchPercent).integer(batchWaitMillis)
                .integer(queueMillis).integer(ssh);
    }

    static PublishRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new PublishRequest(r.integer(), r.string(), r.smallInt("target type", 0, MAX_TARGET_TYPE), r.string(),
                r.list(), r.map(), r.integer(), r.bool(), r.smallInt("batch count", 0, MAX_BATCH_COUNT),
                r.smallInt("batch percent", 0, 100), r.integer(), r.integer(), r.smallInt("ssh", 0, 2));
    }
}
