package io.brine.protocol;

import java.io.IOException;
import java.util.List;

/**
 * The master accepted a publish: the jid, and the minions expected to answer. Final for a cast; for a call,
 * returns follow. {@code undetermined} lists accepted minions the target could not be decided for because the
 * master does not know their grains yet: they were not sent the job, and the caller is told so.
 */
public record Published(long requestId, String jid, List<String> expected, List<String> undetermined, boolean last)
        implements ClientResponse {
    static final int TYPE = 30;

    public Published {
        Jid.requireValid(jid);
        expected = List.copyOf(expected);
        undetermined = List.copyOf(undetermined);
    }

    /** A publish whose target could be decided for every accepted minion. */
    public Published(long requestId, String jid, List<String> expected, boolean last) {
        this(requestId, jid, expected, List.of(), last);
    }

    @Override
    public boolean isFinal() {
        return last;
    }

    void write(WireWriter w) {
        w.integer(requestId).string(jid).strings(expected).strings(undetermined).bool(last);
    }

    static Published read(WireReader r) throws IOException, MalformedMessageException {
        return new Published(r.integer(), r.string(), r.strings(), r.strings(), r.bool());
    }
}
