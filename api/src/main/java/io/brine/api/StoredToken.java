package io.brine.api;

import java.time.Instant;
import java.util.HexFormat;
import java.util.Objects;

/** One entry of the token file: a name, the SHA-256 of the token, and its dates. */
record StoredToken(String name, byte[] sha256, Instant created, Instant expires) {
    StoredToken {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(created, "created");
        if (sha256 == null || sha256.length != 32) {
            throw new IllegalArgumentException("token '" + name + "' has no valid sha256");
        }
        sha256 = sha256.clone();
    }

    boolean validAt(Instant now) {
        return expires == null || now.isBefore(expires);
    }

    String sha256Hex() {
        return HexFormat.of().formatHex(sha256);
    }

    TokenInfo info() {
        return new TokenInfo(name, created, expires);
    }
}
