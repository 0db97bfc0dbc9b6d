package io.brine.transport;

import io.brine.protocol.Role;

/**
 * An authenticated peer of the router: who it proved to be (the static key from the handshake) and what it
 * claimed (role and id, accepted only because the key matched). Identity for routing replies is the session,
 * never an id read from a message. {@code remoteAddress} is where its connection came from, for limits and audit
 * lines, never for identity.
 */
public record Session(long id, Role role, String peerId, byte[] remoteKey, String remoteAddress) {

    /** A session whose address does not matter (tests of the table alone). */
    public Session(long id, Role role, String peerId, byte[] remoteKey) {
        this(id, role, peerId, remoteKey, "unknown");
    }

    @Override
    public String toString() {
        return role.name().toLowerCase() + " " + peerId + " (session " + id + ")";
    }
}
