package io.brine.protocol;

import java.io.IOException;
import java.util.List;
import java.util.Set;

/**
 * A key operation carried out by the master for a named client that cannot read {@code pki_dir} itself
 * (needs {@code @keys}): {@code list}, {@code accept}, {@code accept-all}, {@code reject} or {@code delete}.
 */
public record KeyRequest(long requestId, String action, List<String> ids) implements ClientRequest {
    static final int TYPE = 38;
    public static final Set<String> ACTIONS = Set.of("list", "accept", "accept-all", "reject", "delete");

    public KeyRequest {
        if (!ACTIONS.contains(action)) {
            throw new IllegalArgumentException("unknown key action '" + action + "'");
        }
        ids = List.copyOf(ids);
        ids.forEach(MinionId::requireValid);
    }

    void write(WireWriter w) {
        w.integer(requestId).string(action).strings(ids);
    }

    static KeyRequest read(WireReader r) throws IOException, MalformedMessageException {
        long id = r.integer();
        String action = r.string();
        List<String> ids = r.strings();
        try {
            return new KeyRequest(id, action, ids);
        } catch (IllegalArgumentException e) {
            throw new MalformedMessageException("key request: " + e.getMessage());
        }
    }
}
