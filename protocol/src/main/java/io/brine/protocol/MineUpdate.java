package io.brine.protocol;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A minion's mine data for its master to keep ({@code mine.update}, {@code mine.send}, {@code mine.delete},
 * {@code mine.flush}): {@code flush} drops every entry the master holds for this minion first, then each function
 * named in {@code delete} is dropped and each entry of {@code set} replaces that function's value. Whose data it is
 * comes from the session's authenticated id, never from the message. Read under {@link ValueBounds#MINE}.
 */
public record MineUpdate(long requestId, Map<String, Object> set, List<String> delete, boolean flush)
        implements MinionRequest {
    static final int TYPE = 51;

    public MineUpdate {
        set = Values.map(set);
        delete = List.copyOf(Objects.requireNonNull(delete, "delete"));
    }

    void write(WireWriter w) {
        w.integer(requestId).map(set).strings(delete).bool(flush);
    }

    static MineUpdate read(WireReader r) throws IOException, MalformedMessageException {
        return new MineUpdate(r.integer(), r.map(ValueBounds.MINE), r.strings(), r.bool());
    }
}
