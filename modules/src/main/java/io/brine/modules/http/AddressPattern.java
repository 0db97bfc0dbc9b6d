package io.brine.modules.http;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/**
 * An {@code http_allow} host written as an address: one address ({@code 10.0.0.5}, {@code fd00::1}), an IPv4 glob
 * ({@code 10.0.0.*}) or a network ({@code 10.0.0.0/24}, {@code fd00::/8}). Matched against resolved addresses.
 */
final class AddressPattern {
    private static final Pattern IPV4_GLOB = Pattern.compile("[0-9*?]{1,3}(\\.[0-9*?]{1,3}){3}");

    private final byte[] network;
    private final int prefix;
    private final Pattern glob;

    private AddressPattern(byte[] network, int prefix, Pattern glob) {
        this.network = network;
        this.prefix = prefix;
        this.glob = glob;
    }

    /** The pattern {@code host} stands for, or null when it is a name. */
    static AddressPattern parse(String host) {
        int slash = host.indexOf('/');
        String base = slash < 0 ? host : host.substring(0, slash);
        if (IPV4_GLOB.matcher(base).matches() && (base.contains("*") || base.contains("?")) && slash < 0) {
            return new AddressPattern(null, 0, HttpAllowList.glob(base));
        }
        if (!isLiteral(base)) {
            return null;
        }
        byte[] bytes = literal(base);
        int bits = bytes.length * 8;
        int prefix = slash < 0 ? bits : Integer.parseInt(host.substring(slash + 1));
        if (prefix < 0 || prefix > bits) {
            throw new IllegalArgumentException("prefix /" + prefix + " does not fit " + base);
        }
        return new AddressPattern(bytes, prefix, null);
    }

    /** True for an IPv4 dotted quad or an IPv6 address (which the JDK parses without DNS). */
    static boolean isLiteral(String host) {
        return host.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}") || (host.contains(":") && host.matches("[0-9a-fA-F:.]+"));
    }

    boolean matches(InetAddress a) {
        if (glob != null) {
            return a.getAddress().length == 4 && glob.matcher(a.getHostAddress()).matches();
        }
        byte[] b = a.getAddress();
        if (b.length != network.length) {
            return false;
        }
        for (int i = 0; i < prefix; i++) {
            int mask = 0x80 >>> (i % 8);
            if ((b[i / 8] & mask) != (network[i / 8] & mask)) {
                return false;
            }
        }
        return true;
    }

    /** This pattern names exactly {@code a}: the only way to allow a link-local or metadata address. */
    boolean isExactly(InetAddress a) {
        return glob == null && prefix == network.length * 8 && matches(a);
    }

    private static byte[] literal(String host) {
        try {
            return InetAddress.getByName(host).getAddress(); // a literal: parsed, never looked up
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an address: " + host, e);
        }
    }
}
