package io.brine.transport;

/**
 * Decides whether the key the master proved in the handshake is the master we mean to talk to: a pinned
 * fingerprint, a key recorded on first contact, or the master's public key file for a local client.
 */
@FunctionalInterface
public interface ServerKeyCheck {
    /** Returns null to trust the key, or the reason it is refused. */
    String refusal(byte[] serverKey);
}
