package io.brine.bench.jmh;

import io.brine.targeting.Match;
import io.brine.targeting.MinionFacts;
import io.brine.targeting.TargetExpression;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Resolving a target against a fleet of 10,000 minions with their grains: one operation is one whole pass,
 * which the master makes for every job it publishes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TargetBenchmark {
    private static final int FLEET = 10_000;

    @Param({"glob:web1*", "pcre:web[0-9]+5", "grain:os:Debian", "compound:G@role:db and web*"})
    public String target;

    private TargetExpression expression;
    private List<MinionFacts> fleet;

    @Setup
    public void setUp() {
        int colon = target.indexOf(':');
        expression = TargetExpression.parse(target.substring(colon + 1), target.substring(0, colon), Map.of());
        fleet = new ArrayList<>(FLEET);
        String[] oses = {"Debian", "Ubuntu", "RedHat", "Alpine"};
        for (int i = 0; i < FLEET; i++) {
            fleet.add(new MinionFacts((i % 2 == 0 ? "web" : "db") + i, Map.of("os", oses[i % oses.length],
                    "role", i % 3 == 0 ? "db" : "web", "num_cpus", 2 + i % 8), Map.of()));
        }
    }

    @Benchmark
    public int matchFleet() {
        int matched = 0;
        for (MinionFacts facts : fleet) {
            if (expression.match(facts) == Match.MATCH) {
                matched++;
            }
        }
        return matched;
    }
}
