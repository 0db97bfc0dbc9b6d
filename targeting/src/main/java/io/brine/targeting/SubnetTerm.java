package io.brine.targeting;

import java.util.Collection;
import java.util.List;

/** {@code S@}: any of the minion's addresses (the {@code ipv4} or {@code ipv6} grain) lies in the network. */
record SubnetTerm(String text, Cidr network) implements TargetExpression {

    @Override
    public Match match(MinionFacts facts) {
        if (facts.grains() == null) {
            return Match.UNKNOWN;
        }
        Object addresses = facts.grains().get(network.isV6() ? "ipv6" : "ipv4");
        Collection<?> all = addresses instanceof Collection<?> list ? list
                : addresses == null ? List.of() : List.of(addresses);
        for (Object address : all) {
            byte[] bytes = address == null ? null : IpAddress.parse(withoutZone(address.toString()));
            if (bytes != null && network.contains(bytes)) {
                return Match.MATCH;
            }
        }
        return Match.NO_MATCH;
    }

    /** Link-local grains may carry a zone ({@code fe80::1%eth0}); the zone does not change the address. */
    private static String withoutZone(String address) {
        int percent = address.indexOf('%');
        return percent < 0 ? address : address.substring(0, percent);
    }

    @Override
    public boolean needsGrains() {
        return true;
    }

    @Override
    public boolean needsPillar() {
        return false;
    }

    @Override
    public String toString() {
        return "S@" + text;
    }
}
