package io.brine.protocol;

import java.io.IOException;
import java.util.Map;

/**
 * The master's answer to a {@link MineRequest}: {@code {minion_id: value}} for each matched minion the reader may
 * see, or the error that kept the master from answering (a bad target, say).
 */
public record MineReply(long requestId, Map<String, Object> values, String error) implements MasterReply {
    static final int TYPE = 54;

    public MineReply {
        values = Values.map(values);
    }

    void write(WireWriter w) {
        w.integer(requestId).map(values).string(error);
    }

    static MineReply read(WireReader r) throws IOException, MalformedMessageException {
        return new MineReply(r.integer(), r.map(), r.nullableString());
    }
}
