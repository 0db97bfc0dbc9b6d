package io.brine.protocol;

import java.io.IOException;
import java.util.Map;

/**
 * A minion's grains, sent when its session is accepted and on {@code grains.refresh}, so the master can
 * resolve grain targets itself and know exactly which minions must answer.
 */
public record GrainsReport(Map<String, Object> grains) implements Message {
    static final int TYPE = 18;

    public GrainsReport {
        grains = Values.map(grains);
    }

    void write(WireWriter w) {
        w.map(grains);
    }

    static GrainsReport read(WireReader r) throws IOException, MalformedMessageException {
        return new GrainsReport(r.map());
    }
}
