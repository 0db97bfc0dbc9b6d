package io.brine.protocol;

import java.io.IOException;
import java.util.Map;
import java.util.Objects;

/**
 * A minion's grains, sent when its session is accepted and on {@code grains.refresh}, so the master can
 * resolve grain targets itself and know exactly which minions must answer; and the functions it runs, each
 * with its {@link FunctionSignature} in wire form, so the master can check a job's arguments before publishing.
 * Each is read under its {@link ValueBounds} ({@link ValueBounds#GRAINS}, {@link ValueBounds#FUNCTIONS}): a report
 * beyond them is refused whole, and the master keeps the last one it took. The functions stay encoded
 * ({@link EncodedMap}): a fleet sends the same few sets over and over, and the master decodes each set once.
 */
public record GrainsReport(Map<String, Object> grains, EncodedMap functions) implements Message {
    static final int TYPE = 18;
    private static final EncodedMap NONE = EncodedMap.of(Map.of(), ValueBounds.FUNCTIONS);

    public GrainsReport {
        grains = Values.map(grains);
        Objects.requireNonNull(functions, "functions");
    }

    /** Grains and declarations as a map, encoded here. */
    public GrainsReport(Map<String, Object> grains, Map<String, Object> functions) {
        this(grains, EncodedMap.of(Values.map(functions), ValueBounds.FUNCTIONS));
    }

    /** Grains alone (a minion that declares nothing). */
    public GrainsReport(Map<String, Object> grains) {
        this(grains, NONE);
    }

    void write(WireWriter w) {
        w.map(grains);
        functions.writeTo(w);
    }

    static GrainsReport read(WireReader r) throws IOException, MalformedMessageException {
        return new GrainsReport(r.map(ValueBounds.GRAINS), r.encodedMap(ValueBounds.FUNCTIONS));
    }
}
