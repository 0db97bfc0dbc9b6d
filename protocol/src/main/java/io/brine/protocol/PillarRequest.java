package io.brine.protocol;

import java.io.IOException;

/** Asks the master for this minion's pillar; the master compiles it for the session's authenticated id. */
public record PillarRequest(long requestId) implements MinionRequest {
    static final int TYPE = 15;

    void write(WireWriter w) {
        w.integer(requestId);
    }

    static PillarRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new PillarRequest(r.integer());
    }
}
