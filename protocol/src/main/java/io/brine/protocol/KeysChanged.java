package io.brine.protocol;

import java.io.IOException;

/**
 * Tells a running master that its key directories were changed (by {@code brine key}), so that a deleted or
 * rejected minion is cut off at once rather than at the next periodic scan.
 */
public record KeysChanged(long requestId) implements ClientRequest {
    static final int TYPE = 23;

    void write(WireWriter w) {
        w.integer(requestId);
    }

    static KeysChanged read(WireReader r) throws IOException, MalformedMessageException {
        return new KeysChanged(r.integer());
    }
}
