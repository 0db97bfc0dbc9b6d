package io.brine.transport;

import io.brine.protocol.Hello;
import io.brine.protocol.KeyStatus;

/**
 * Decides, after the handshake proved possession of {@code staticKey}, whether the peer claiming
 * {@code hello.id()} may have a session. Runs on the router's key-checking thread ({@code brine-key-checks@NAME}),
 * never on its I/O thread: it may read files and publish events, but every handshake waits behind it.
 */
@FunctionalInterface
public interface PeerAuthenticator {
    Verdict authenticate(Hello hello, byte[] staticKey);

    /**
     * As {@link #authenticate(Hello, byte[])}, knowing the address the peer connects from (for limits per source,
     * such as how many new keys one address may file); by default the address is not used.
     */
    default Verdict authenticate(Hello hello, byte[] staticKey, String remoteAddress) {
        return authenticate(hello, staticKey);
    }

    /** The key's status, and a reason the peer is told when it is not accepted. */
    record Verdict(KeyStatus status, String detail) {
        public static Verdict accepted() {
            return new Verdict(KeyStatus.ACCEPTED, "accepted");
        }
    }
}
