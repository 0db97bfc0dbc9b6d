package io.brine.protocol;

import java.io.IOException;
import java.util.Map;

/**
 * A minion's grains, sent when its session is accepted and on {@code grains.refresh}, so the master can
 * resolve grain targets itself and know exactly which minions must answer; and the functions it runs, each
 * with its {@link FunctionSignature} in wire form, so the master can check a job's arguments before publishing.
 * Each is read under its {@link ValueBounds} ({@link ValueBounds#GRAINS}, {@link ValueBounds#FUNCTIONS}): a report
 * beyond them is refused whole, and the master keeps the last one it took.
 */
public record GrainsReport(Map<String, Object> grains, Map<String, Object> functions) implements Message {
    static final int TYPE = 18;

    public GrainsReport {
        grains = Values.map(grains);
        functions = Values.map(functions);
    }

    /** Grains alone (a minion that declares nothing). */
    public GrainsReport(Map<String, Object> grains) {
        this(grains, Map.of());
    }

    void write(WireWriter w) {
        w.map(grains).map(functions);
    }

    static GrainsReport read(WireReader r) throws IOException, MalformedMessageException {
        return new GrainsReport(r.map(ValueBounds.GRAINS), r.map(ValueBounds.FUNCTIONS));
    }
}
