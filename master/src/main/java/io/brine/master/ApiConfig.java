package io.brine.master;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the master's HTTP+JSON API listens ({@code api: {interface, port, tls_cert, tls_key, ui}} in the master
 * configuration). TLS is on when both certificate and key are given. {@code ui} (default true) serves the web
 * console under {@code /ui/} on the same listener, when the console is installed.
 */
public record ApiConfig(String iface, int port, Path tlsCert, Path tlsKey, boolean ui) {
    /** With the console on, when it is installed. */
    public ApiConfig(String iface, int port, Path tlsCert, Path tlsKey) {
        this(iface, port, tlsCert, tlsKey, true);
    }

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
