package io.brine.modules.http;

import io.brine.functions.FunctionException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The destinations {@code http.query} may reach: {@code host:port} patterns where {@code *} and {@code ?} are globs.
 * A host written as an address ({@code 10.0.0.5}, {@code 10.0.0.*}, {@code 10.0.0.0/24}, {@code [fd00::1]}) is an
 * address pattern and is matched against what the URL's host resolves to, every address of it, never against the
 * name: a name that resolves to 127.0.0.1 is not in {@code 10.0.0.*}. A host written as a name ({@code *.internal})
 * is matched against the URL's name, case-insensitively. Link-local and cloud metadata addresses are refused unless
 * an entry names that exact address. An empty list allows nothing.
 *
 * <p>The addresses checked are the ones the JDK then connects to: both go through the JVM's address cache
 * ({@code networkaddress.cache.ttl}, 30 s by default), which pins them for the request; a JVM configured not to
 * cache addresses loses that pin.
 */
final class HttpAllowList {
    /** Addresses that hand out credentials or reach the host itself, whatever an operator's glob says. */
    private static final List<String> METADATA = List.of("169.254.169.254", "fd00:ec2:0:0:0:0:0:254", "100.100.100.200");

    /** Resolves a host name to all its addresses; a test's stand-in for DNS. */
    @FunctionalInterface
    interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    private record Entry(String text, Pattern name, AddressPattern address, Pattern port) {
    }

    private final List<Entry> entries;
    private final Resolver resolver;

    private HttpAllowList(List<Entry> entries, Resolver resolver) {
        this.entries = entries;
        this.resolver = resolver;
    }

    /** Parses the configured value: absent (allows nothing) or a list of {@code host:port} strings. */
    static HttpAllowList parse(Object configured) throws FunctionException {
        return parse(configured, InetAddress::getAllByName);
    }

    static HttpAllowList parse(Object configured, Resolver resolver) throws FunctionException {
        if (configured == null) {
            return new HttpAllowList(List.of(), resolver);
        }
        if (!(configured instanceof List<?> list)) {
            throw new FunctionException("http_allow must be a list of host:port patterns, got " + configured);
        }
        List<Entry> entries = new ArrayList<>();
        for (Object entry : list) {
            String text = String.valueOf(entry).trim();
            int colon = text.lastIndexOf(':');
            String host = colon < 0 ? "" : unbracket(text.substring(0, colon));
            String port = colon < 0 ? "" : text.substring(colon + 1);
            if (host.isEmpty() || !port.matches("\\*|[0-9]{1,5}")) {
                throw new FunctionException("http_allow entry '" + text + "' must be host:port, such as "
                        + "'127.0.0.1:8080', '10.0.0.0/24:443', '*.internal:443' or '[::1]:*'");
            }
            AddressPattern address;
            try {
                address = AddressPattern.parse(host);
            } catch (IllegalArgumentException e) {
                throw new FunctionException("http_allow entry '" + text + "': " + e.getMessage());
            }
            entries.add(new Entry(text, address == null ? glob(host.toLowerCase(Locale.ROOT)) : null, address,
                    glob(port)));
        }
        return new HttpAllowList(List.copyOf(entries), resolver);
    }

    /** Why {@code host:port} may not be reached, or null if it may. */
    String refusal(String host, int port) {
        String h = unbracket(host).toLowerCase(Locale.ROOT);
        String p = Integer.toString(port);
        List<Entry> forPort = entries.stream().filter(e -> e.port().matcher(p).matches()).toList();
        if (forPort.isEmpty()) {
            return "it is not in this minion's http_allow list";
        }
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(h);
        } catch (UnknownHostException e) {
            return "its name does not resolve";
        }
        boolean nameAllowed = !AddressPattern.isLiteral(h)
                && forPort.stream().anyMatch(e -> e.name() != null && e.name().matcher(h).matches());
        for (InetAddress a : addresses) {
            boolean listed = forPort.stream().anyMatch(e -> e.address() != null && e.address().matches(a));
            if (special(a) && forPort.stream().noneMatch(e -> e.address() != null && e.address().isExactly(a))) {
                return "it resolves to " + a.getHostAddress() + ", a link-local or metadata address, which only an"
                        + " http_allow entry naming that exact address allows";
            }
            if (!nameAllowed && !listed) {
                return "it resolves to " + a.getHostAddress() + ", which no http_allow address pattern matches";
            }
        }
        return null;
    }

    /**
     * Throws, naming {@code function}, when the URI's {@code host:port} may not be reached; {@code hop} 0 is the
     * destination asked for, a later one a redirect.
     */
    void require(String function, URI uri, int hop) throws FunctionException {
        String refusal = refusal(uri.getHost(), HttpHop.port(uri));
        if (refusal != null) {
            throw new FunctionException(function + ": " + (hop == 0 ? "destination " : "redirect to ")
                    + uri.getHost() + ":" + HttpHop.port(uri) + " refused: " + refusal
                    + (isEmpty() ? " (http_allow is empty, so nothing is allowed)" : ""));
        }
    }

    boolean allows(String host, int port) {
        return refusal(host, port) == null;
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }

    private static boolean special(InetAddress a) {
        return a.isLinkLocalAddress() || METADATA.contains(a.getHostAddress());
    }

    private static String unbracket(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    static Pattern glob(String glob) {
        StringBuilder re = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> re.append(".*");
                case '?' -> re.append('.');
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(re.toString());
    }
}
