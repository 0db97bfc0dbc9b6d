package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/**
 * Asks the master to have the minions a target selects install a signed agent release ({@code brine update}):
 * {@code bundle} and {@code signature} are files on the master's host (the .deb or minion jar, and its
 * {@code .sig}), staged for the job as {@link CopyRequest}'s sources are. Each minion checks the signature against
 * its own trusted keys; the master only carries. Answered like a call.
 */
public record UpdateRequest(long requestId, String target, int targetType, String bundle, String signature,
        boolean allowDowngrade, long timeoutMillis) implements ClientRequest {
    static final int TYPE = 50;

    public UpdateRequest {
        Objects.requireNonNull(target, "target");
        if (targetType < 0 || targetType > PublishRequest.MAX_TARGET_TYPE) {
            throw new IllegalArgumentException("target type code must be from 0 to " + PublishRequest.MAX_TARGET_TYPE);
        }
        Objects.requireNonNull(bundle, "bundle");
        Objects.requireNonNull(signature, "signature");
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("timeout must be positive");
        }
    }

    void write(WireWriter w) {
        w.integer(requestId).string(target).integer(targetType).string(bundle).string(signature).bool(allowDowngrade)
                .integer(timeoutMillis);
    }

    static UpdateRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new UpdateRequest(r.integer(), r.string(), r.smallInt("target type", 0, PublishRequest.MAX_TARGET_TYPE),
                r.string(), r.string(), r.bool(), r.integer());
    }
}
