package io.brine.master;

import io.brine.targeting.MinionFacts;
import java.util.ArrayList;
import java.util.HashMap;
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
 * The publisher ACL's cost per publish at 10,000 minions: a job whose target resolved to every minion an
 * operator is allowed on (the worst case: each one is checked), for grants by id glob, by grain and by
 * compound expression. It lives in the master's package because the policy is not public API.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class AclBenchmark {
    private static final int FLEET = 10_000;

    @Param({"web*", "G@role:web", "G@role:web and web* or L@db1,db2"})
    public String grant;

    private AccessPolicy policy;
    private Principal alice;
    private List<String> resolved;

    @Setup
    public void setUp() {
        Map<String, Map<String, Object>> grains = new HashMap<>();
        resolved = new ArrayList<>();
        for (int i = 0; i < FLEET; i++) {
            String id = "web" + i;
            grains.put(id, Map.of("role", "web", "os", "Debian"));
            resolved.add(id);
        }
        PublisherAcl acl = PublisherAcl.parse(Map.of("alice", List.of(Map.of("db*", List.of("service.*")),
                Map.of(grant, List.of("test.*", "pkg.version")))), Map.of());
        policy = new AccessPolicy(acl, true, (id, g, p) -> new MinionFacts(id, g ? grains.get(id) : null, null));
        alice = Principal.named("alice", "bench");
    }

    @Benchmark
    public List<String> checkPublish() {
        policy.checkPublish(alice, "test.ping", resolved);
        return resolved;
    }
}
