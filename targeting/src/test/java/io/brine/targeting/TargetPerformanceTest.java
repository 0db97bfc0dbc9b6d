package io.brine.targeting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Targets over a large fleet: decided for every minion, and correctly (speed is measured by the benchmarks). */
class TargetPerformanceTest {

    private static List<MinionFacts> fleet(int size) {
        List<MinionFacts> fleet = new ArrayList<>();
        String[] kinds = {"web", "db", "canary-web", "cache"};
        for (int i = 0; i < size; i++) {
            Map<String, Object> grains = Map.of(
                    "os", i % 3 == 0 ? "Debian" : "RedHat",
                    "ipv4", List.of("127.0.0.1", "10." + (i % 4) + "." + (i / 256 % 256) + "." + (i % 256)),
                    "roles", List.of("base", kinds[i % 4]));
            fleet.add(new MinionFacts(kinds[i % 4] + i, i % 97 == 0 ? null : grains, Map.of("tier", "prod")));
        }
        return fleet;
    }

    /**
     * A compound target over 10,000 minions, unknown grains among them, is decided for every one without failing.
     * How fast is the benchmarks' question (a timed unit test fails on a loaded machine: this one did, at 66 ms).
     */
    @Test
    void aCompoundTargetIsDecidedForTenThousandMinions() {
        List<MinionFacts> fleet = fleet(10_000);
        TargetExpression target = TargetExpression.parse(
                "G@os:Debian and web* or L@db1,db2 and not E@canary-.* or (S@10.1.0.0/16 and G@roles:c*"
                        + " and I@tier:prod)", "compound", Map.of());
        int matched = 0;
        int unknown = 0;
        for (MinionFacts minion : fleet) {
            Match m = target.match(minion);
            matched += m == Match.MATCH ? 1 : 0;
            unknown += m == Match.UNKNOWN ? 1 : 0;
        }
        assertTrue(matched > 0 && unknown > 0, matched + " matched, " + unknown + " unknown");
    }

    @Test
    void theFleetIsSelectedCorrectlyNotJustQuickly() {
        List<MinionFacts> fleet = fleet(400);
        TargetExpression target = TargetExpression.parse("G@os:Debian and web*", "compound", null);
        long expected = fleet.stream().filter(m -> m.id().startsWith("web") && m.grains() != null
                && m.grains().get("os").equals("Debian")).count();
        long matched = fleet.stream().filter(m -> target.match(m) == Match.MATCH).count();
        assertEquals(expected, matched);
    }
}
