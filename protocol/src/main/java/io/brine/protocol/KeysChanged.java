package io.brine.protocol;

import java.io.IOException;
import java.util.List;

/**
 * Tells a running master that its key directories were changed (by {@code brine key}), so that a deleted or
 * rejected minion is cut off at once rather than at the next periodic scan. {@code changes} says what changed,
 * as {@code ID/accepted}, {@code ID/rejected}, {@code ID/deleted} or {@code ID/preseeded}: the master announces
 * each as a {@code brine/key/...} event naming the operator, and writes it to the audit log.
 */
public record KeysChanged(long requestId, List<String> changes) implements ClientRequest {
    static final int TYPE = 23;

    public KeysChanged {
        changes = List.copyOf(changes);
    }

    void write(WireWriter w) {
        w.integer(requestId).strings(changes);
    }

    static KeysChanged read(WireReader r) throws IOException, MalformedMessageException {
        return new KeysChanged(r.integer(), r.strings());
    }
}
