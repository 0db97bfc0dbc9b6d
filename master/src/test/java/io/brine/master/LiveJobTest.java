package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.MinionOutcome;
import io.brine.jobs.JobState;
import io.brine.targeting.TargetType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LiveJobTest {
    private static JobState job(List<String> expected, List<String> unreachable) {
        return TestJobs.job("20260101000000000001", "test.ping", List.of(), "m*", TargetType.GLOB, "test", 0L, 1000L,
                expected, unreachable);
    }

    private static List<String> ids(int from, int to) {
        List<String> ids = new ArrayList<>();
        for (int i = from; i <= to; i++) {
            ids.add("m" + i);
        }
        return ids;
    }

    @Test
    void aJobNoExpectedMinionCouldReceiveIsDoneAtOnce() {
        LiveJob job = new LiveJob(job(ids(1, 10_000), ids(1, 10_000)));
        assertTrue(job.done.isDone());
    }

    @Test
    void aJobWaitsOnlyForTheMinionsThatHadASession() {
        LiveJob job = new LiveJob(job(ids(1, 5), ids(2, 5)));
        assertFalse(job.done.isDone());
        job.addReturn("m1", TestJobs.ok(true, 0, 1));
        assertTrue(job.done.isDone());
    }

    @Test
    void everyReturnIsToldBeforeTheJobIsDoneWhateverThreadTookIt() throws Exception {
        LiveJob job = new LiveJob(job(List.of("db1", "db2"), List.of()));
        List<String> heard = new CopyOnWriteArrayList<>();
        CountDownLatch telling = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        job.listen((jid, id, ret) -> {
            if (id.equals("db1")) {
                telling.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            heard.add(id);
        });
        job.done.thenRun(() -> heard.add("done"));
        Thread first = new Thread(() -> job.addReturn("db1", TestJobs.ok("hi", 0, 1)));
        first.start();
        assertTrue(telling.await(10, TimeUnit.SECONDS));
        Thread last = new Thread(() -> job.addReturn("db2", TestJobs.ok("hi", 0, 1)));
        last.start();
        // the last return's thread must wait for db1 to be told; give it every chance to finish the job early
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (last.getState() != Thread.State.BLOCKED && last.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertFalse(job.done.isDone(), "the job was done while a return was still being told: " + heard);
        release.countDown();
        first.join(10_000);
        last.join(10_000);
        assertEquals(List.of("db1", "db2", "done"), heard);
    }

    @Test
    void aListenerThatHangsHoldsUpItsOwnJobButNeverTheThreadsThatFeedIt() throws Exception {
        LiveJob job = new LiveJob(job(List.of("db1", "db2"), List.of()));
        CountDownLatch hanging = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        job.listen((jid, id, ret) -> {
            hanging.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Thread first = new Thread(() -> job.addReturn("db1", TestJobs.ok("hi", 0, 1)));
        first.start();
        assertTrue(hanging.await(10, TimeUnit.SECONDS));
        try {
            assertTimeoutPreemptively(java.time.Duration.ofSeconds(2), () -> {
                assertTrue(job.addReturn("db2", TestJobs.ok("hi", 0, 1)), "a worker records and moves on");
                job.expire(); // the master's one timer thread
            });
            assertFalse(job.done.isDone(), "told after the return the listener is still hearing of");
        } finally {
            release.countDown();
        }
        first.join(10_000);
        assertTrue(job.done.isDone());
        assertEquals(2, job.done.get().returns().size());
    }

    @Test
    void aMinionStillRunningAtTheTimeoutIsGivenTheGraceAndItsTimedOutReturnEndsTheJob() {
        LiveJob job = new LiveJob(job(List.of("m1", "m2", "m3"), List.of()));
        job.acknowledge("m1");
        job.addReturn("m3", TestJobs.ok(true, 0, 1));
        assertTrue(job.timeoutPassed(), "m1 acknowledged the job and stops it at its own deadline");
        job.addReturn("m1", TestJobs.failed(124, "job timed out after 1.0 s and was stopped", 0, 1));
        assertTrue(job.done.isDone(), "m2 never acknowledged: nobody waits for it past the timeout");
        JobState r = job.done.join();
        assertEquals(124, r.returns().get("m1").retcode());
        assertEquals(MinionOutcome.NO_RESPONSE, r.outcome("m2", java.time.Instant.now()));
        assertFalse(job.cutShort());
    }

    @Test
    void aJobWithNoMinionRunningAtItsTimeoutEndsThere() {
        LiveJob job = new LiveJob(job(List.of("m1"), List.of()));
        assertFalse(job.timeoutPassed());
        assertTrue(job.done.isDone());
    }

    @Test
    void aJobTheMasterStopsUnderIsCutShortButOneThatHadEndedIsNot() {
        LiveJob running = new LiveJob(job(List.of("m1", "m2"), List.of()));
        running.addReturn("m1", TestJobs.ok(true, 0, 1));
        running.stop();
        assertTrue(running.done.isDone());
        assertTrue(running.cutShort());
        assertEquals(List.of("m2"), running.done.join().awaited());

        LiveJob ended = new LiveJob(job(List.of("m1"), List.of()));
        ended.addReturn("m1", TestJobs.ok(true, 0, 1));
        ended.stop();
        assertFalse(ended.cutShort());
    }
}
