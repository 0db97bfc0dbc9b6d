package io.brine.modules.network;

import io.brine.functions.FunctionException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeMap;

/** This machine's interface addresses of one family, as Salt's network functions list and sort them. */
final class NetworkAddresses {
    private NetworkAddresses() {
    }

    /** The interfaces that are up, or the one named (an error naming it when there is none). */
    static List<NetworkInterface> interfaces(String function, String only) throws SocketException,
            FunctionException {
        if (only != null) {
            NetworkInterface nic = NetworkInterface.getByName(only);
            if (nic == null) {
                throw new FunctionException(function + ": no interface named '" + only + "'");
            }
            return List.of(nic);
        }
        List<NetworkInterface> up = new ArrayList<>();
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (nic.isUp()) {
                up.add(nic);
            }
        }
        return up;
    }

    /** Addresses of {@code family} on {@code nics}, sorted as numbers; loopback ones only if asked. */
    static List<String> of(List<NetworkInterface> nics, Class<? extends InetAddress> family, boolean loopback) {
        TreeMap<BigInteger, String> out = new TreeMap<>();
        for (NetworkInterface nic : nics) {
            for (InterfaceAddress a : nic.getInterfaceAddresses()) {
                InetAddress address = a.getAddress();
                if (family.isInstance(address) && (loopback || !address.isLoopbackAddress())) {
                    out.put(new BigInteger(1, address.getAddress()), text(address));
                }
            }
        }
        return List.copyOf(out.values());
    }

    /**
     * The networks ({@code 10.0.0.0/24}) of {@code family} on the non-loopback interfaces that are up, sorted, as
     * Salt's {@code network.subnets} and {@code subnets6} give them (IPv6 link-local ones left out, as Salt does).
     */
    static List<String> subnets(List<NetworkInterface> nics, Class<? extends InetAddress> family) {
        java.util.TreeSet<String> out = new java.util.TreeSet<>();
        for (NetworkInterface nic : nics) {
            for (InterfaceAddress a : nic.getInterfaceAddresses()) {
                InetAddress address = a.getAddress();
                if (family.isInstance(address) && !address.isLoopbackAddress() && !address.isLinkLocalAddress()) {
                    out.add(network(address, a.getNetworkPrefixLength()));
                }
            }
        }
        return List.copyOf(out);
    }

    private static String network(InetAddress address, int prefix) {
        byte[] bytes = address.getAddress();
        for (int bit = prefix; bit < bytes.length * 8; bit++) {
            bytes[bit / 8] &= (byte) ~(0x80 >>> (bit % 8));
        }
        try {
            return text(InetAddress.getByAddress(bytes)) + "/" + prefix;
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e); // a 4- or 16-byte address always makes one
        }
    }

    /** An address as Salt writes it: IPv6 compressed, without a scope. */
    static String text(InetAddress address) {
        String plain = address.getHostAddress().replaceFirst("%.*$", "");
        if (!plain.contains(":")) {
            return plain;
        }
        String[] groups = plain.split(":");
        int bestAt = -1;
        int bestLength = 1;
        for (int i = 0; i < groups.length; i++) {
            int j = i;
            while (j < groups.length && groups[j].equals("0")) {
                j++;
            }
            if (j - i > bestLength) {
                bestAt = i;
                bestLength = j - i;
            }
        }
        if (bestAt < 0) {
            return plain;
        }
        String head = String.join(":", java.util.Arrays.copyOfRange(groups, 0, bestAt));
        String tail = String.join(":", java.util.Arrays.copyOfRange(groups, bestAt + bestLength, groups.length));
        return head + "::" + tail;
    }
}
