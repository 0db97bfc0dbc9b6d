package io.brine.protocol;

import java.io.IOException;

/**
 * The master is stopping (an upgrade, a restart): its peers should connect again, after a short jittered wait,
 * rather than notice only when its heartbeats stop (three missed intervals, 15 s by default).
 */
public record GoingAway(String reason) implements Message {
    static final int TYPE = 41;

    public GoingAway {
        java.util.Objects.requireNonNull(reason, "reason");
    }

    void write(WireWriter w) {
        w.string(reason);
    }

    static GoingAway read(WireReader r) throws IOException, MalformedMessageException {
        return new GoingAway(r.string());
    }
}
