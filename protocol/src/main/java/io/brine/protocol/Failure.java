package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/** A request the master could not carry out, with a message meant for the operator. */
public record Failure(long requestId, String message) implements ClientResponse {
    static final int TYPE = 35;

    public Failure {
        Objects.requireNonNull(message, "message");
    }

    void write(WireWriter w) {
        w.integer(requestId).string(message);
    }

    static Failure read(WireReader r) throws IOException, MalformedMessageException {
        return new Failure(r.integer(), r.string());
    }
}
