package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobState;
import io.brine.targeting.TargetType;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The job cache in the PostgreSQL database the masters of a cluster share: what it does on SQLite
 * ({@link JobCacheBehaviours}, {@link PendingRecordsBehaviours}), and what two masters writing and reading it at
 * once see. Each test has a database of its own; each master, a pool of its own, as in two processes.
 */
class JobCachePostgresTest implements JobCacheBehaviours, PendingRecordsBehaviours {
    static TestPostgres pg;
    private String url;
    private ClusterDatabase first;
    private final List<AutoCloseable> opened = new ArrayList<>();

    @BeforeAll
    static void startPostgres() throws Exception {
        pg = TestPostgres.shared();
    }

    @BeforeEach
    void newDatabase() throws SQLException {
        url = pg.newDatabase();
    }

    @AfterEach
    void closeMasters() throws Exception {
        Collections.reverse(opened);
        for (AutoCloseable c : opened) {
            c.close();
        }
    }

    /** A master's pool on this test's database, its schema migrated. */
    private ClusterDatabase master() {
        ClusterDatabase db = ClusterDatabase.open(ClusterConfig.of(url, "brine"));
        opened.add(db);
        return db;
    }

    private static String jid(long n) {
        return JobCacheBehaviours.jid(n);
    }

    private static JobState job(String jid, String function, String caller, long start) {
        return JobCacheBehaviours.job(jid, function, caller, start);
    }

    private static JobCache cache(ClusterDatabase db, String master) {
        return JobCache.open(db, r -> new Thread(r, "brine-job-cache-" + master), nanos -> { });
    }

    @Override
    public JobCache open() {
        if (first == null) {
            first = master();
        }
        return cache(first, "a");
    }

    @Override
    public int manyJobs() {
        return 10_000;
    }

