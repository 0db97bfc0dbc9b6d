package io.brine.master;

import io.brine.jobs.JobState;
import io.brine.jobs.MinionResult;
import io.brine.targeting.TargetType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * How fast the job cache stores returns in a cluster's PostgreSQL (issue 27 asks 20,000 a second in batches): one
 * master's writer, 100,000 returns of 20 jobs of 5,000 minions recorded and flushed per invocation, on the database
 * {@code -Dbrine.bench.pg=postgresql://HOST:PORT/DB} names (user {@code brine}, or {@code PGUSER}; run it against a
 * server with its durable settings, fsync on). The figure is the writer's alone: {@code brine bench --scenario
 * cluster} times the whole path from a cast through the minions to a row another master reads. It lives in the
 * master's package because the cache is not public API. Run:
 * {@code mvn -pl bench test-compile exec:exec@jmh -Djmh.args="JobCachePostgres -f 1 -wi 2 -i 5
 * -jvmArgs -Dbrine.bench.pg=postgresql://127.0.0.1:5432/bench"}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class JobCachePostgresBenchmark {
    private static final int JOBS = 20;
    private static final int MINIONS = 5_000;

    private ClusterDatabase db;
    private JobCache cache;
    private final AtomicLong jids = new AtomicLong();
    private final MinionResult ok = new MinionResult(true, 0, true, Instant.now(), Instant.now());

    @Setup
    public void open() {
        String url = System.getProperty("brine.bench.pg");
        if (url == null) {
            throw new IllegalStateException("name the database: -jvmArgs -Dbrine.bench.pg=postgresql://HOST:PORT/DB");
        }
        db = ClusterDatabase.open(ClusterConfig.of(url, System.getenv().getOrDefault("PGUSER", "brine")));
        cache = JobCache.open(db, work -> new Thread(work, "brine-job-cache-bench"), nanos -> { });
    }

    @Benchmark
    @OperationsPerInvocation(JOBS * MINIONS)
    public long storeReturns() {
        for (int j = 0; j < JOBS; j++) {
            String jid = String.format("2099010100%010d", jids.incrementAndGet());
            cache.recordJob(new JobState(jid, "test.ping", List.of(), Map.of(), "*", TargetType.GLOB, "bench",
                    Instant.now(), Duration.ofSeconds(30), List.of(), List.of(), List.of(), Map.of(), List.of(), null,
                    List.of(), List.of()));
            for (int m = 0; m < MINIONS; m++) {
                cache.recordReturn(jid, "m" + m, ok, () -> { });
            }
        }
        cache.flush();
        return cache.commits();
    }

    @TearDown
    public void close() {
        cache.close();
        db.close();
    }
}
