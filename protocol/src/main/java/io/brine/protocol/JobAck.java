package io.brine.protocol;

import java.io.IOException;

/** Sent by a minion as soon as it has a job, so the master can tell "running" from "never received". */
public record JobAck(String jid) implements Message {
    static final int TYPE = 11;

    public JobAck {
        Jid.requireValid(jid);
    }

    void write(WireWriter w) {
        w.string(jid);
    }

    static JobAck read(WireReader r) throws IOException, MalformedMessageException {
        return new JobAck(r.string());
    }
}
