package io.brine.transport;

import java.net.InetSocketAddress;
import java.net.URI;

/** A master's {@code https://host:port} URL, as the HTTPS transport connects to it. */
final class HttpsEndpoints {
    private HttpsEndpoints() {
    }

    static boolean isHttps(String endpoint) {
        return endpoint.startsWith("https://");
    }

    /**
     * The URL's host and port, not looked up: the HTTP client does that when it connects, or the proxy does (a
     * guest behind one may not resolve the master's name at all).
     */
    static InetSocketAddress unresolved(String endpoint) {
        URI uri = URI.create(endpoint);
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("not an https://host:port URL: " + endpoint);
        }
        return InetSocketAddress.createUnresolved(uri.getHost(), uri.getPort() < 0 ? 443 : uri.getPort());
    }
}