    /** Every write to the cache's tables fails, from a trigger: reads go on. */
    @Override
    public AutoCloseable refuseWrites() throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:" + url, "brine", "");
        try (Statement s = c.createStatement()) {
            s.execute("CREATE FUNCTION refuse_writes() RETURNS trigger LANGUAGE plpgsql AS "
                    + "$$ BEGIN RAISE EXCEPTION 'writes refused by the test'; END $$");
            for (String table : List.of("jobs", "acks", "queued", "returns")) {
                s.execute("CREATE TRIGGER refuse_writes BEFORE INSERT OR UPDATE OR DELETE ON " + table
                        + " FOR EACH ROW EXECUTE FUNCTION refuse_writes()");
            }
        }
        return () -> {
            try (c; Statement s = c.createStatement()) {
                s.execute("DROP FUNCTION refuse_writes() CASCADE");
            }
        };
    }

    @Test
    void aTextTheDatabaseCannotHoldIsDroppedAndCountedAndTheRestOfItsBatchIsWritten() {
        try (JobCache cache = open()) {
            cache.recordJob(job(jid(1), "test.ping", "alice", 1));
            // PostgreSQL's text holds no NUL, which an API caller's target may hold and SQLite stores
            cache.recordJob(TestJobs.job(jid(2), "test.ping", List.of(), "web\u0000", TargetType.GLOB, "alice", 2,
                    1_000, List.of("web1"), List.of()));
            cache.recordReturn(jid(1), "web1", TestJobs.ok("kept", 3, 4));
            cache.flush();
            assertEquals(1, cache.refusedRecords());
            assertEquals(0, cache.failedWrites(), "a batch failing for ever");
            assertNull(cache.failing());
            assertEquals(0, cache.backlog());
            assertEquals("kept", cache.find(jid(1)).orElseThrow().returns().get("web1").ret());
            assertEquals(Optional.empty(), cache.find(jid(2)));
            cache.recordJob(job(jid(3), "test.ping", "alice", 5));
            assertTrue(cache.find(jid(3)).isPresent(), "the next batch written");
        }
    }

    @Test
    void aFailedWriteSaysWhyWithoutTheValuesItWasWriting() throws Exception {
        try (JobCache cache = open()) {
            AutoCloseable refused = refuseWrites();
            try (refused) {
                cache.recordJob(TestJobs.job(jid(1), "cmd.run", List.of("password=hunter2"), "web1", TargetType.LIST,
                        "alice", 1, 1_000, List.of("web1"), List.of()));
                await(() -> cache.failing() != null, "a failed write");
                assertTrue(cache.failing().contains("writes refused by the test"), cache.failing());
                assertFalse(cache.failing().contains("hunter2"), cache.failing());
            }
            await(() -> cache.failing() == null && cache.backlog() == 0, "the cache catching up");
        }
    }

    @Test
    void aJobOneMasterPublishedWithReturnsRecordedByBothIsCompleteOnEither() {
        try (JobCache a = cache(master(), "a"); JobCache b = cache(master(), "b")) {
            String jid = jid(7);
            long now = System.currentTimeMillis();
            a.recordJob(TestJobs.job(jid, "cmd.run", List.of("uptime"), "web*", TargetType.GLOB, "alice", now,
                    60_000, List.of("web1", "web2"), List.of()));
            a.recordAck(jid, "web1");
            a.flush();
            // a return reaching b, for a job b never had live, is checked against a's record
            assertEquals(new JobCache.LateJob("alice", now, true, false), b.lateJob(jid, "web2").orElseThrow());
            a.recordReturn(jid, "web1", TestJobs.ok("from a", 1, 2));
            b.recordAck(jid, "web2");
            b.recordReturn(jid, "web2", TestJobs.ok("from b", 3, 4));
            a.flush();
            b.flush();
            for (JobCache seen : List.of(a, b)) {
                JobState job = seen.find(jid).orElseThrow();
                assertEquals(List.of("web1", "web2"), job.acknowledged());
                assertEquals("from a", job.returns().get("web1").ret());
                assertEquals("from b", job.returns().get("web2").ret());
                assertTrue(job.job(Instant.now()).complete());
                assertEquals(2, seen.recent(JobFilter.latest(10)).get(0).returnedCount());
                assertTrue(seen.lateJob(jid, "web1").orElseThrow().returned());
            }
        }
    }

    @Test
    void aJobPrunedByAnotherMasterIsNoLongerWantedByALateReturnWhateverThisMasterRemembers() {
        try (JobCache a = cache(master(), "a"); JobCache b = cache(master(), "b")) {
            String jid = jid(9);
            a.recordJob(TestJobs.job(jid, "test.ping", List.of(), "web*", TargetType.GLOB, "alice", 1_000, 60_000,
                    List.of("web1", "web2"), List.of()));
            a.flush();
            assertTrue(a.lateJob(jid, "web1").orElseThrow().expects(), "read, and remembered, by A");
            assertEquals(1, b.prune(2_000), "B prunes it");
            assertTrue(a.lateJob(jid, "web2").isEmpty(), "A finds it gone, though it remembered the job's facts");
        }
    }

    /**
     * Both masters record every return of 50 jobs of 40 minions, in opposite orders, at once: were their batches
     * written in the order recorded, each would hold rows the other waits for, and one would die in a deadlock.
     */
    @Test
    void twoMastersRecordingTheSameReturnsAtOnceNeitherFailsAndOneCopyOfEachStands() throws Exception {
        int jobs = 50;
        int minions = 40;
        try (JobCache a = cache(master(), "a"); JobCache b = cache(master(), "b")) {
            List<String> ids = new ArrayList<>();
            for (int m = 0; m < minions; m++) {
                ids.add(String.format("web%02d", m));
            }
            for (int j = 0; j < jobs; j++) {
                a.recordJob(TestJobs.job(jid(j), "test.ping", List.of(), "web*", TargetType.GLOB,
                        "alice", j, 60_000, ids, List.of()));
            }
            a.flush();
            CompletableFuture<Void> fromA = CompletableFuture.runAsync(() -> recordAll(a, jobs, ids, false));
            CompletableFuture<Void> fromB = CompletableFuture.runAsync(() -> recordAll(b, jobs, ids, true));
            fromA.get(30, TimeUnit.SECONDS);
            fromB.get(30, TimeUnit.SECONDS);
            a.flush();
            b.flush();
            assertEquals(0, a.failedWrites() + b.failedWrites(), "a write failed: a: " + a.failing() + ", b: " + b.failing());
            for (int j = 0; j < jobs; j++) {
                JobState onA = a.find(jid(j)).orElseThrow();
                assertEquals(ids, new ArrayList<>(onA.returns().keySet()));
                assertEquals(ids, onA.acknowledged());
                assertEquals(onA.toString(), b.find(jid(j)).orElseThrow().toString());
                onA.returns().values().forEach(r -> assertTrue(List.of("a", "b").contains(r.ret()), r.toString()));
            }
        }
    }

    private static void recordAll(JobCache cache, int jobs, List<String> ids, boolean reversed) {
        String self = reversed ? "b" : "a";
        for (int i = 0; i < jobs * ids.size(); i++) {
            int k = reversed ? jobs * ids.size() - 1 - i : i;
            String jid = jid(k / ids.size());
            String minion = ids.get(k % ids.size());
            cache.recordAck(jid, minion);
            cache.recordReturn(jid, minion, TestJobs.ok(self, 1, 2));
        }
    }

    @Test
    void anOrphanOneMasterFiledNeverReplacesTheJobAnotherPublished() {
        try (JobCache a = cache(master(), "a"); JobCache b = cache(master(), "b")) {
            OrphanReturns orphans = new OrphanReturns(b, Clock.systemUTC());
            String before = jid(1);
            String after = jid(2);
            // a's job written before b filed its placeholder; and b's placeholder written before a's job
            a.recordJob(job(before, "cmd.run", "alice", 1));
            a.flush();
            orphans.file(before, "web1", Optional.empty());
            orphans.file(after, "web1", Optional.empty());
            b.flush();
            a.recordJob(job(after, "cmd.run", "alice", 2));
            a.flush();
            for (JobCache seen : List.of(a, b)) {
                for (String jid : List.of(before, after)) {
                    JobState job = seen.find(jid).orElseThrow();
                    assertEquals("alice", job.caller());
                    assertEquals("cmd.run", job.function());
                }
            }
        }
    }

    @Test
    void twoMastersPruningAtOnceDropTheOldJobsOnceAndBothGoOnWriting() throws Exception {
        try (JobCache a = cache(master(), "a"); JobCache b = cache(master(), "b")) {
            int old = 200;
            for (int j = 0; j < old; j++) {
                a.recordJob(job(jid(j), "test.ping", "alice", 1_000 + j));
                b.recordReturn(jid(j), "web1", TestJobs.ok("old", 1, 2));
            }
            String live = jid(old);
            a.recordJob(job(live, "cmd.run", "alice", System.currentTimeMillis()));
            a.flush();
            b.flush();
            long cutoff = 1_000_000;
            CompletableFuture<Integer> byA = CompletableFuture.supplyAsync(() -> a.prune(cutoff));
            CompletableFuture<Integer> byB = CompletableFuture.supplyAsync(() -> b.prune(cutoff));
            assertEquals(old, byA.get(30, TimeUnit.SECONDS) + byB.get(30, TimeUnit.SECONDS), "pruned once");
            b.recordReturn(live, "web1", TestJobs.ok("after pruning", 3, 4));
            a.recordAck(live, "web2");
            b.flush();
            a.flush();
            assertEquals(0, a.failedWrites() + b.failedWrites());
            for (JobCache seen : List.of(a, b)) {
                assertEquals(List.of(live), seen.recent(JobFilter.latest(1_000)).stream().map(JobOverview::jid).toList());
                JobState job = seen.find(live).orElseThrow();
                assertEquals("after pruning", job.returns().get("web1").ret());
                assertEquals(List.of("web2"), job.acknowledged());
                assertEquals(Optional.empty(), seen.find(jid(0)));
            }
        }
    }

    @Test
    void aDeliveryOneMasterQueuedIsReadByTheOtherAndGoneOnceTheOtherDelivers() {
        try (JobCache a = cache(master(), "a"); JobCache b = cache(master(), "b")) {
            String jid = jid(1);
            long until = System.currentTimeMillis() + 3_600_000;
            a.recordJob(job(jid, "test.ping", "alice", System.currentTimeMillis()));
            a.recordQueued(jid, "web2", until);
            a.flush();
            assertEquals(List.of(List.of(jid, "web2", until)), b.queued().stream().map(List::of).toList());
            assertEquals(1, b.recent(new JobFilter(10, null, null, null, 0, true)).size());
            b.forgetQueued(jid, "web2"); // web2 came back to b and took its job
            b.flush();
            assertEquals(List.of(), a.queued());
            assertEquals(List.of(), a.recent(new JobFilter(10, null, null, null, 0, true)));
        }
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
