package io.brine.transport;

import io.brine.protocol.Hello;
import io.brine.protocol.KeyStatus;

/**
 * Decides, after the handshake proved possession of {@code staticKey}, whether the peer claiming
 * {@code hello.id()} may have a session. Runs on the router's I/O thread: keep it quick.
 */
@FunctionalInterface
public interface PeerAuthenticator {
    Verdict authenticate(Hello hello, byte[] staticKey);

    /** The key's status, and a reason the peer is told when it is not accepted. */
    record Verdict(KeyStatus status, String detail) {
        public static Verdict accepted() {
            return new Verdict(KeyStatus.ACCEPTED, "accepted");
        }
    }
}
