package io.brine.protocol;

import java.io.IOException;

/** Asks the master to stop a running job on every minion still running it. */
public record KillRequest(long requestId, String jid) implements ClientRequest {
    static final int TYPE = 24;

    public KillRequest {
        Jid.requireValid(jid);
    }

    void write(WireWriter w) {
        w.integer(requestId).string(jid);
    }

    static KillRequest read(WireReader r) throws IOException, MalformedMessageException {
        return new KillRequest(r.integer(), r.string());
    }
}
