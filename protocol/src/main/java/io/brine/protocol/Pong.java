package io.brine.protocol;

import java.io.IOException;

/** Answer to a {@link Ping}. */
public record Pong(long sequence) implements Message {
    static final int TYPE = 4;

    void write(WireWriter w) {
        w.integer(sequence);
    }

    static Pong read(WireReader r) throws IOException, MalformedMessageException {
        return new Pong(r.integer());
    }
}
