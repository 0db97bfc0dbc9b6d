package io.brine.api;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What may be shown of an API token: its name and dates. The token itself is never stored, only its hash,
 * so it cannot be shown again.
 *
 * @param name    who or what holds the token; recorded as caller {@code api:NAME} on the jobs it starts
 * @param created when it was created
 * @param expires when it stops working, or null for never
 */
public record TokenInfo(String name, Instant created, Instant expires) {
    public TokenInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(created, "created");
    }

    public Optional<Instant> expiry() {
        return Optional.ofNullable(expires);
    }
}
