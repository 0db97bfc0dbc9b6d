package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** One worker held busy while tasks queue, then let go: the order they run in is the lanes' order. */
class MasterWorkersTest {
    private final MasterWorkers workers = new MasterWorkers(1, Thread::new);
    private final CountDownLatch release = new CountDownLatch(1);
    private final List<String> ran = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() throws InterruptedException {
        workers.shutdownNow();
        assertTrue(workers.awaitTermination(5, TimeUnit.SECONDS));
    }

    private void holdTheWorker() throws InterruptedException {
        CountDownLatch busy = new CountDownLatch(1);
        workers.execute(() -> {
            busy.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertTrue(busy.await(5, TimeUnit.SECONDS));
    }

    private void awaitRuns(int n) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        workers.background().execute(done::countDown); // last of all: queued after every other task
        assertTrue(done.await(10, TimeUnit.SECONDS));
        assertEquals(n, ran.size(), ran.toString());
    }

    @Test
    void aCallersRequestRunsBeforeTheFleetsBookkeepingQueuedAheadOfIt() throws InterruptedException {
        holdTheWorker();
        for (int i = 0; i < 300; i++) {
            int n = i;
            workers.background().execute(() -> ran.add("grains" + n));
        }
        workers.execute(() -> ran.add("ping"));
        release.countDown();
        awaitRuns(301);
        assertEquals("ping", ran.get(0));
        assertEquals("grains0", ran.get(1), "the background lane in the order it came");
        assertEquals("grains299", ran.get(300));
    }

    @Test
    void bookkeepingWaitsForAtMostItsHeadStartOfLaterWork() throws InterruptedException {
        holdTheWorker();
        workers.background().execute(() -> ran.add("grains"));
        int later = (int) MasterWorkers.HEAD_START + 50;
        for (int i = 0; i < later; i++) {
            workers.execute(() -> ran.add("return"));
        }
        release.countDown();
        awaitRuns(later + 1);
        int at = ran.indexOf("grains");
        assertTrue(at <= MasterWorkers.HEAD_START && at >= MasterWorkers.HEAD_START - 2,
                "taken after about " + MasterWorkers.HEAD_START + " later tasks, not after all of them: " + at);
    }
}
