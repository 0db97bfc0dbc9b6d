package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brine.protocol.JobRecord;
import io.brine.protocol.MinionReturn;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
            LiveJob job = tracker.start(new JobRecord(jid, "test.ping", List.of(), Map.of(), "m1", "glob", "test", 0L,
                    60_000L, List.of("m1"), List.of(), List.of(), Map.of()), 60_000, null);
            AtomicReference<Boolean> cachedWhenDone = new AtomicReference<>();
            // a caller that stops the master the moment it has its answer would find this in the cache afterwards
            job.done.thenRun(() -> cachedWhenDone.set(
                    cache.find(jid).map(r -> r.returns().containsKey("m1")).orElse(false)));
            tracker.returned("m1", jid, MinionReturn.ok(true, 1, 2));
            assertEquals(Boolean.TRUE, cachedWhenDone.get());
        } finally {
            timer.shutdownNow();
        }
    }
}
