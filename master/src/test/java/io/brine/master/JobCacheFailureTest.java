package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.JobState;
import io.brine.targeting.TargetType;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job cache that cannot be written (another process holds the database locked, as a full disk would refuse it;
 * the shorter tests hold the lock from a second connection of this process) keeps its records and writes them once
 * it can; nothing was acknowledged meanwhile, and the connection is not left saying "cannot commit - no transaction
 * is active" for ever after.
 */
class JobCacheFailureTest {
    private static final String JID = "20261125120000000042";
    /** For the tests whose lock is a means, not the fault under test: each failed try waits this, not 3 s. */
    private static final Duration SHORT_BUSY = Duration.ofMillis(250);

    @TempDir
    Path dir;

    @Test
    void recordsWaitWhileTheDatabaseIsLockedFor12SecondsByAnotherProcessAndAreWrittenAfterwards() throws Exception {
        try (JobCache cache = JobCache.open(dir)) {
            AtomicBoolean acknowledged = new AtomicBoolean();
            try (DatabaseLocker other = DatabaseLocker.lock(dir.resolve("jobs.sqlite"))) {
                assertTrue(other.pid() != ProcessHandle.current().pid());
                long lockedAt = System.nanoTime();
                cache.recordJob(TestJobs.job(JID, "test.ping", List.of(), "m1", TargetType.LIST, "t", 1, 1,
                        List.of("m1"), List.of()));
                cache.recordReturn(JID, "m1", TestJobs.ok(true, 1, 2), () -> acknowledged.set(true));
                await(() -> cache.failedWrites() > 0, "a failed write");
                assertNotNull(cache.failing());
                assertEquals(2, cache.backlog());
                assertFalse(acknowledged.get(), "a return acknowledged before it was on disk");
                // The fault itself: held 12 s in all (beyond every retry's busy timeout), not synchronisation.
                while (System.nanoTime() - lockedAt < Duration.ofSeconds(12).toNanos()) {
                    Thread.sleep(100);
                }
                assertFalse(acknowledged.get(), "a return acknowledged while the database was locked");
                assertEquals(2, cache.backlog());
            } // the other process rolls back and exits
            await(() -> cache.failing() == null, "the cache written again");
            assertEquals(0, cache.backlog());
            assertEquals(0, cache.backlogBytes());
            assertTrue(acknowledged.get());
            JobState stored = cache.find(JID).orElseThrow();
            assertEquals(Boolean.TRUE, stored.returns().get("m1").ret());
            // and the next write works on the replaced connection
            cache.recordJob(TestJobs.job("20261125120000000043", "test.ping", List.of(), "m1", TargetType.LIST, "t",
                    1, 1, List.of("m1"), List.of()));
            assertTrue(cache.find("20261125120000000043").isPresent());
        }
    }

