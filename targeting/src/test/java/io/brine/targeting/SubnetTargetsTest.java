package io.brine.targeting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SubnetTargetsTest {
    private static final MinionFacts WEB1 = new MinionFacts("web1", Map.of(
            "ipv4", List.of("127.0.0.1", "10.1.2.3"),
            "ipv6", List.of("::1", "fe80::a00:27ff:fe4e:66a1%eth0", "2001:db8:0:1::17")), null);
    private static final MinionFacts SINGLE = new MinionFacts("db1", Map.of("ipv4", "192.168.7.9"), null);
    private static final MinionFacts NO_ADDRESSES = new MinionFacts("db2", Map.of("os", "Debian"), null);

    private static Match match(String expression, String type, MinionFacts facts) {
        return TargetExpression.parse(expression, type, Map.of()).match(facts);
    }

    @Test
    void ipv4NetworkMatchesAnyAddressOfTheMinion() {
        assertEquals(Match.MATCH, match("10.1.0.0/16", "ipcidr", WEB1));
        assertEquals(Match.MATCH, match("S@10.0.0.0/8", "compound", WEB1));
        assertEquals(Match.MATCH, match("0.0.0.0/0", "ipcidr", WEB1));
        assertEquals(Match.NO_MATCH, match("10.2.0.0/16", "ipcidr", WEB1));
        assertEquals(Match.MATCH, match("10.1.2.2/31", "ipcidr", WEB1));
        assertEquals(Match.NO_MATCH, match("10.1.2.4/31", "ipcidr", WEB1));
    }

    @Test
    void singleAddressMatchesExactly() {
        assertEquals(Match.MATCH, match("10.1.2.3", "ipcidr", WEB1));
        assertEquals(Match.NO_MATCH, match("10.1.2.4", "ipcidr", WEB1));
        assertEquals(Match.MATCH, match("2001:db8:0:1:0:0:0:17", "ipcidr", WEB1));
    }

    @Test
    void ipv6NetworksMatchTheIpv6Grain() {
        assertEquals(Match.MATCH, match("2001:db8::/32", "ipcidr", WEB1));
        assertEquals(Match.MATCH, match("S@2001:db8:0:1::/64", "compound", WEB1));
        assertEquals(Match.NO_MATCH, match("2001:db8:0:2::/64", "ipcidr", WEB1));
        assertEquals(Match.MATCH, match("::1/128", "ipcidr", WEB1));
    }

    @Test
    void zoneOfALinkLocalAddressIsIgnored() {
        assertEquals(Match.MATCH, match("fe80::/10", "ipcidr", WEB1));
    }

    @Test
    void familiesNeverMix() {
        assertEquals(Match.NO_MATCH, match("::/0", "ipcidr", SINGLE));
        assertEquals(Match.NO_MATCH, match("::ffff:0:0/96", "ipcidr", SINGLE));
    }

    @Test
    void aScalarAddressGrainCountsAsAListOfOne() {
        assertEquals(Match.MATCH, match("192.168.0.0/16", "ipcidr", SINGLE));
    }

    @Test
    void missingAddressGrainIsAMismatchButUnknownGrainsAreUnknown() {
        assertEquals(Match.NO_MATCH, match("10.0.0.0/8", "ipcidr", NO_ADDRESSES));
        assertEquals(Match.UNKNOWN, match("10.0.0.0/8", "ipcidr", MinionFacts.idOnly("x")));
    }

    @Test
    void subnetNeedsGrains() {
        assertTrue(TargetExpression.parse("S@10.0.0.0/8", "compound", null).needsGrains());
    }
}
