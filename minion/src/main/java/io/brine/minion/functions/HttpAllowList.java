package io.brine.minion.functions;

import io.brine.minion.function.FunctionException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The destinations {@code http.query} may reach: {@code host:port} patterns where {@code *} and {@code ?}
 * are globs ({@code 127.0.0.1:8080}, {@code *.internal:443}, {@code [::1]:*}). Hosts are compared as
 * written in the URL, case-insensitively, never after a DNS lookup. An empty list allows nothing.
 */
final class HttpAllowList {
    private final List<Pattern> hosts;
    private final List<Pattern> ports;

    private HttpAllowList(List<Pattern> hosts, List<Pattern> ports) {
        this.hosts = hosts;
        this.ports = ports;
    }

    /** Parses the configured value: absent (allows nothing) or a list of {@code host:port} strings. */
    static HttpAllowList parse(Object configured) throws FunctionException {
        if (configured == null) {
            return new HttpAllowList(List.of(), List.of());
        }
        if (!(configured instanceof List<?> entries)) {
            throw new FunctionException("http_allow must be a list of host:port patterns, got " + configured);
        }
        List<Pattern> hosts = new ArrayList<>();
        List<Pattern> ports = new ArrayList<>();
        for (Object entry : entries) {
            String text = String.valueOf(entry).trim();
            int colon = text.lastIndexOf(':');
            String host = colon < 0 ? "" : unbracket(text.substring(0, colon));
            String port = colon < 0 ? "" : text.substring(colon + 1);
            if (host.isEmpty() || !port.matches("\\*|[0-9]{1,5}")) {
                throw new FunctionException("http_allow entry '" + text + "' must be host:port, such as "
                        + "'127.0.0.1:8080', '*.internal:443' or '[::1]:*'");
            }
            hosts.add(glob(host.toLowerCase(Locale.ROOT)));
            ports.add(glob(port));
        }
        return new HttpAllowList(List.copyOf(hosts), List.copyOf(ports));
    }

    boolean allows(String host, int port) {
        String h = unbracket(host).toLowerCase(Locale.ROOT);
        String p = Integer.toString(port);
        for (int i = 0; i < hosts.size(); i++) {
            if (hosts.get(i).matcher(h).matches() && ports.get(i).matcher(p).matches()) {
                return true;
            }
        }
        return false;
    }

    boolean isEmpty() {
        return hosts.isEmpty();
    }

    private static String unbracket(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    private static Pattern glob(String glob) {
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
