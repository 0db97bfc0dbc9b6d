package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The queue of deliveries for minions that are away is bounded per minion and in all; refusals are counted. */
class DeliveryQueueTest {
    @TempDir
    Path dir;
    private final JobRefusals refusals = new JobRefusals();

    private static String jid(int n) {
        return String.format("202611251200%08d", n);
    }

    @Test
    void aMinionWithItsMostDeliveriesWaitingIsRefusedAnotherAndOthersAreNot() {
        try (JobCache cache = JobCache.open(dir)) {
            DeliveryQueue queue = new DeliveryQueue(cache, j -> Optional.empty(), new DeliveryQueue.Limits(2, 10),
                    refusals);
            long later = System.currentTimeMillis() + 600_000;
            queue.add(jid(1), "m1", later);
            queue.add(jid(2), "m1", later);
            JobRefusedException e = assertThrows(JobRefusedException.class, () -> queue.checkRoom(List.of("m2", "m1")));
            assertEquals(JobRefusedException.Reason.DELIVERY_QUEUE_MINION, e.reason());
            assertTrue(e.getMessage().contains("minion m1 already has 2 queued jobs"), e.getMessage());
            assertDoesNotThrow(() -> queue.checkRoom(List.of("m2")));
            queue.done(jid(1), "m1");
            assertDoesNotThrow(() -> queue.checkRoom(List.of("m1")), "a delivered job still counted");
            assertEquals(1, refusals.count(JobRefusedException.Reason.DELIVERY_QUEUE_MINION));
        }
    }

    @Test
    void pastTheTotalBoundAJobIsRefusedUntilExpiredDeliveriesMakeRoom() {
        try (JobCache cache = JobCache.open(dir)) {
            DeliveryQueue queue = new DeliveryQueue(cache, j -> Optional.empty(), new DeliveryQueue.Limits(10, 3),
                    refusals);
            long now = System.currentTimeMillis();
            queue.add(jid(1), "m1", now + 600_000);
            queue.add(jid(2), "m2", now + 600_000);
            JobRefusedException e = assertThrows(JobRefusedException.class,
                    () -> queue.checkRoom(List.of("m3", "m4")));
            assertEquals(JobRefusedException.Reason.DELIVERY_QUEUE_TOTAL, e.reason());
            assertTrue(e.getMessage().contains("at most 3 in all"), e.getMessage());
            assertEquals(2, queue.size(), "a refused check changed the queue");

            queue.add(jid(3), "m3", now - 1); // its queue time has passed: it makes room when room is needed
            assertEquals(3, queue.size());
            assertDoesNotThrow(() -> queue.checkRoom(List.of("m4")));
            assertEquals(2, queue.size());
            assertEquals(1, refusals.count(JobRefusedException.Reason.DELIVERY_QUEUE_TOTAL));
            assertTrue(refusals.toString().contains("jobs_refused_delivery_queue_total=1"), refusals.toString());
        }
    }

    /**
     * A cluster's notices: a job queued through another master goes to a minion with a session here once, and a
     * delivery another master took is let go here without touching the row that master owns.
     */
    @Test
    void aClustersNoticesSendWhatIsNewOnceAndLetGoWhatAnotherMasterTook() {
        try (JobCache cache = JobCache.open(dir)) {
            long later = System.currentTimeMillis() + 600_000;
            io.brine.jobs.JobState job = io.brine.jobs.JobState.published(jid(1), io.brine.jobs.JobSpec.of("m1",
                    "test.ping").withTimeout(java.time.Duration.ofSeconds(5)), "op", java.time.Instant.now(), List.of("m1"), List.of("m1"), List.of(),
                    java.time.Instant.ofEpochMilli(later));
            DeliveryQueue queue = new DeliveryQueue(cache, j -> Optional.of(job), new DeliveryQueue.Limits(10, 10),
                    refusals, true);
            cache.recordQueued(jid(1), "m1", later); // as another master would have
            cache.flush();
            List<String> sent = new java.util.ArrayList<>();
            java.util.function.Function<String, Optional<java.util.function.BiConsumer<String,
                    io.brine.protocol.JobRequest>>> here = id -> Optional.of((m, r) -> sent.add(m + " " + r.jid()));

            queue.noticed("+m1", here, java.util.Set.of());
            queue.noticed("+m1", here, java.util.Set.of());
            assertEquals(List.of("m1 " + jid(1)), sent, "sent once, however many notices");
            assertEquals(1, queue.size());

            queue.noticed("-" + jid(1) + " m1", here, java.util.Set.of());
            assertEquals(0, queue.size(), "let go");
            cache.flush();
            assertEquals(1, cache.queuedWritten().size(), "the other master's row is its to delete");
            queue.noticed("-nonsense", here, java.util.Set.of()); // ignored
            assertEquals(0, queue.size());
        }
    }
}
