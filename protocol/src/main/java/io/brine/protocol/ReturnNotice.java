package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/** One minion's return, streamed to the caller of a call as it arrives. */
public record ReturnNotice(long requestId, String jid, String minionId, MinionReturn result) implements ClientResponse {
    static final int TYPE = 31;

    public ReturnNotice {
        Jid.requireValid(jid);
        MinionId.requireValid(minionId);
        Objects.requireNonNull(result, "result");
    }

    @Override
    public boolean isFinal() {
        return false;
    }

    void write(WireWriter w) {
        w.integer(requestId).string(jid).string(minionId);
        result.write(w);
    }

    static ReturnNotice read(WireReader r) throws IOException, MalformedMessageException {
        return new ReturnNotice(r.integer(), r.string(), r.string(), MinionReturn.read(r));
    }
}
