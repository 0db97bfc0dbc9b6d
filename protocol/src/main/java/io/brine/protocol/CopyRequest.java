package io.brine.protocol;

import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * Asks the master to copy files from its own disk to the minions a target selects ({@code brine cp}, Salt's
 * salt-cp order). Answered like a call: {@link Published}, returns as they arrive, then a {@link JobReport}. The
 * target type travels as its code, as in {@link PublishRequest}; so does {@code ssh}, as there: 0 for minions, 1 or 2
 * for the roster's machines over SSH ({@code brine cp --ssh}).
 */
public record CopyRequest(long requestId, String target, int targetType, List<String> sources, String dest,
        long timeoutMillis, int ssh) implements ClientRequest {
    static final int TYPE = 28;

    public CopyRequest {
        Objects.requireNonNull(target, "target");
        if (targetType < 0 || targetType > PublishRequest.MAX_TARGET_TYPE) {
            throw new IllegalArgumentException("target type code must be from 0 to " + PublishRequest.MAX_TARGET_TYPE);
        }
        sources = List.copyOf(sources);
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("nothing to copy");
        }
        Objects.requireNonNull(dest, "dest");
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        if (ssh < 0 || ssh > 2) {
            throw new IllegalArgumentException("ssh must be 0, 1 or 2: " + ssh);
        }
    }

    /** A copy to minions. */
    public CopyRequest(long requestId, String target, int targetType, List<String> sources, String dest,
            long timeoutMillis) {
        this(requestId, target, targetType, sources, dest, timeoutMillis, 0);
    }

    void write(WireWriter w) {
        w.integer(requestId).string(target).integer(targetType).strings(sources).string(dest).integer(timeoutMillis)
                .integer(ssh);
    }

    static CopyRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new CopyRequest(r.integer(), r.string(), r.smallInt("target type", 0, PublishRequest.MAX_TARGET_TYPE),
                r.strings(), r.string(), r.integer(), r.smallInt("ssh", 0, 2));
    }
}
