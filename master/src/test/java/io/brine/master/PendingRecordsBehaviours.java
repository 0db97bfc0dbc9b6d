package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobState;
import io.brine.targeting.TargetType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * While the job cache cannot be written (another connection keeps it from writing, as a full disk refuses it),
 * lookups and listings see the records waiting in memory as the database will hold them; once they are written,
 * nothing a reader sees changes. Each test class opens caches on one database of its own ({@link PendingRecordsTest}:
 * a SQLite file; {@link JobCachePostgresTest}: a PostgreSQL database).
 */
interface PendingRecordsBehaviours {
    String OLD = "20261125120000000001";
    String NEW = "20261125120000000002";
    String QUEUED = "20261125120000000003";
    long HOUR = 3_600_000;

    /** A new job cache on this test's database; the test closes it. */
    JobCache open();

    /**
     * Keeps the caches of this test's database from writing until closed (while reads go on), from another
     * connection: the writer's next batch fails, as on a full disk.
     */
    AutoCloseable refuseWrites() throws Exception;

    @Test
    default void jobsWaitingToBeWrittenAreFoundAndListedAsTheyWillBeOnceWrittenAndNothingChangesWhenTheyAre()
            throws Exception {
        long now = System.currentTimeMillis();
        try (JobCache cache = open()) {
            cache.recordJob(job(OLD, "test.ping", "alice", now - 2 * HOUR, List.of("m1", "m2")));
            cache.recordReturn(OLD, "m1", TestJobs.ok("written", 1, 2));
            cache.flush();
            List<Object> whileLocked;
            AutoCloseable refused = refuseWrites();
            try (refused) {
                cache.recordReturn(OLD, "m2", TestJobs.ok("waiting", 3, 4));
                cache.recordReturn(OLD, "m1", TestJobs.ok("a copy", 5, 6)); // the written one stands
                cache.recordJob(job(NEW, "cmd.run", "bob", now, List.of("m1")));
                cache.recordAck(NEW, "m1");
                cache.recordJob(job(QUEUED, "test.echo", "bob", now, List.of("away1", "away2")));
                cache.recordQueued(QUEUED, "away1", now + HOUR);
                cache.recordQueued(QUEUED, "away2", now + HOUR);
                cache.forgetQueued(QUEUED, "away1");
                await(() -> cache.failing() != null, "a failed write");

                JobState old = cache.find(OLD).orElseThrow();
                assertEquals("written", old.returns().get("m1").ret());
                assertEquals("waiting", old.returns().get("m2").ret());
                assertEquals(List.of("m1"), cache.find(NEW).orElseThrow().acknowledged());
                assertEquals(List.of(QUEUED, NEW, OLD), jids(cache.recent(JobFilter.latest(10))));
                assertEquals(2, cache.recent(JobFilter.latest(10)).get(2).returnedCount());
                assertEquals(List.of(QUEUED), jids(cache.recent(JobFilter.latest(1))));
                assertEquals(List.of(NEW), jids(cache.recent(new JobFilter(10, "cmd.run", null, null, 0))));
                assertEquals(List.of(QUEUED, NEW), jids(cache.recent(JobFilter.latest(10).forCaller("bob"))));
                assertEquals(List.of(QUEUED, NEW), jids(cache.recent(new JobFilter(10, null, null, null, now - HOUR))));
                assertEquals(List.of(QUEUED), jids(cache.recent(new JobFilter(10, null, null, null, 0, true))));
                assertEquals(List.of(NEW), jids(cache.recent(JobFilter.latest(10), List.of(NEW,
                        "20261125120000000099"))));
                whileLocked = readings(cache);
            }
            await(() -> cache.failing() == null && cache.backlog() == 0, "the cache catching up");
            assertEquals(whileLocked, readings(cache));
        }
    }

    @Test
    default void aDeliveryCancelledWhileTheCacheCannotBeWrittenNoLongerListsItsJobAsQueued() throws Exception {
        long now = System.currentTimeMillis();
        try (JobCache cache = open()) {
            cache.recordJob(job(QUEUED, "test.echo", "bob", now, List.of("away1")));
            cache.recordQueued(QUEUED, "away1", now + HOUR);
            for (int i = 0; i < 3; i++) { // older queued jobs, written: the listing must still fill its limit
                String jid = "2026112511000000001" + i;
                cache.recordJob(job(jid, "test.echo", "bob", now, List.of("away1")));
                cache.recordQueued(jid, "away1", now + HOUR);
            }
            cache.flush();
            JobFilter queued = new JobFilter(2, null, null, null, 0, true);
            assertEquals(List.of(QUEUED, "20261125110000000012"), jids(cache.recent(queued)));
            AutoCloseable refused = refuseWrites();
            try (refused) {
                cache.forgetQueued(QUEUED, "away1");
                await(() -> cache.failing() != null, "a failed write");
                assertEquals(List.of("20261125110000000012", "20261125110000000011"), jids(cache.recent(queued)));
            }
            await(() -> cache.failing() == null && cache.backlog() == 0, "the cache catching up");
            assertEquals(List.of("20261125110000000012", "20261125110000000011"), jids(cache.recent(queued)));
        }
    }

    @Test
    default void aLateReturnForAJobNotYetWrittenIsTakenNotRefusedAsNeverSent() throws Exception {
        long now = System.currentTimeMillis();
        try (JobCache cache = open()) {
            JobTracker tracker = new JobTracker(cache, null, new EventBus());
            AutoCloseable refused = refuseWrites();
            try (refused) {
                cache.recordJob(job(NEW, "cmd.run", "bob", now, List.of("m1")));
                await(() -> cache.failing() != null, "a failed write");
                // the job is not live in this tracker: its return is checked against the cache alone
                assertTrue(tracker.returned("m1", NEW, TestJobs.ok("late", 1, 2)));
                assertFalse(tracker.returned("m1", NEW, TestJobs.ok("again", 3, 4)));
                assertEquals("late", cache.find(NEW).orElseThrow().returns().get("m1").ret());
            }
            await(() -> cache.failing() == null && cache.backlog() == 0, "the cache catching up");
            assertEquals("late", cache.find(NEW).orElseThrow().returns().get("m1").ret());
            assertEquals(1, tracker.refusedReturns());
        }
    }

    /** Everything a reader sees of the three jobs, to compare before and after they are written. */
    private static List<Object> readings(JobCache cache) {
        List<Object> out = new ArrayList<>();
        for (String jid : List.of(OLD, NEW, QUEUED)) {
            Optional<JobState> r = cache.find(jid);
            out.add(r.map(Object::toString).orElse("none"));
        }
        out.add(cache.recent(JobFilter.latest(10)));
        out.add(cache.recent(new JobFilter(10, null, null, null, 0, true)));
        return out;
    }

    private static List<String> jids(List<JobOverview> listing) {
        return listing.stream().map(JobOverview::jid).toList();
    }

    private static JobState job(String jid, String function, String caller, long start, List<String> expected) {
        return TestJobs.job(jid, function, List.of(), String.join(",", expected), TargetType.LIST, caller, start,
                60_000, expected, List.of(), start + HOUR);
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited in vain for " + what);
            }
            Thread.sleep(20);
        }
    }
}
