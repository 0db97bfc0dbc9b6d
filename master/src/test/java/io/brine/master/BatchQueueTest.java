package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Items written a batch at a time, in order, one batch at a time; bounded, the refusals counted. */
class BatchQueueTest {

    @Test
    void whatQueuesWhileABatchIsWrittenGoesInTheNextInOrder() throws Exception {
        ExecutorService work = Executors.newFixedThreadPool(4);
        try {
            List<List<Integer>> batches = java.util.Collections.synchronizedList(new ArrayList<>());
            CountDownLatch firstStarted = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch allWritten = new CountDownLatch(1);
            BatchQueue<Integer> q = new BatchQueue<>(work, 1_000, 100, batch -> {
                batches.add(List.copyOf(batch));
                firstStarted.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS); // the first batch's write is slow
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                if (batch.contains(250)) {
                    allWritten.countDown();
                }
            });
            assertTrue(q.offer(0));
            assertTrue(firstStarted.await(10, TimeUnit.SECONDS));
            for (int i = 1; i <= 250; i++) {
                assertTrue(q.offer(i));
            }
            release.countDown();
            assertTrue(allWritten.await(10, TimeUnit.SECONDS));
            List<Integer> flat = new ArrayList<>();
            batches.forEach(flat::addAll);
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i <= 250; i++) {
                expected.add(i);
            }
            assertEquals(expected, flat, "every item once, in order");
            assertEquals(List.of(0), batches.get(0));
            assertEquals(100, batches.get(1).size(), "what queued meanwhile went in batches of up to 100");
            assertEquals(4, batches.size());
            assertEquals(0, q.queued());
        } finally {
            work.shutdownNow();
        }
    }

    @Test
    void pastItsBoundAnItemIsRefusedAndCounted() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService work = Executors.newSingleThreadExecutor();
        try {
            BatchQueue<Integer> q = new BatchQueue<>(work, 3, 10, batch -> {
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            // the first is taken by the writer (or still queued): at most 3 wait in all
            int taken = 0;
            for (int i = 0; i < 10; i++) {
                taken += q.offer(i) ? 1 : 0;
            }
            assertTrue(taken >= 3 && taken <= 4, "taken " + taken);
            assertEquals(10 - taken, q.refused());
            assertFalse(q.queued() > 3);
        } finally {
            release.countDown();
            work.shutdownNow();
        }
    }
}
