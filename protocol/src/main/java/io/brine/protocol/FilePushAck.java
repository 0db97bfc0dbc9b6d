package io.brine.protocol;

import java.io.IOException;

/** The master's answer to a {@link FilePush} chunk: null error means stored (or, for the last, verified). */
public record FilePushAck(long requestId, String error) implements MasterReply {
    static final int TYPE = 27;

    void write(WireWriter w) {
        w.integer(requestId).string(error);
    }

    static FilePushAck read(WireReader r) throws IOException, MalformedMessageException {
        return new FilePushAck(r.integer(), r.nullableString());
    }
}
