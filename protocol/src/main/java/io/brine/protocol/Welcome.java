package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/** The master's first sealed message: whether the peer's key is accepted, and if not, why the session ends. */
public record Welcome(KeyStatus status, String detail) implements Message {
    static final int TYPE = 2;

    public Welcome {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(detail, "detail");
    }

    void write(WireWriter w) {
        w.integer(status.ordinal()).string(detail);
    }

    static Welcome read(WireReader r) throws IOException, MalformedMessageException {
        return new Welcome(KeyStatus.fromWire(r.smallInt("status", 0, 255)), r.string());
    }
}
