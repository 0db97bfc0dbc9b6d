package io.brine.targeting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GrainTargetsTest {
    private static final Map<String, Object> GRAINS = Map.of(
            "os", "Debian",
            "osfullname", "Debian GNU/Linux",
            "num_cpus", 4,
            "virtual", false,
            "roles", List.of("web", "cache"),
            "ip_interfaces", Map.of("eth0", List.of("10.1.2.3", "fe80::1"), "lo", List.of("127.0.0.1")),
            "ipv6", List.of("::1", "fe80::1"),
            "disks", List.of(Map.of("name", "sda", "size", 100), Map.of("name", "sdb")),
            "odd:key", "yes");
    private static final Map<String, Object> PILLAR = Map.of(
            "role", "web",
            "app", Map.of("version", "2.3.1", "tiers", List.of("front", "api")));
    private static final MinionFacts WEB1 = new MinionFacts("web1", GRAINS, PILLAR);

    private static Match match(String expression, String type) {
        return TargetExpression.parse(expression, type, Map.of()).match(WEB1);
    }

    private static boolean matches(String expression, String type) {
        return match(expression, type) == Match.MATCH;
    }

    @Test
    void grainValueIsAGlob() {
        assertTrue(matches("os:Debian", "grain"));
        assertTrue(matches("os:Deb*", "grain"));
        assertTrue(matches("G@os:Deb?an", "compound"));
        assertFalse(matches("os:RedHat", "grain"));
    }

    @Test
    void grainValuesCompareCaseInsensitivelyAsInSalt() {
        assertTrue(matches("os:debian", "grain"));
        assertTrue(matches("os:DEB.*", "grain_pcre"));
    }

    @Test
    void grainKeysAreCaseSensitive() {
        assertEquals(Match.NO_MATCH, match("OS:Debian", "grain"));
    }

    @Test
    void missingGrainIsAMismatchNotUnknown() {
        assertEquals(Match.NO_MATCH, match("kernel:Linux", "grain"));
        assertEquals(Match.NO_MATCH, match("os:Debian:extra", "grain"));
    }

    @Test
    void nestedKeysAreJoinedWithColons() {
        assertTrue(matches("G@ip_interfaces:eth0:10.*", "compound"));
        assertTrue(matches("ip_interfaces:lo:127.0.0.1", "grain"));
        assertFalse(matches("ip_interfaces:lo:10.*", "grain"));
    }

    @Test
    void listValuedGrainMatchesIfAnyElementMatches() {
        assertTrue(matches("G@roles:cache", "compound"));
        assertTrue(matches("G@roles:w*", "compound"));
        assertFalse(matches("G@roles:db", "compound"));
    }

    @Test
    void valuesMayContainColonsBecauseEverySplitIsTried() {
        assertTrue(matches("ipv6:fe80::1", "grain"));
        assertTrue(matches("ip_interfaces:eth0:fe80::1", "grain"));
        assertTrue(matches("G@ipv6:::1", "compound"));
    }

    @Test
    void numbersAndBooleansCompareAsStrings() {
        assertTrue(matches("num_cpus:4", "grain"));
        assertTrue(matches("num_cpus:[2-8]", "grain"));
        assertTrue(matches("virtual:false", "grain"));
        assertTrue(matches("virtual:False", "grain"));
        assertTrue(matches("num_cpus:\\d", "grain_pcre"));
    }

    @Test
    void aMapValueMatchesOnlyTheWildcardWhichTestsThatTheKeyExists() {
        assertTrue(matches("ip_interfaces:*", "grain"));
        assertTrue(matches("ip_interfaces:.*", "grain_pcre"));
        assertFalse(matches("ip_interfaces:eth0", "grain"));
        assertFalse(matches("nonexistent:*", "grain"));
    }

    @Test
    void listsAreIndexedByNumberOrSearchedForMapsHoldingTheKey() {
        assertTrue(matches("roles:1:cache", "grain"));
        assertFalse(matches("roles:0:cache", "grain"));
        assertFalse(matches("roles:9:cache", "grain"));
        assertTrue(matches("disks:name:sda", "grain"));
        assertTrue(matches("disks:size:100", "grain"));
        assertTrue(matches("disks:1:name:sdb", "grain"));
        assertTrue(matches("disks:size", "grain"), "a map in a list matches a key it holds");
        assertFalse(matches("disks:sdb", "grain"), "but not a value it holds");
    }

    @Test
    void escapedColonBelongsToTheKey() {
        assertTrue(matches("odd\\:key:yes", "grain"));
        assertTrue(matches("G@odd\\:key:y*", "compound"));
    }

    @Test
    void escapedSpaceKeepsAValueWithBlanksInOneWord() {
        assertTrue(matches("G@osfullname:Debian\\ GNU/*", "compound"));
        assertTrue(matches("osfullname:Debian GNU/*", "grain"));
        assertTrue(matches("P@osfullname:debian\\ gnu.*", "compound"));
    }

    @Test
    void grainPcreMatchesTheWholeValue() {
        assertTrue(matches("P@os:(Debian|Ubuntu)", "compound"));
        assertFalse(matches("P@os:Deb", "compound"));
        assertTrue(matches("P@ip_interfaces:eth0:10\\.1\\..*", "compound"));
    }

    @Test
    void pillarWorksLikeGrainsOnThePillar() {
        assertTrue(matches("role:web", "pillar"));
        assertTrue(matches("I@app:version:2.*", "compound"));
        assertTrue(matches("I@app:tiers:api", "compound"));
        assertFalse(matches("I@os:Debian", "compound"), "grains are not pillar");
        assertTrue(matches("J@app:version:2\\.3\\.\\d+", "compound"));
        assertTrue(matches("app:version:2\\.\\d.*", "pillar_pcre"));
    }

    @Test
    void factTermsSayWhatTheyNeed() {
        TargetExpression grains = TargetExpression.parse("G@os:x or P@os:y", "compound", null);
        assertTrue(grains.needsGrains());
        assertFalse(grains.needsPillar());
        TargetExpression pillar = TargetExpression.parse("web* and not J@role:x", "compound", null);
        assertFalse(pillar.needsGrains());
        assertTrue(pillar.needsPillar());
        assertTrue(TargetExpression.parse("role:web", "pillar", null).needsPillar());
    }
}
