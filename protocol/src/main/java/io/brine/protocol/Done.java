package io.brine.protocol;

import java.io.IOException;

/** A request that returns nothing was carried out. */
public record Done(long requestId) implements ClientResponse {
    static final int TYPE = 34;

    void write(WireWriter w) {
        w.integer(requestId);
    }

    static Done read(WireReader r) throws IOException, MalformedMessageException {
        return new Done(r.integer());
    }
}
