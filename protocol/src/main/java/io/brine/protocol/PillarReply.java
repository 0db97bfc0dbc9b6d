package io.brine.protocol;

import java.io.IOException;
import java.util.Map;

/**
 * A minion's pillar, or the error that kept the master from compiling it. Sent only on that minion's own
 * session; never logged, never stored in the job cache.
 */
public record PillarReply(long requestId, Map<String, Object> pillar, String error) implements MasterReply {
    static final int TYPE = 16;

    public PillarReply {
        pillar = Values.map(pillar);
    }

    void write(WireWriter w) {
        w.integer(requestId).map(pillar).string(error);
    }

    static PillarReply read(WireReader r) throws IOException, MalformedMessageException {
        return new PillarReply(r.integer(), r.map(), r.nullableString());
    }
}
