package io.brine.modules.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.modules.Calls;
import java.net.Inet4Address;
import java.net.NetworkInterface;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** network.* checked against what this machine itself says. */
class NetworkFactsTest {
    private static String firstNonLoopbackIpv4() throws Exception {
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (nic.isUp()) {
                for (var a : Collections.list(nic.getInetAddresses())) {
                    if (a instanceof Inet4Address && !a.isLoopbackAddress()) {
                        return a.getHostAddress();
                    }
                }
            }
        }
        return null;
    }

    @Test
    void ipAddrsListsTheAddressesTheInterfacesReport() throws Exception {
        List<?> plain = (List<?>) Calls.call("network.ip_addrs");
        assertTrue(!plain.contains("127.0.0.1"), plain.toString());
        String address = firstNonLoopbackIpv4();
        assumeTrue(address != null, "this machine has no IPv4 address besides loopback");
        assertTrue(plain.contains(address), plain + " lacks " + address);
        List<?> all = (List<?>) Calls.callWith("network.ip_addrs", Map.of("include_loopback", true));
        assertTrue(all.contains("127.0.0.1") && all.contains(address), all.toString());
    }

    /** ip_addrs6, subnets and subnets6, which formulas read from templates: loopback only when asked, CIDR form. */
    @Test
    void ipv6AddressesAndSubnetsAreListedAsSaltListsThem() throws Exception {
        List<?> six = (List<?>) Calls.call("network.ip_addrs6");
        assertTrue(!six.contains("::1"), six.toString());
        List<?> allSix = (List<?>) Calls.callWith("network.ip_addrs6", Map.of("include_loopback", true));
        if (NetworkInterface.getByName("lo").inetAddresses().anyMatch(a -> a instanceof java.net.Inet6Address)) {
            assertTrue(allSix.contains("::1"), allSix.toString());
        }
        List<?> subnets = (List<?>) Calls.call("network.subnets");
        for (Object net : subnets) {
            assertTrue(String.valueOf(net).matches("[0-9.]+/[0-9]{1,2}") && !String.valueOf(net).startsWith("127."),
                    subnets.toString());
        }
        String address = firstNonLoopbackIpv4();
        assumeTrue(address != null, "this machine has no IPv4 address besides loopback");
        assertTrue(!subnets.isEmpty(), "the network of " + address);
        for (Object net : (List<?>) Calls.call("network.subnets6")) {
            assertTrue(String.valueOf(net).contains("/") && !String.valueOf(net).startsWith("fe80"), net.toString());
        }
        assertEquals("::1", NetworkAddresses.text(java.net.InetAddress.getByName("0:0:0:0:0:0:0:1")));
        assertEquals("fe80::1:2:3:4", NetworkAddresses.text(java.net.InetAddress.getByName("fe80:0:0:0:1:2:3:4")));
        assertEquals("2001:db8:0:1::", NetworkAddresses.text(java.net.InetAddress.getByName("2001:db8:0:1::")));
    }

    @Test
    void interfacesDescribeLoopbackAsTheKernelHasIt() throws Exception {
        Map<?, ?> all = (Map<?, ?>) Calls.call("network.interfaces");
        Map<?, ?> lo = (Map<?, ?>) all.get("lo");
        assertEquals(true, lo.get("up"));
        assertEquals("00:00:00:00:00:00", lo.get("hwaddr"));
        assertEquals(List.of(Map.of("address", "127.0.0.1", "netmask", "255.0.0.0", "label", "lo")), lo.get("inet"));
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            assertTrue(all.containsKey(nic.getName()), nic.getName());
        }
        assertEquals("255.255.255.0", NetworkInterfaces.netmask(24));
        assertEquals("0.0.0.0", NetworkInterfaces.netmask(0));
    }
}
