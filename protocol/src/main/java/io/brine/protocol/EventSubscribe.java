package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/** Asks the master to stream events whose tags match a glob, until the client's session ends. */
public record EventSubscribe(long requestId, String tagGlob) implements ClientRequest {
    static final int TYPE = 25;

    public EventSubscribe {
        Objects.requireNonNull(tagGlob, "tagGlob");
    }

    void write(WireWriter w) {
        w.integer(requestId).string(tagGlob);
    }

    static EventSubscribe read(WireReader r) throws IOException, MalformedMessageException {
        return new EventSubscribe(r.integer(), r.string());
    }
}
