package io.brine.transport;

/**
 * A ZeroMQ TCP endpoint, {@code tcp://host:port}, as both ends write it: the master binds one ({@code *} for any
 * host or port), a dealer connects to one. An IPv6 host is written in brackets ({@code tcp://[::1]:4506}). Only
 * parsed here: a name is resolved by whoever connects, off its I/O thread ({@link Resolver}).
 *
 * @param host the host as written, without brackets; {@code *} for any
 * @param port the port; 0 for {@code *} (any free port)
 */
record ZmtpEndpoint(String host, int port) {
    private static final String SCHEME = "tcp://";

    /** Parses {@code tcp://host:port}; {@code *} is taken for the host or port only if {@code wildcards}. */
    static ZmtpEndpoint parse(String endpoint, boolean wildcards) {
        int colon = endpoint.lastIndexOf(':');
        if (!endpoint.startsWith(SCHEME) || colon < SCHEME.length()) {
            throw new IllegalArgumentException("not a tcp://host:port endpoint: " + endpoint);
        }
        String host = endpoint.substring(SCHEME.length(), colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        String port = endpoint.substring(colon + 1);
        if (!wildcards && host.equals("*")) {
            throw new IllegalArgumentException("not a host: " + endpoint);
        }
        if (wildcards && port.equals("*")) {
            return new ZmtpEndpoint(host, 0);
        }
        try {
            int number = Integer.parseInt(port);
            if (number < 0 || number > 65_535) {
                throw new IllegalArgumentException("not a port: " + endpoint);
            }
            return new ZmtpEndpoint(host, number);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a port: " + endpoint);
        }
    }

    /** The host to bind: {@code *} is every address. */
    String bindHost() {
        return host.equals("*") ? "0.0.0.0" : host;
    }

    /** How an address bound or connected to is written back: {@code tcp://[::1]:4506}. */
    static String format(java.net.InetSocketAddress address) {
        String shown = address.getAddress().getHostAddress();
        return SCHEME + (shown.contains(":") ? "[" + shown + "]" : shown) + ":" + address.getPort();
    }
}
