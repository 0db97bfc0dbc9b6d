package io.brine.protocol;

import java.io.IOException;
import java.util.Objects;

/**
 * The initiator's identity claim, carried encrypted in the last handshake message. The claim is only
 * believed once the master has matched the handshake's static key to the key it holds for this id.
 */
public record Hello(Role role, String id, String version) implements Message {
    static final int TYPE = 1;

    public Hello {
        Objects.requireNonNull(role, "role");
        MinionId.requireValid(id);
        Objects.requireNonNull(version, "version");
    }

    void write(WireWriter w) {
        w.integer(role.ordinal()).string(id).string(version);
    }

    static Hello read(WireReader r) throws IOException, MalformedMessageException {
        return new Hello(Role.fromWire(r.smallInt("role", 0, 255)), r.string(), r.string());
    }
}
