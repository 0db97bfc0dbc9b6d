package io.brine.minion;

import io.brine.config.ConfigFile;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A minion reaching its masters over HTTPS (docs/transports.md): {@code transport: https} with {@code master_url}
 * (one {@code https://host:port} or a list, taken as {@code master} takes a list), an optional HTTP CONNECT
 * proxy ({@code https_proxy: host:port} or {@code http://host:port}) and the CAs its TLS trusts ({@code ca_file},
 * PEM; the system's when absent). TLS is only the carrier: the master is still proven by {@code master_finger}.
 *
 * <pre>{@code
 * transport: https
 * master_url: https://brine.example.net:4520
 * https_proxy: proxy.tenant.local:3128
 * ca_file: /etc/brine/ca.pem
 * master_finger: 7e:42:...
 * }</pre>
 */
public record MinionHttps(List<String> urls, Path caFile, String proxy) {
    public MinionHttps {
        urls = List.copyOf(urls);
        if (urls.isEmpty()) {
            throw new IllegalArgumentException("transport: https needs master_url");
        }
        for (String url : urls) {
            Objects.requireNonNull(url, "master_url");
            URI uri;
            try {
                uri = URI.create(url);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("master_url '" + url + "' is not a URL");
            }
            if (!"https".equals(uri.getScheme()) || uri.getHost() == null || uri.getRawQuery() != null) {
                throw new IllegalArgumentException("master_url '" + url + "' is not an https://host:port URL");
            }
        }
        if (proxy != null && proxyAddress(proxy) == null) {
            throw new IllegalArgumentException("https_proxy '" + proxy + "' is not host:port or http://host:port");
        }
    }

    /** The HTTPS settings of {@code c}, or null for a minion on the ZeroMQ transport (the default). */
    static MinionHttps from(ConfigFile c) {
        String transport = c.string("transport", "zmq");
        if (transport.equals("zmq")) {
            for (String key : List.of("master_url", "https_proxy", "ca_file")) {
                if (c.has(key)) {
                    throw c.error(key, "'" + key + "' is for 'transport: https'; this minion uses the ZeroMQ transport");
                }
            }
            return null;
        }
        if (!transport.equals("https")) {
            throw c.error("transport", "transport must be 'zmq' (the default) or 'https'");
        }
        if (!c.has("master_url")) {
            throw c.error("transport", "transport: https needs master_url (https://host:port)");
        }
        if (c.has("master")) {
            throw c.error("master", "with transport: https the masters are named by master_url, not master");
        }
        List<String> urls = c.isList("master_url") ? c.stringList("master_url") : List.of(c.string("master_url", ""));
        try {
            return new MinionHttps(urls, c.has("ca_file") ? c.path("ca_file", null) : null,
                    c.string("https_proxy", null));
        } catch (IllegalArgumentException e) {
            throw c.error(e.getMessage().startsWith("https_proxy") ? "https_proxy" : "master_url", e.getMessage());
        }
    }

    /** The proxy's address, or null when it is not one. */
    static java.net.InetSocketAddress proxyAddress(String proxy) {
        String hostPort = proxy.startsWith("http://") ? proxy.substring("http://".length()) : proxy;
        if (hostPort.endsWith("/")) {
            hostPort = hostPort.substring(0, hostPort.length() - 1);
        }
        int colon = hostPort.lastIndexOf(':');
        if (colon <= 0) {
            return null;
        }
        try {
            int port = Integer.parseInt(hostPort.substring(colon + 1));
            if (port < 1 || port > 65535) {
                return null;
            }
            return java.net.InetSocketAddress.createUnresolved(hostPort.substring(0, colon), port);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
