package io.brine.ssh;

import java.time.Duration;
import java.util.Objects;

/**
 * How one run on one roster host goes: how long all of it may take, whether a host key not yet known is trusted
 * (and added to known_hosts; a changed key is refused either way), and what stops it when its job is killed.
 *
 * @param timeout          the whole run, login included
 * @param acceptNewHostKey trust a host whose key known_hosts does not hold ({@code --accept-new})
 * @param stopper          closes the run's session when its job is killed
 */
public record HostRun(Duration timeout, boolean acceptNewHostKey, RunStopper stopper) {
    public HostRun {
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(stopper, "stopper");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
    }

    /** A run of {@code timeout}, trusting known host keys only, that nothing stops but its end. */
    public static HostRun of(Duration timeout) {
        return new HostRun(timeout, false, new RunStopper());
    }
}
