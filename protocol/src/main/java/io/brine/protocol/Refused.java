package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/**
 * The master's access policy refused a request, and nothing was done; the message names the identity and
 * what was refused. Distinct from {@link Failure} so the CLI can exit 2, as for any refused usage.
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
