package io.brine.protocol;

import java.io.IOException;

/** The master's answer to a {@link MineUpdate}: a null error means the update is stored. */
public record MineAck(long requestId, String error) implements MasterReply {
    static final int TYPE = 52;

    void write(WireWriter w) {
        w.integer(requestId).string(error);
    }

    static MineAck read(WireReader r) throws IOException, MalformedMessageException {
        return new MineAck(r.integer(), r.nullableString());
    }
}
