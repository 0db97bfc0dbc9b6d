package io.brine.protocol;

import java.io.IOException;

/** Liveness probe inside a session; the other side answers with a {@link Pong} carrying the same sequence. */
public record Ping(long sequence) implements Message {
    static final int TYPE = 3;

    void write(WireWriter w) {
        w.integer(sequence);
    }

    static Ping read(WireReader r) throws IOException, MalformedMessageException {
        return new Ping(r.integer());
    }
}
