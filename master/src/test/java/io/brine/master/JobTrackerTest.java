package io.brine.master;

import io.brine.protocol.JidGenerator;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.JobState;
import io.brine.targeting.TargetType;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobTrackerTest {
    @TempDir
    Path dir;

    @Test
    void aReturnIsOnItsWayToTheCacheBeforeTheCallerHearsTheJobIsDone() {
        String jid = "20261122000000000001";
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try (JobCache cache = JobCache.open(dir)) {
            JobTracker tracker = new JobTracker(cache, timer, new EventBus());
            LiveJob job = tracker.start(TestJobs.job(jid, "test.ping", List.of(), "m1", TargetType.GLOB, "test", 0L,
                    60_000L, List.of("m1"), List.of()), 60_000, null);
            AtomicReference<Boolean> cachedWhenDone = new AtomicReference<>();
            // a caller that stops the master the moment it has its answer would find this in the cache afterwards
            job.done.thenRun(() -> cachedWhenDone.set(
                    cache.find(jid).map(r -> r.returns().containsKey("m1")).orElse(false)));
            tracker.returned("m1", jid, TestJobs.ok(true, 1, 2));
            assertEquals(Boolean.TRUE, cachedWhenDone.get());
        } finally {
            timer.shutdownNow();
        }
    }

    @Test
    void aSecondReturnIsRefusedWhileTheJobIsLive() {
        String jid = "20261122000000000002";
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try (JobCache cache = JobCache.open(dir)) {
            JobTracker tracker = new JobTracker(cache, timer, new EventBus());
            tracker.start(record(jid, List.of("m1", "m2")), 60_000, null);
            assertTrue(tracker.returned("m1", jid, TestJobs.ok("first", 1, 2)));
            assertFalse(tracker.returned("m1", jid, TestJobs.ok("rewritten", 3, 4)));
            cache.flush();
            assertEquals("first", cache.find(jid).orElseThrow().returns().get("m1").ret());
            assertEquals("first", tracker.find(jid).orElseThrow().returns().get("m1").ret());
            assertEquals(1, tracker.refusedReturns());
        } finally {
            timer.shutdownNow();
        }
    }

    /** The job left memory long ago: the cache alone knows it, and it keeps the first return too. */
    @Test
    void aReturnResentAfterTheJobLeftMemoryDoesNotReplaceTheRecordedOne() {
        String jid = "20261122000000000003";
        try (JobCache cache = JobCache.open(dir)) {
            cache.recordJob(record(jid, List.of("m1")));
            cache.recordReturn(jid, "m1", TestJobs.ok("first", 1, 2));
            cache.flush();
            JobTracker tracker = new JobTracker(cache, null, new EventBus());
            for (int i = 0; i < 100; i++) {
                assertFalse(tracker.returned("m1", jid, TestJobs.ok("rewritten " + i, 3, 4)));
            }
            // even a write that slipped past the check (queued, not yet visible) cannot replace it
            cache.recordReturn(jid, "m1", TestJobs.ok("raced", 5, 6));
            cache.flush();
            assertEquals("first", cache.find(jid).orElseThrow().returns().get("m1").ret());
            assertEquals(100, tracker.refusedReturns());
        }
    }

    @Test
    void aReturnForAJobTheMasterNeverHeardOfIsFiledWithANoteNotDropped() {
        String recent = new JidGenerator().next();
        try (JobCache cache = JobCache.open(dir)) {
            JobTracker tracker = new JobTracker(cache, null, new EventBus());
            assertTrue(tracker.returned("m1", recent, TestJobs.ok("kept", 1, 2)));
            assertTrue(tracker.returned("m2", recent, TestJobs.ok("kept too", 1, 2)));
            assertFalse(tracker.returned("m1", recent, TestJobs.ok("again", 1, 2)), "the first one stands");
            cache.flush();
            JobState filed = cache.find(recent).orElseThrow();
            assertEquals(OrphanReturns.NOTE, filed.caller());
            assertEquals(List.of("m1", "m2"), filed.expected());
            assertEquals("kept", filed.returns().get("m1").ret());
            // A jid from long ago, or from the future, is no job anyone is waiting for: refused as before.
            assertFalse(tracker.returned("m1", "20200101000000000001", TestJobs.ok("old", 1, 2)));
            assertFalse(tracker.returned("m1", "29990101000000000001", TestJobs.ok("future", 1, 2)));
        }
    }

    private static JobState record(String jid, List<String> expected) {
        return TestJobs.job(jid, "test.echo", List.of(), "m*", TargetType.GLOB, "test", 0L, 60_000L, expected,
                List.of());
    }
}
