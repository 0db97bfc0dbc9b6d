package io.brine.protocol;

import java.io.IOException;

/** Tells a minion to stop a job it is running, processes included; its return then says it was killed. */
public record JobKill(String jid) implements Message {
    static final int TYPE = 17;

    public JobKill {
        Jid.requireValid(jid);
    }

    void write(WireWriter w) {
        w.string(jid);
    }

    static JobKill read(WireReader r) throws IOException, MalformedMessageException {
        return new JobKill(r.string());
    }
}
