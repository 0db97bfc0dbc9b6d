package io.brine.protocol;

import java.io.IOException;
import java.util.List;

/**
 * The master accepted a publish: the jid, and the minions expected to answer. Final for a cast; for a call,
 * returns follow.
 */
public record Published(long requestId, String jid, List<String> expected, boolean last) implements ClientResponse {
    static final int TYPE = 30;

    public Published {
        Jid.requireValid(jid);
        expected = List.copyOf(expected);
    }

    @Override
    public boolean isFinal() {
        return last;
    }

    void write(WireWriter w) {
        w.integer(requestId).string(jid).strings(expected).bool(last);
    }

    static Published read(WireReader r) throws IOException, MalformedMessageException {
        return new Published(r.integer(), r.string(), r.strings(), r.bool());
    }
}
