package io.brine.protocol;

import java.io.IOException;

/**
 * The master has its return for {@code jid} on disk (or had one already): the minion may forget it. Until
 * then the minion keeps the return in its spool and sends it again after every reconnect.
 */
public record ReturnAck(String jid) implements Message {
    static final int TYPE = 40;

    public ReturnAck {
        Jid.requireValid(jid);
    }

    void write(WireWriter w) {
        w.string(jid);
    }

    static ReturnAck read(WireReader r) throws IOException, MalformedMessageException {
        String jid = r.string();
        if (!Jid.isValid(jid)) {
            throw new MalformedMessageException("return ack for an invalid jid");
        }
        return new ReturnAck(jid);
    }
}
