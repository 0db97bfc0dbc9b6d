package io.brine.modules.http;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionException;
import java.util.List;
import org.junit.jupiter.api.Test;

class HttpAllowListTest {
    @Test
    void anExactEntryAllowsOnlyThatHostAndPort() throws Exception {
        HttpAllowList list = HttpAllowList.parse(List.of("127.0.0.1:8080"));
        assertTrue(list.allows("127.0.0.1", 8080));
        assertFalse(list.allows("127.0.0.1", 8081));
        assertFalse(list.allows("127.0.0.10", 8080));
    }

    @Test
    void globsMatchHostsCaseInsensitivelyAndAnyPort() throws Exception {
        HttpAllowList list = HttpAllowList.parse(List.of("*.internal:443", "metadata:*"), fakeDns());
        assertTrue(list.allows("DB.Internal", 443));
        assertTrue(list.allows("a.b.internal", 443));
        assertFalse(list.allows("internal", 443));
        assertFalse(list.allows("db.internal.example.com", 443));
        assertTrue(list.allows("metadata", 80));
    }

    @Test
    void ipv6HostsAreWrittenInBrackets() throws Exception {
        HttpAllowList list = HttpAllowList.parse(List.of("[::1]:8080"));
        assertTrue(list.allows("[::1]", 8080));
        assertTrue(list.allows("::1", 8080));
    }

    /** Issue 11, finding 16: a glob 10.0.0.* admitted a host name that resolves to 127.0.0.1. */
    @Test
    void addressPatternsAreMatchedAgainstWhatTheNameResolvesTo() throws Exception {
        HttpAllowList list = HttpAllowList.parse(List.of("10.0.0.*:80", "192.168.1.0/24:443"), fakeDns());
        assertFalse(list.allows("sneaky.example", 80), "a name resolving to 127.0.0.1 is not in 10.0.0.*");
        assertTrue(list.allows("db.example", 80));
        assertTrue(list.allows("10.0.0.9", 80));
        assertTrue(list.allows("web.example", 443));
        assertFalse(list.allows("split.example", 443), "every address a name resolves to must be allowed");
    }

    @Test
    void linkLocalAndMetadataAddressesNeedAnEntryNamingThem() throws Exception {
        HttpAllowList any = HttpAllowList.parse(List.of("*:*"), fakeDns());
        for (String host : List.of("169.254.169.254", "metadata.example", "169.254.10.1", "[fe80::1]", "100.100.100.200")) {
            assertTrue(any.refusal(host, 80).contains("link-local or metadata"), host);
        }
        assertTrue(any.allows("db.example", 80), "everything else still is allowed by *:*");
        assertTrue(HttpAllowList.parse(List.of("169.254.169.254:80"), fakeDns()).allows("metadata.example", 80));
        assertFalse(HttpAllowList.parse(List.of("169.254.0.0/16:80"), fakeDns()).allows("169.254.169.254", 80),
                "a network is not an entry naming the address");
    }

    private static HttpAllowList.Resolver fakeDns() {
        java.util.Map<String, String[]> zone = java.util.Map.of("sneaky.example", new String[] {"127.0.0.1"},
                "db.example", new String[] {"10.0.0.7"}, "web.example", new String[] {"192.168.1.20"},
                "split.example", new String[] {"192.168.1.20", "127.0.0.1"},
                "metadata.example", new String[] {"169.254.169.254"});
        return host -> {
            // any other name stands for an ordinary private address; an address stands for itself
            String[] addresses = zone.getOrDefault(host,
                    new String[] {host.matches("[0-9.:a-f]+") ? host : "10.9.9.9"});
            java.net.InetAddress[] out = new java.net.InetAddress[addresses.length];
            for (int i = 0; i < addresses.length; i++) {
                out[i] = java.net.InetAddress.getByName(addresses[i]); // literals only: no DNS in the test
            }
            return out;
        };
    }

    @Test
    void anAbsentListAllowsNothing() throws Exception {
        assertFalse(HttpAllowList.parse(null).allows("127.0.0.1", 80));
        assertTrue(HttpAllowList.parse(null).isEmpty());
    }

    @Test
    void anEntryWithoutAPortIsRejectedNamingIt() {
        FunctionException e = assertThrows(FunctionException.class,
                () -> HttpAllowList.parse(List.of("127.0.0.1:80", "example.com")));
        assertTrue(e.getMessage().contains("'example.com'"), e.getMessage());
    }

    @Test
    void aValueThatIsNotAListIsRejected() {
        assertThrows(FunctionException.class, () -> HttpAllowList.parse("127.0.0.1:80"));
    }
}
