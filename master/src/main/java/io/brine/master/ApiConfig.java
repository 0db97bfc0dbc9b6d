package io.brine.master;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the master's HTTP+JSON API listens ({@code api: {interface, port, tls_cert, tls_key}} in the master
 * configuration). TLS is on when both certificate and key are given.
 */
public record ApiConfig(String iface, int port, Path tlsCert, Path tlsKey) {
    public ApiConfig {
        Objects.requireNonNull(iface, "interface");
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new IllegalArgumentException("api: tls_cert and tls_key go together");
        }
    }

    public boolean tls() {
        return tlsCert != null;
    }
}
