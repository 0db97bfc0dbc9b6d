package io.brine.protocol;

import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * Asks the master to copy files from its own disk to the minions a target selects ({@code brine cp}, Salt's
 * salt-cp order). Answered like a call: {@link Published}, returns as they arrive, then a {@link JobReport}.
 */
public record CopyRequest(long requestId, String target, String targetType, List<String> sources, String dest,
        long timeoutMillis) implements ClientRequest {
    static final int TYPE = 28;

    public CopyRequest {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(targetType, "targetType");
        sources = List.copyOf(sources);
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("nothing to copy");
        }
        Objects.requireNonNull(dest, "dest");
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("timeout must be positive");
        }
    }

    void write(WireWriter w) {
        w.integer(requestId).string(target).string(targetType).strings(sources).string(dest).integer(timeoutMillis);
    }

    static CopyRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new CopyRequest(r.integer(), r.string(), r.string(), r.strings(), r.string(), r.integer());
    }
}
