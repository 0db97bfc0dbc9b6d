package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobState;
import io.brine.jobs.MinionOutcome;
import io.brine.targeting.TargetType;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobCacheTest {
    @TempDir
    Path dir;

    private static JobState job(String jid, String function, String caller, long start) {
        return new JobState(jid, function, List.of("a", 1L), Map.of("k", "v"), "web*", TargetType.GLOB, caller,
                Instant.ofEpochMilli(start), Duration.ofSeconds(5), List.of("web1", "web2"), List.of("web2"),
                List.of(), Map.of(), List.of(), null, List.of(), List.of());
    }

    private static String jid(long n) {
        return String.format("2026112200%010d", n);
    }

    @Test
    void jobsAndReturnsSurviveReopeningTheCache() {
        try (JobCache cache = JobCache.open(dir)) {
            cache.recordJob(job(jid(1), "cmd.run", "local", 1000));
            cache.recordAck(jid(1), "web1");
            cache.recordReturn(jid(1), "web1", TestJobs.ok(Map.of("stdout", "hi"), 1001, 1002));
        }
        try (JobCache cache = JobCache.open(dir)) {
            JobState r = cache.find(jid(1)).orElseThrow();
            assertEquals("cmd.run", r.function());
            assertEquals(List.of("web2"), r.unreachable());
            assertEquals(Map.of("stdout", "hi"), r.returns().get("web1").ret());
            assertEquals(Map.of("web2", MinionOutcome.NOT_CONNECTED), r.missingOutcomes(Instant.now()));
        }
    }

    /**
     * What a return for a job no longer live is checked against: the job's row and that return alone. A second
     * copy that comes while the first waits to be written is acknowledged only once the first is on disk.
     */
    @Test
    void aLateReturnIsCheckedAgainstItsJobAndACopyIsAcknowledgedOnlyOnceTheFirstIsWritten() {
        try (JobCache cache = JobCache.open(dir)) {
            cache.recordJob(job(jid(7), "test.ping", "alice", 1234));
            cache.flush();
            assertEquals(java.util.Optional.empty(), cache.lateJob(jid(8), "web1"), "a job the cache does not know");
            assertEquals(new JobCache.LateJob("alice", 1234, true, false), cache.lateJob(jid(7), "web1").orElseThrow());
            assertEquals(false, cache.lateJob(jid(7), "db1").orElseThrow().expects(), "not sent to db1");

            assertTrue(cache.claimReturn(jid(7), "web1", () -> { }), "the first copy is claimed");
            java.util.concurrent.atomic.AtomicBoolean acked = new java.util.concurrent.atomic.AtomicBoolean();
            assertEquals(false, cache.claimReturn(jid(7), "web1", () -> acked.set(true)), "the second is not");
            assertEquals(false, acked.get(), "nor acknowledged while the first is not written");
            cache.recordReturn(jid(7), "web1", TestJobs.ok(true, 1, 2));
            cache.flush();
            assertTrue(acked.get(), "acknowledged once the first is on disk");
            assertTrue(cache.lateJob(jid(7), "web1").orElseThrow().returned());
            assertTrue(cache.claimReturn(jid(7), "web1", () -> { }), "claims end with the write; the row tells");

            java.util.concurrent.atomic.AtomicBoolean now = new java.util.concurrent.atomic.AtomicBoolean();
            cache.whenReturnWritten(jid(7), "web2", () -> now.set(true));
            assertTrue(now.get(), "nothing waits to be written for web2: at once");
        }
    }

    @Test
    void aHundredThousandJobsAreStoredFilteredAndPrunedByCount() {
        try (JobCache cache = JobCache.open(dir)) {
            long started = System.nanoTime();
            for (long n = 1; n <= 100_000; n++) {
                cache.recordJob(job(jid(n), n % 10 == 0 ? "cmd.run" : "test.ping", n % 2 == 0 ? "alice" : "bob", n));
            }
            cache.flush();
            long stored = System.nanoTime();
            List<JobOverview> latest = cache.recent(JobFilter.latest(50));
            long listed = System.nanoTime();
            List<JobOverview> filtered = cache.recent(new JobFilter(20, "cmd.run", null, "alice", 99_000));
            long filteredAt = System.nanoTime();
            System.out.printf("job cache: stored 100,000 jobs in %d ms; listed 50 newest in %.1f ms; "
                    + "filtered in %.1f ms%n", (stored - started) / 1_000_000, (listed - stored) / 1e6,
                    (filteredAt - listed) / 1e6);
            assertEquals(50, latest.size());
            assertEquals(jid(100_000), latest.get(0).jid());
            assertEquals(jid(99_951), latest.get(49).jid());
            assertEquals(2, latest.get(0).expectedCount());
            assertEquals(20, filtered.size());
            filtered.forEach(j -> assertTrue(j.function().equals("cmd.run") && j.caller().equals("alice")
                    && j.startTime().toEpochMilli() >= 99_000));
            assertEquals(99_900, cache.pruneToCount(100));
            assertEquals(100, cache.recent(JobFilter.latest(1000)).size());
            assertEquals(jid(99_901), cache.recent(JobFilter.latest(1000)).get(99).jid());
        }
    }

    @Test
    void pruningByAgeDropsOldJobsWithTheirReturns() {
        try (JobCache cache = JobCache.open(dir)) {
            cache.recordJob(job(jid(1), "test.ping", "x", 1000));
            cache.recordReturn(jid(1), "web1", TestJobs.ok(true, 1, 2));
            cache.recordJob(job(jid(2), "test.ping", "x", 5000));
            assertEquals(1, cache.prune(2000));
            assertTrue(cache.find(jid(1)).isEmpty());
            assertTrue(cache.find(jid(2)).isPresent());
        }
    }

    @Test
    void recordsArrivingOneByOneAreGatheredIntoFewTransactionsAndAFlushDoesNotWaitForTheGathering()
            throws InterruptedException {
        try (JobCache cache = JobCache.open(dir)) {
            // a job and its return every millisecond for about 0.2 s, as a master answering quick calls writes them
            for (long n = 1; n <= 200; n++) {
                cache.recordJob(job(jid(n), "test.ping", "x", n));
                cache.recordReturn(jid(n), "web1", TestJobs.ok(true, n, n + 1));
                Thread.sleep(1);
            }
            cache.flush();
            long commits = cache.commits();
            assertTrue(commits <= 40, "400 records in " + commits + " transactions");
            // a read right after a write sees it, whatever the gathering
            cache.recordJob(job(jid(999), "cmd.run", "y", 999));
            assertEquals("cmd.run", cache.find(jid(999)).orElseThrow().function());
        }
    }
}
