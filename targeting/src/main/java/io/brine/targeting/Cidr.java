package io.brine.targeting;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/** An IPv4 or IPv6 network ({@code 10.1.0.0/16}, {@code fd00::/8}); a bare address is a /32 or /128. */
final class Cidr {
    private final byte[] network;
    private final int prefixLength;

    private Cidr(byte[] network, int prefixLength) {
        this.network = network;
        this.prefixLength = prefixLength;
    }

    /** @throws IllegalArgumentException naming what is wrong; host bits set count as wrong, as in Python's ipaddress */
    static Cidr parse(String text) {
        int slash = text.indexOf('/');
        String address = slash < 0 ? text : text.substring(0, slash);
        byte[] bytes = IpAddress.parse(address);
        if (bytes == null) {
            throw new IllegalArgumentException("'" + address + "' is not an IPv4 or IPv6 address");
        }
        int bits = bytes.length * 8;
        int prefix = slash < 0 ? bits : prefixLength(text.substring(slash + 1), bits);
        Cidr cidr = new Cidr(bytes, prefix);
        byte[] masked = cidr.masked(bytes);
        if (!Arrays.equals(masked, bytes)) {
            throw new IllegalArgumentException(
                    "host bits are set; did you mean " + format(masked) + "/" + prefix + "?");
        }
        return cidr;
    }

    private static int prefixLength(String text, int bits) {
        if (text.isEmpty() || text.length() > 3 || !text.chars().allMatch(c -> c >= '0' && c <= '9')
                || Integer.parseInt(text) > bits) {
            throw new IllegalArgumentException("prefix length must be 0 to " + bits + ", not '" + text + "'");
        }
        return Integer.parseInt(text);
    }

    boolean isV6() {
        return network.length == 16;
    }

    /** Whether the address (4 or 16 bytes) lies in this network; the other family never does. */
    boolean contains(byte[] address) {
        return address.length == network.length && Arrays.equals(masked(address), network);
    }

    private byte[] masked(byte[] address) {
        byte[] out = address.clone();
        for (int i = 0; i < out.length; i++) {
            int keep = Math.max(0, Math.min(8, prefixLength - 8 * i));
            out[i] &= (byte) (0xff << (8 - keep));
        }
        return out;
    }

    private static String format(byte[] address) {
        try {
            return InetAddress.getByAddress(address).getHostAddress(); // from bytes: no lookup
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e); // only for a wrong length, which parse rules out
        }
    }

    @Override
    public String toString() {
        return format(network) + "/" + prefixLength;
    }
}
