package io.brine.protocol;

import java.io.IOException;

/**
 * Asks which accepted minions are up (have a live session) and when each was last seen, as
 * {@code brine manage status} prints it (Salt's {@code manage.status}); needs {@code @keys}, as listing keys does.
 */
public record MinionStatusRequest(long requestId) implements ClientRequest {
    static final int TYPE = 46;

    void write(WireWriter w) {
        w.integer(requestId);
    }

    static MinionStatusRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new MinionStatusRequest(r.integer());
    }
}
