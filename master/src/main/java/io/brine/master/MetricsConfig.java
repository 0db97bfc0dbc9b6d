package io.brine.master;

import java.util.Objects;

/**
 * Where the master serves Prometheus metrics ({@code /metrics}) and its health ({@code /health}):
 * {@code metrics: {interface, port}} in the master configuration; off when the key is absent.
 *
 * <pre>{@code
 * metrics:
 *   interface: 127.0.0.1   # the default; scrapers elsewhere need an address they can reach
 *   port: 9506
 * }</pre>
 *
 * @param iface the address to listen on ({@code interface}, default {@code 127.0.0.1})
 * @param port  the port ({@code port}, required; 0 picks a free one, for tests)
 */
public record MetricsConfig(String iface, int port) {
    public MetricsConfig {
        Objects.requireNonNull(iface, "interface");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("'metrics: port' must be a port number: " + port);
        }
    }
}
