package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.JobState;
import io.brine.jobs.MinionOutcome;
import io.brine.targeting.TargetType;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A job an earlier master published is awaited on the next one, from its record and its returns' events. */
class RecordedJobWaitTest {
    @TempDir
    Path dir;

    @Test
    void aJobRecordedBeforeARestartIsAnsweredWhenTheReturnItWaitsForArrives() throws Exception {
        String jid = "20261122000000000011";
        try (JobCache cache = JobCache.open(dir)) {
            // m1 acknowledged the job before the master stopped; m2 had returned; the timeout is a minute away
            cache.recordJob(TestJobs.job(jid, "cmd.run", List.of("sleep 5"), "m*", TargetType.GLOB, "test",
                    System.currentTimeMillis(), 60_000L, List.of("m1", "m2"), List.of()));
            cache.recordAck(jid, "m1");
            cache.recordReturn(jid, "m2", TestJobs.ok("early", 1, 2));
            EventBus events = new EventBus();
            RecordedJobWait wait = new RecordedJobWait(cache::find, events);
            CompletableFuture<Optional<JobState>> awaited = CompletableFuture.supplyAsync(() -> {
                try {
                    return wait.await(jid, Duration.ofSeconds(30));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            Await.subscribed(events);
            cache.recordReturn(jid, "m1", TestJobs.ok("done", 3, 4));
            events.publish("brine/job/" + jid + "/ret/m1", Map.of());
            JobState ended = awaited.get(10, TimeUnit.SECONDS).orElseThrow();
            assertEquals("done", ended.returns().get("m1").ret());
            assertEquals(List.of(), ended.awaited());
        }
    }

    @Test
    void aRecordedJobWhoseTimeIsUpIsAnsweredAtOnceAsItStands() throws Exception {
        String jid = "20261122000000000012";
        try (JobCache cache = JobCache.open(dir)) {
            cache.recordJob(TestJobs.job(jid, "cmd.run", List.of("sleep 5"), "m1", TargetType.GLOB, "test",
                    System.currentTimeMillis() - 10_000, 5_000L, List.of("m1"), List.of()));
            cache.recordAck(jid, "m1"); // it was running the job when its timeout passed
            long t0 = System.nanoTime();
            JobState r = new RecordedJobWait(cache::find, new EventBus()).await(jid, Duration.ofSeconds(30))
                    .orElseThrow();
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(5), "answered without waiting");
            assertEquals(MinionOutcome.RUNNING, r.outcome("m1", Instant.now()));
        }
    }

    /** The wait's subscription is in place: a return published from now on wakes it. */
    private static final class Await {
        static void subscribed(EventBus events) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (events.subscribers() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertEquals(1, events.subscribers(), "the wait subscribed");
        }
    }
}
