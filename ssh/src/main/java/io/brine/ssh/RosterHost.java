package io.brine.ssh;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * One machine of a roster, as Salt's roster names it: its id (what targets match), where it listens, whom to log
 * in as, with which private key, whether to run commands through {@code sudo}, how long to wait for it, and grains
 * a target may match before anything ran there.
 *
 * @param id      the id targets match and results are keyed by
 * @param host    its address or name
 * @param port    its SSH port (22)
 * @param user    the user to log in as (root)
 * @param priv    the private key file (OpenSSH or PEM)
 * @param sudo    whether commands run through {@code sudo -n}
 * @param timeout how long connecting and logging in may take (10 s)
 * @param grains  grains a target may match (Salt's roster grains)
 */
public record RosterHost(String id, String host, int port, String user, Path priv, boolean sudo, Duration timeout,
        Map<String, Object> grains) {
    public RosterHost {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(priv, "priv");
        Objects.requireNonNull(timeout, "timeout");
        grains = Map.copyOf(grains);
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be a port number: " + port);
        }
    }
}
