package io.brine.master;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where minions reach the master over HTTPS, the transport for guests whose network lets only HTTPS out
 * (docs/transports.md): {@code https: {interface, port, tls_cert, tls_key}} in the master configuration; off when
 * the key is absent. Its links carry the same sealed sessions as the ZeroMQ port.
 *
 * <pre>{@code
 * https:
 *   interface: 0.0.0.0          # the default
 *   port: 4520
 *   tls_cert: /etc/brine/https.crt   # PEM chain, leaf first
 *   tls_key: /etc/brine/https.key    # unencrypted PKCS#8 PEM
 * }</pre>
 */
public record HttpsConfig(String iface, int port, Path tlsCert, Path tlsKey) {
    public HttpsConfig {
        Objects.requireNonNull(iface, "interface");
        Objects.requireNonNull(tlsCert, "tls_cert");
        Objects.requireNonNull(tlsKey, "tls_key");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("'https: port' must be a port number: " + port);
        }
    }
}
