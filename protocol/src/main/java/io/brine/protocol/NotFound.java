package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/**
 * The master knows no such thing as a request named (a jid to look up, a job to kill that is not running), with the
 * message it would print: apart from {@link Failure} so that a client can say "there is none" without reading a
 * message, and a failure of the master (its job cache unreadable) is never mistaken for one.
 */
public record NotFound(long requestId, String message) implements ClientResponse {
    static final int TYPE = 49;

    public NotFound {
        Objects.requireNonNull(message, "message");
    }

    void write(WireWriter w) {
        w.integer(requestId).string(message);
    }

    static NotFound read(WireReader r) throws IOException, MalformedMessageException {
        return new NotFound(r.integer(), r.string());
    }
}
