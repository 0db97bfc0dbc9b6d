package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.JobReturn;
import io.brine.jobs.internal.ReturnLog;
import io.brine.targeting.TargetType;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import org.junit.jupiter.api.Test;

/** A job's returns as a Flow publisher, fed by a live job exactly as MasterClient.submit feeds it. */
class ReturnLogTest {
    private static final List<String> MINIONS = List.of("m1", "m2", "m3", "m4", "m5");

    private static LiveJob liveJob(ReturnLog log) {
        LiveJob job = new LiveJob(TestJobs.job("20260101000000000001", "test.ping", List.of(), "m*", TargetType.GLOB,
                "test", 0L, 1000L, MINIONS, List.of()));
        job.listen((jid, id, ret) -> log.add(new JobReturn(jid, id, ret)));
        job.done.whenComplete((r, f) -> log.finish(f));
        return job;
    }

    private static List<String> ids(RecordingSubscriber<JobReturn> s) {
        return s.items.stream().map(JobReturn::minionId).toList();
    }

    @Test
    void aSubscriberRequestingOneAtATimeGetsEveryReturnAndTheEnd() throws Exception {
        ReturnLog log = new ReturnLog();
        LiveJob job = liveJob(log);
        RecordingSubscriber<JobReturn> one = new RecordingSubscriber<>(1);
        log.publisher(Runnable::run).subscribe(one);
        for (String id : MINIONS) {
            job.addReturn(id, TestJobs.ok(id, 0, 1));
        }
        assertTrue(one.awaitEnd(10));
        assertEquals(MINIONS, ids(one));
        assertEquals(List.of("subscribe", "complete"), one.signals);
    }

    @Test
    void returnsThatCameBeforeTheSubscriptionAreDeliveredAsRequested() throws Exception {
        ReturnLog log = new ReturnLog();
        LiveJob job = liveJob(log);
        job.addReturn("m1", TestJobs.ok(1, 0, 1));
        job.addReturn("m2", TestJobs.ok(2, 0, 1));
        RecordingSubscriber<JobReturn> late = new RecordingSubscriber<>(0);
        log.publisher(Runnable::run).subscribe(late);
        assertEquals(List.of(), late.items, "nothing before it is requested");
        late.request(1);
        assertEquals(List.of("m1"), ids(late));
        job.addReturn("m3", TestJobs.ok(3, 0, 1));
        job.expire();
        assertEquals(List.of("m1"), ids(late), "held while not requested, even after the job ended");
        assertEquals(List.of("subscribe"), late.signals, "not complete while returns wait for it");
        late.request(Long.MAX_VALUE);
        assertTrue(late.awaitEnd(10));
        assertEquals(List.of("m1", "m2", "m3"), ids(late));
        assertEquals(2, late.items.get(1).result().ret());
    }

    @Test
    void eachOfTwoSubscribersGetsEveryReturnAndCancellingOneLeavesTheOther() throws Exception {
        ReturnLog log = new ReturnLog();
        LiveJob job = liveJob(log);
        RecordingSubscriber<JobReturn> leaving = new RecordingSubscriber<>(1);
        RecordingSubscriber<JobReturn> staying = new RecordingSubscriber<>(2);
        log.publisher(Runnable::run).subscribe(leaving);
        log.publisher(Runnable::run).subscribe(staying);
        job.addReturn("m1", TestJobs.ok(1, 0, 1));
        leaving.cancel();
        MINIONS.subList(1, 5).forEach(id -> job.addReturn(id, TestJobs.ok(id, 0, 1)));
        assertTrue(staying.awaitEnd(10));
        assertEquals(MINIONS, ids(staying));
        assertEquals(List.of("m1"), ids(leaving));
        assertEquals(List.of("subscribe"), leaving.signals, "a cancelled subscriber hears nothing more");
    }

    @Test
    void signalsGoThroughTheChosenExecutorOneAtATime() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            ReturnLog log = new ReturnLog();
            LiveJob job = liveJob(log);
            RecordingSubscriber<JobReturn> s = new RecordingSubscriber<>(1);
            log.publisher(pool).subscribe(s);
            MINIONS.forEach(id -> job.addReturn(id, TestJobs.ok(id, 0, 1)));
            assertTrue(s.awaitEnd(10));
            assertEquals(MINIONS, ids(s));
            assertTrue(s.threads.stream().allMatch(t -> t.startsWith("pool-")), s.threads.toString());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aRequestForNothingIsAnError() throws Exception {
        ReturnLog log = new ReturnLog();
        liveJob(log);
        RecordingSubscriber<JobReturn> s = new RecordingSubscriber<>(0);
        log.publisher(Runnable::run).subscribe(s);
        s.request(0);
        assertTrue(s.awaitEnd(10));
        assertInstanceOf(IllegalArgumentException.class, s.error());
    }

    @Test
    void aSubscriberToAJobThatEndedWithoutReturnsIsCompletedWithoutAsking() throws Exception {
        ReturnLog log = new ReturnLog();
        liveJob(log).expire();
        RecordingSubscriber<JobReturn> s = new RecordingSubscriber<>(0);
        Flow.Publisher<JobReturn> p = log.publisher(Runnable::run);
        p.subscribe(s);
        assertTrue(s.awaitEnd(10));
        assertEquals(List.of("subscribe", "complete"), s.signals);
    }
}
