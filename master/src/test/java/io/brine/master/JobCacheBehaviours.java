package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobState;
import io.brine.jobs.MinionOutcome;
import io.brine.targeting.TargetType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a job cache does whatever its database: each test class opens caches on one database of its own
 * ({@link JobCacheTest}: a SQLite file; {@link JobCachePostgresTest}: a PostgreSQL database).
 */
interface JobCacheBehaviours {
    /** A new job cache on this test's database, on what earlier ones wrote there; the test closes it. */
    JobCache open();

    /** How many jobs the listing test records: as many as this database takes in a second or two. */
    int manyJobs();

    static JobState job(String jid, String function, String caller, long start) {
        return new JobState(jid, function, List.of("a", 1L), Map.of("k", "v"), "web*", TargetType.GLOB, caller,
                Instant.ofEpochMilli(start), Duration.ofSeconds(5), List.of("web1", "web2"), List.of("web2"),
                List.of(), Map.of(), List.of(), null, List.of(), List.of());
    }

    static String jid(long n) {
        return String.format("2026112200%010d", n);
    }

    @Test
    default void jobsAndReturnsSurviveReopeningTheCache() {
        try (JobCache cache = open()) {
            cache.recordJob(job(jid(1), "cmd.run", "local", 1000));
            cache.recordAck(jid(1), "web1");
            cache.recordReturn(jid(1), "web1", TestJobs.ok(Map.of("stdout", "hi"), 1001, 1002));
        }
        try (JobCache cache = open()) {
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
    default void aLateReturnIsCheckedAgainstItsJobAndACopyIsAcknowledgedOnlyOnceTheFirstIsWritten() {
        try (JobCache cache = open()) {
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
    default void aJobWrittenAgainIsReadAgainByLateReturnsNotTakenFromWhatWasRemembered() {
        try (JobCache cache = open()) {
            JobState first = job(jid(21), "test.ping", "alice", 1234); // expects web1 and web2
            cache.recordJob(first);
            cache.flush();
            assertEquals(false, cache.lateJob(jid(21), "web3").orElseThrow().expects());
            // an orphan's record widens to a minion it did not expect (OrphanReturns)
            java.util.List<String> wider = new java.util.ArrayList<>(first.expected());
            wider.add("web3");
            cache.recordJob(new JobState(first.jid(), first.function(), first.args(), first.kwargs(), first.target(),
                    first.targetType(), first.caller(), first.startTime(), first.timeout(), wider,
                    first.unreachable(), first.acknowledged(), first.returns(), first.unknown(), first.queueUntil(),
                    first.disconnected(), first.killed()));
            cache.flush();
            assertEquals(true, cache.lateJob(jid(21), "web3").orElseThrow().expects(), "the job as written now");
        }
    }

    @Test
    default void manyJobsAreStoredFilteredAndPrunedByCount() {
        int n = manyJobs();
        try (JobCache cache = open()) {
            long started = System.nanoTime();
            for (long i = 1; i <= n; i++) {
                cache.recordJob(job(jid(i), i % 10 == 0 ? "cmd.run" : "test.ping", i % 2 == 0 ? "alice" : "bob", i));
            }
            cache.flush();
            long stored = System.nanoTime();
            List<JobOverview> latest = cache.recent(JobFilter.latest(50));
            long listed = System.nanoTime();
            List<JobOverview> filtered = cache.recent(new JobFilter(20, "cmd.run", null, "alice", n - 1_000));
            long filteredAt = System.nanoTime();
            System.out.printf("job cache (%s): stored %,d jobs in %d ms; listed 50 newest in %.1f ms; "
                    + "filtered in %.1f ms%n", getClass().getSimpleName(), n, (stored - started) / 1_000_000,
                    (listed - stored) / 1e6, (filteredAt - listed) / 1e6);
            assertEquals(50, latest.size());
            assertEquals(jid(n), latest.get(0).jid());
            assertEquals(jid(n - 49), latest.get(49).jid());
            assertEquals(2, latest.get(0).expectedCount());
            assertEquals(20, filtered.size());
            filtered.forEach(j -> assertTrue(j.function().equals("cmd.run") && j.caller().equals("alice")
                    && j.startTime().toEpochMilli() >= n - 1_000));
            assertEquals(n - 100, cache.pruneToCount(100));
            assertEquals(100, cache.recent(JobFilter.latest(1000)).size());
            assertEquals(jid(n - 99), cache.recent(JobFilter.latest(1000)).get(99).jid());
        }
    }

    @Test
    default void pruningByAgeDropsOldJobsWithTheirReturns() {
        try (JobCache cache = open()) {
            cache.recordJob(job(jid(1), "test.ping", "x", 1000));
            cache.recordReturn(jid(1), "web1", TestJobs.ok(true, 1, 2));
            cache.recordJob(job(jid(2), "test.ping", "x", 5000));
            cache.flush();
            assertTrue(cache.lateJob(jid(1), "web2").orElseThrow().expects(), "its facts now remembered");
            assertEquals(1, cache.prune(2000));
            assertTrue(cache.find(jid(1)).isEmpty());
            assertTrue(cache.find(jid(2)).isPresent());
            assertTrue(cache.lateJob(jid(1), "web2").isEmpty(), "a pruned job's late return is not wanted");
        }
    }

    @Test
    default void recordsArrivingOneByOneAreGatheredIntoFewTransactionsAndAFlushDoesNotWaitForTheGathering()
            throws InterruptedException {
        try (JobCache cache = open()) {
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

    @Test
    default void mineEntriesAreReplacedDeletedFlushedAndDroppedWithTheirKey() throws java.sql.SQLException {
        try (JobCache cache = open()) {
            cache.mineUpdate("web1", Map.of("network.ip_addrs", List.of("10.0.0.1"), "grains.items",
                    Map.of("os", "Debian")), List.of(), false, 1);
            cache.mineUpdate("web2", Map.of("network.ip_addrs", List.of("10.0.0.2")), List.of(), false, 1);
            cache.mineUpdate("web1", Map.of("network.ip_addrs", List.of("10.0.0.9")), List.of(), false, 2);
            assertEquals(Map.of("web1", List.of("10.0.0.9"), "web2", List.of("10.0.0.2")),
                    cache.mineValues("network.ip_addrs"), "an update replaces that function's value");
            cache.mineUpdate("web1", Map.of(), List.of("grains.items"), false, 3);
            assertEquals(List.of("network.ip_addrs"), cache.mineFunctions("web1"));
            cache.mineUpdate("web2", Map.of("test.ping", true), List.of(), true, 3);
            assertEquals(List.of("test.ping"), cache.mineFunctions("web2"), "a flush drops what was there first");
        }
        try (JobCache cache = open()) {
            assertEquals(Map.of("web1", List.of("10.0.0.9")), cache.mineValues("network.ip_addrs"), "kept on disk");
            assertTrue(cache.mineForget("web1"));
            assertEquals(Map.of(), cache.mineValues("network.ip_addrs"));
            assertTrue(cache.mineKeepOnly(List.of("web1")));
            assertEquals(List.of(), cache.mineFunctions("web2"), "a key deleted while no master ran");
        }
    }

    @Test
    default void aMinionCannotGrowItsMineBeyondItsBoundAndARefusedUpdateStoresNothing() throws java.sql.SQLException {
        try (JobCache cache = open()) {
            Map<String, Object> many = new java.util.HashMap<>();
            for (int i = 0; i < MineTable.MAX_FUNCTIONS; i++) {
                many.put("f" + i, i);
            }
            cache.mineUpdate("web1", many, List.of(), false, 1);
            java.sql.SQLException full = org.junit.jupiter.api.Assertions.assertThrows(
                    MineTable.MineFullException.class,
                    () -> cache.mineUpdate("web1", Map.of("one.more", 1, "f0", 99), List.of(), false, 2));
            assertTrue(full.getMessage().contains("more than " + MineTable.MAX_FUNCTIONS), full.getMessage());
            assertEquals(0L, ((Number) cache.mineValues("f0").get("web1")).longValue(), "nothing of it stored");
            assertEquals(MineTable.MAX_FUNCTIONS, cache.mineFunctions("web1").size());
        }
    }

    @Test
    default void aCallerGlobListsEveryScheduleJobWrittenOrNotAndNothingElse() {
        try (JobCache cache = open()) {
            cache.recordJob(job(jid(1), "test.ping", "schedule:backup", 1000));
            cache.recordJob(job(jid(2), "test.ping", "alice", 2000));
            cache.recordJob(job(jid(3), "test.ping", "schedule:mine_interval", 3000));
            cache.recordJob(job(jid(4), "test.ping", "schedule_x", 4000));
            cache.flush();
            cache.recordJob(job(jid(5), "test.ping", "schedule:late", 5000)); // perhaps not written yet
            List<String> listed = cache.recent(new JobFilter(20, null, null, "schedule:*", 0)).stream()
                    .map(JobOverview::jid).toList();
            assertEquals(List.of(jid(5), jid(3), jid(1)), listed, "'_' in the name is no wildcard, ':' is literal");
            assertEquals(List.of(jid(4)), cache.recent(new JobFilter(20, null, null, "schedule_?", 0)).stream()
                    .map(JobOverview::jid).toList());
        }
    }

    @Test
    default void aMinionsOwnJobIsFiledOnceUnderTheFirstJidClaimed() throws java.sql.SQLException {
        try (JobCache cache = open()) {
            assertEquals(jid(10), cache.claimMinionJob("web1", jid(1), jid(10)));
            assertEquals(jid(10), cache.claimMinionJob("web1", jid(1), jid(11)), "a copy sent again");
            assertEquals(jid(12), cache.claimMinionJob("web2", jid(1), jid(12)), "another minion's same jid");
        }
    }
}
