package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/**
 * The master refused a request, and nothing was done: its access policy (the message names the identity and what
 * was refused), or an audit log that cannot record it while {@code audit_required} is set. Distinct from
 * {@link Failure} so the CLI can exit 2, as for any refused usage.
 */
public record Refused(long requestId, String message) implements ClientResponse {
    static final int TYPE = 37;

    public Refused {
        Objects.requireNonNull(message, "message");
    }

    void write(WireWriter w) {
        w.integer(requestId).string(message);
    }

    static Refused read(WireReader r) throws IOException, MalformedMessageException {
        return new Refused(r.integer(), r.string());
    }
}
