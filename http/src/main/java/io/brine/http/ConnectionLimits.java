package io.brine.http;

import java.time.Duration;
import java.util.Objects;

/**
 * How many connections a listener keeps while they have not yet sent a request's complete headers ("waiting"), and
 * for how long; and how many it keeps for clients whose requests authenticated. A connection waits from the moment
 * it is accepted (its TLS handshake included) until its request's headers are complete, and again after a request
 * that did not authenticate.
 *
 * <p>When an address holds more than {@code waitingPerAddress} waiting connections, or all addresses together more
 * than {@code waiting}, the <em>oldest</em> are closed: a new connection is never the one refused, so a flood of
 * idle or slow connections, even from the honest client's own address, churns through itself instead of locking
 * everyone out (as a cap on connections, reached, did). A connection younger than {@code grace} is not closed for
 * that, so that a client's new connection has time to be read even while a flood arrives faster than the server
 * reads (its headers are in the socket already, but the server sees them only some milliseconds later); only past
 * the {@code ceiling} in all are the oldest closed whatever their age. A connection whose request authenticated
 * (its handler set {@link HttpListener#AUTHENTICATED}) is kept between requests in one of {@code authenticated}
 * slots that waiting connections never take; beyond those it waits like any other.
 *
 * <pre>{@code
 * new ConnectionLimits(32, 256, 4096, Duration.ofMillis(500), 256, Duration.ofSeconds(5))
 * }</pre>
 *
 * @param waitingPerAddress waiting connections one client address may hold before its oldest is closed
 * @param waiting           waiting connections all addresses together may hold before the oldest is closed
 * @param ceiling           waiting connections held at most, however young
 * @param grace             how long a new waiting connection is not closed for being over the limits
 * @param authenticated     connections kept open between requests for clients whose last request authenticated
 * @param headerDeadline    how long a connection may wait before it is closed, however slowly it sends
 */
public record ConnectionLimits(int waitingPerAddress, int waiting, int ceiling, Duration grace, int authenticated,
        Duration headerDeadline) {
    public ConnectionLimits {
        Objects.requireNonNull(grace, "grace");
        Objects.requireNonNull(headerDeadline, "headerDeadline");
        if (waitingPerAddress < 1 || waiting < waitingPerAddress || ceiling < waiting) {
            throw new IllegalArgumentException("waiting connections: " + waitingPerAddress + " per address, "
                    + waiting + " in all, " + ceiling + " at most (at least 1, and each no fewer than the one before)");
        }
        if (authenticated < 0) {
            throw new IllegalArgumentException("authenticated connections may not be negative: " + authenticated);
        }
        if (headerDeadline.isNegative() || headerDeadline.isZero() || grace.isNegative()
                || grace.compareTo(headerDeadline) >= 0) {
            throw new IllegalArgumentException("the header deadline must be positive and longer than the grace: "
                    + headerDeadline + ", " + grace);
        }
    }

    /** The same limits with {@code perAddress} waiting connections per address (and at least as many in all). */
    public ConnectionLimits withWaitingPerAddress(int perAddress) {
        return new ConnectionLimits(perAddress, Math.max(waiting, perAddress), Math.max(ceiling, perAddress), grace,
                authenticated, headerDeadline);
    }

    /** The same limits with another header deadline. */
    public ConnectionLimits withHeaderDeadline(Duration deadline) {
        return new ConnectionLimits(waitingPerAddress, waiting, ceiling, grace, authenticated, deadline);
    }

    /** The same limits with another grace. */
    public ConnectionLimits withGrace(Duration newGrace) {
        return new ConnectionLimits(waitingPerAddress, waiting, ceiling, newGrace, authenticated, headerDeadline);
    }
}
