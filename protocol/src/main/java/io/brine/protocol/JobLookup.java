package io.brine.protocol;

import java.io.IOException;

/** Asks for everything the master knows of one job: what was returned so far and who is missing. */
public record JobLookup(long requestId, String jid) implements ClientRequest {
    static final int TYPE = 21;

    public JobLookup {
        Jid.requireValid(jid);
    }

    void write(WireWriter w) {
        w.integer(requestId).string(jid);
    }

    static JobLookup read(WireReader r) throws IOException, MalformedMessageException {
        return new JobLookup(r.integer(), r.string());
    }
}
