package io.brine.protocol;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Asks the master to run a function on the minions a target selects. With {@code async} (a cast) the
 * master answers with the jid at once; otherwise (a call) it streams returns until all are in or the
 * timeout passes. Target types use Salt's names: glob, list, pcre.
 */
public record PublishRequest(long requestId, String target, String targetType, String function, List<Object> args,
        Map<String, Object> kwargs, long timeoutMillis, boolean async) implements ClientRequest {
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
    }

    void write(WireWriter w) {
        w.integer(requestId).string(target).string(targetType).string(function).list(args).map(kwargs)
                .integer(timeoutMillis).bool(async);
    }

    static PublishRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new PublishRequest(r.integer(), r.string(), r.string(), r.string(), r.list(), r.map(), r.integer(),
                r.bool());
    }
}