    @Test
    void pastTheBacklogsBytesNewJobsAreRefusedWithTheReasonAndCounted() throws Exception {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        JobRefusals refusals = new JobRefusals();
        try (JobCache cache = JobCache.open(dir, SHORT_BUSY)) {
            JobTracker tracker = new JobTracker(cache, timer, new EventBus(), new MasterMetrics(),
                    new JobTracker.BacklogLimit(1_000, 64 * 1024), refusals);
            try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("jobs.sqlite"));
                    Statement s = other.createStatement()) {
                s.execute("BEGIN EXCLUSIVE");
                tracker.start(job(JID), 60_000, null);
                // one large return: two records, far below the record bound, over the byte bound
                tracker.returned("m1", JID, TestJobs.ok("x".repeat(100_000), 1, 2));
                await(() -> cache.failing() != null, "a failed write");
                JobRefusedException refused = assertThrows(JobRefusedException.class,
                        () -> tracker.start(job("20261125120000000043"), 60_000, null));
                assertEquals(JobRefusedException.Reason.CACHE_BACKLOG, refused.reason());
                assertTrue(refused.getMessage().contains("the job cache cannot be written")
                        && refused.getMessage().contains("64 KiB"), refused.getMessage());
                assertEquals(1, refusals.count(JobRefusedException.Reason.CACHE_BACKLOG));
                s.execute("ROLLBACK");
            }
            await(() -> cache.failing() == null && cache.backlog() == 0, "the cache catching up");
            tracker.start(job("20261125120000000044"), 60_000, null); // taken again
            assertTrue(cache.find(JID).isPresent());
        } finally {
            timer.shutdownNow();
        }
    }

    private static JobState job(String jid) {
        return TestJobs.job(jid, "test.echo", List.of(), "m1", TargetType.LIST, "t", 1, 60_000, List.of("m1"),
                List.of());
    }

    @Test
    void aClosingCacheWaitsUpToTheShutdownTimeoutForALockedDatabase() throws Exception {
        JobCache cache = JobCache.open(dir, SHORT_BUSY);
        java.util.concurrent.CompletableFuture<Void> closed;
        try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("jobs.sqlite"));
                Statement s = other.createStatement()) {
            s.execute("BEGIN EXCLUSIVE");
            cache.recordJob(TestJobs.job(JID, "test.ping", List.of(), "m1", TargetType.LIST, "t", 1, 1, List.of("m1"),
                    List.of()));
            await(() -> cache.failedWrites() > 0, "a failed write");
            closed = java.util.concurrent.CompletableFuture.runAsync(() -> cache.close(Duration.ofSeconds(20)));
            await(() -> cache.failedWrites() > 1, "the closing cache trying again");
            assertFalse(closed.isDone(), "closed without waiting for the record in flight");
            s.execute("ROLLBACK");
        }
        closed.get(30, java.util.concurrent.TimeUnit.SECONDS);
        try (JobCache reopened = JobCache.open(dir)) {
            assertTrue(reopened.find(JID).isPresent(), "the record written before the cache closed");
        }
    }

    @Test
    void aClosingCacheGivesUpAtTheShutdownTimeout() throws Exception {
        JobCache cache = JobCache.open(dir, SHORT_BUSY);
        try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("jobs.sqlite"));
                Statement s = other.createStatement()) {
            s.execute("BEGIN EXCLUSIVE");
            cache.recordJob(TestJobs.job(JID, "test.ping", List.of(), "m1", TargetType.LIST, "t", 1, 1, List.of("m1"),
                    List.of()));
            await(() -> cache.failedWrites() > 0, "a failed write");
            long t0 = System.nanoTime();
            cache.close(Duration.ofSeconds(1));
            long seconds = (System.nanoTime() - t0) / 1_000_000_000L;
            assertTrue(seconds < 5, "close took " + seconds + " s with a 1 s shutdown_timeout and a 250 ms busy timeout");
            s.execute("ROLLBACK");
        }
    }

    @Test
    void aFullDiskLosesNothingAndTheCacheCatchesUpWhenSpaceReturns() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                ProcessHandle.current().info().user().map("root"::equals).orElse(false), "mounting needs root (CI)");
        Path small = java.nio.file.Files.createDirectories(dir.resolve("small"));
        exec("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", small.toString());
        try {
            Path filler = small.resolve("filler");
            try (JobCache cache = JobCache.open(small.resolve("cache"))) {
                fill(filler);
                AtomicBoolean acknowledged = new AtomicBoolean();
                String jid = "20261125120000000077";
                cache.recordJob(TestJobs.job(jid, "test.echo", List.of("x".repeat(2000)), "m1", TargetType.LIST, "t",
                        1, 1, List.of("m1"), List.of()));
                cache.recordReturn(jid, "m1", TestJobs.ok("y".repeat(20_000), 1, 2), () -> acknowledged.set(true));
                await(() -> cache.failedWrites() > 0, "a write failing on the full disk");
                assertFalse(acknowledged.get());
                java.nio.file.Files.delete(filler);
                await(() -> cache.failing() == null && cache.backlog() == 0, "the cache catching up");
                assertTrue(acknowledged.get());
                assertEquals(20_000, String.valueOf(cache.find(jid).orElseThrow().returns().get("m1").ret()).length());
            }
        } finally {
            exec("umount", small.toString());
        }
    }

    /** Writes until the file system says no more. */
    private static void fill(Path file) throws java.io.IOException {
        byte[] chunk = new byte[64 * 1024];
        try (java.io.OutputStream out = java.nio.file.Files.newOutputStream(file)) {
            while (true) {
                out.write(chunk);
            }
        } catch (java.io.IOException full) {
            // the disk is full now
        }
    }

    private static void exec(String... command) throws Exception {
        Process p = new ProcessBuilder(command).inheritIO().start();
        assertEquals(0, p.waitFor(), String.join(" ", command));
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
