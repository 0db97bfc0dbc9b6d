package io.brine.modules.network;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.Param;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Salt's {@code network.interfaces}, from {@link NetworkInterface} rather than parsing {@code ip addr}. */
final class NetworkInterfaces implements ExecutionFunction {
    @Override
    public String name() {
        return "network.interfaces";
    }

    @Override
    public String doc() {
        return "Returns every interface by name: up, hwaddr, inet (a list of {address, netmask, broadcast, label}) "
                + "and inet6 (a list of {address, prefixlen, scope}).";
    }

    @Override
    public List<Param> params() {
        return List.of();
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws Exception {
        Map<String, Object> out = new TreeMap<>();
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            out.put(nic.getName(), describe(nic));
        }
        return out;
    }

    private static Map<String, Object> describe(NetworkInterface nic) throws SocketException {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("up", nic.isUp());
        byte[] mac = nic.getHardwareAddress();
        out.put("hwaddr", mac == null ? "00:00:00:00:00:00" : HexFormat.ofDelimiter(":").formatHex(mac));
        List<Map<String, Object>> inet = new ArrayList<>();
        List<Map<String, Object>> inet6 = new ArrayList<>();
        for (InterfaceAddress a : nic.getInterfaceAddresses()) {
            if (a.getAddress() instanceof Inet4Address v4) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("address", v4.getHostAddress());
                entry.put("netmask", netmask(a.getNetworkPrefixLength()));
                if (a.getBroadcast() != null) {
                    entry.put("broadcast", a.getBroadcast().getHostAddress());
                }
                entry.put("label", nic.getName());
                inet.add(entry);
            } else if (a.getAddress() instanceof Inet6Address v6) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("address", plain(v6));
                entry.put("prefixlen", Short.toString(a.getNetworkPrefixLength()));
                entry.put("scope", scope(v6));
                inet6.add(entry);
            }
        }
        out.put("inet", inet);
        out.put("inet6", inet6);
        return out;
    }

    /** The dotted netmask of a prefix length: 24 is 255.255.255.0. */
    static String netmask(int prefix) {
        long mask = prefix == 0 ? 0 : (0xFFFFFFFFL << (32 - prefix)) & 0xFFFFFFFFL;
        return (mask >> 24) + "." + ((mask >> 16) & 255) + "." + ((mask >> 8) & 255) + "." + (mask & 255);
    }

    /** Without the JDK's "%eth0" zone suffix, which Salt does not show. */
    private static String plain(InetAddress a) {
        String text = a.getHostAddress();
        int zone = text.indexOf('%');
        return zone < 0 ? text : text.substring(0, zone);
    }

    private static String scope(Inet6Address a) {
        if (a.isLoopbackAddress()) {
            return "host";
        }
        return a.isLinkLocalAddress() ? "link" : a.isSiteLocalAddress() ? "site" : "global";
    }
}
