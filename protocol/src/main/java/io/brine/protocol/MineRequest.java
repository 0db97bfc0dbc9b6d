package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/**
 * Asks the master for one mine function's values on the minions a target matches ({@code mine.get}). The
 * target type is Salt's name for it ({@code glob}, {@code grain}, {@code compound}, ...), parsed by the master. The
 * reader is the session's authenticated id, and what it may read is the master's {@code mine_acl} to decide.
 */
public record MineRequest(long requestId, String target, String targetType, String function)
        implements MinionRequest {
    static final int TYPE = 53;

    public MineRequest {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(targetType, "targetType");
        Objects.requireNonNull(function, "function");
    }

    void write(WireWriter w) {
        w.integer(requestId).string(target).string(targetType).string(function);
    }

    static MineRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new MineRequest(r.integer(), r.string(), r.string(), r.string());
    }
}
