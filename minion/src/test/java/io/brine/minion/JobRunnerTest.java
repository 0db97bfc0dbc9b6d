package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionRegistry;
import io.brine.functions.MasterLink;
import io.brine.functions.MinionControl;
import io.brine.protocol.JobAck;
import io.brine.protocol.JobRequest;
import io.brine.protocol.JobReturn;
import io.brine.protocol.Message;
import io.brine.protocol.MinionReturn;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobRunnerTest {
    @TempDir
    Path cache;
    private final Map<String, MinionReturn> returns = new ConcurrentHashMap<>();
    private final List<Message> sent = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Map<String, Thread> returnedOn = new ConcurrentHashMap<>();
    private final MinionRuntime runtime = new MinionRuntime("job-runner-test");

    @org.junit.jupiter.api.AfterEach
    void closeRuntime() {
        runtime.close();
    }

    private JobRunner runner(int maxJobs) {
        return new JobRunner("m1", FunctionRegistry.installed(), Map::of, cache, maxJobs, this::sent, MasterLink.NONE,
                MinionControl.NONE, io.brine.functions.FunctionPolicy.ALLOW_ALL, (ret, uncut) -> sent(new ReturnCap(
                        MinionConfig.DEFAULT_MAX_RETURN_SIZE).apply(ret, uncut)), TakenJobs.inMemory(),
                new io.brine.functions.ProcessRunner(System.getLogger("test")), runtime);
    }

    private void sent(Message m) {
        sent.add(m);
        if (m instanceof JobReturn r) {
            returnedOn.put(r.jid(), Thread.currentThread());
            returns.put(r.jid(), r.result());
        }
    }

    private static JobRequest job(String jid, String function, List<Object> args, long timeoutMillis) {
        return new JobRequest(jid(jid), function, args, Map.of(), timeoutMillis, "test");
    }

    /** A 20-digit jid standing for a readable name in the assertions. */
    private static String jid(String name) {
        return String.format("2026%016d", Math.abs(name.hashCode()) % 10_000_000_000_000_000L);
    }

    private void awaitReturns(int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (returns.size() < n && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(n, returns.size(), "returns: " + returns.keySet());
    }

    private void awaitAcknowledged(String name) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (sent.stream().noneMatch(m -> m instanceof JobAck a && a.jid().equals(jid(name)))) {
            assertTrue(System.nanoTime() < deadline, "no acknowledgement of " + name + ": " + sent);
            Thread.sleep(10);
        }
    }

    @Test
    void noMoreThanMaxJobsRunAtOnceAndTheRestWaitTheirTurn() throws InterruptedException {
        try (JobRunner jobs = runner(2)) {
            for (int i = 1; i <= 5; i++) {
                jobs.submit(job("j" + i, "test.sleep", List.of(0.3), 30_000));
            }
            awaitReturns(5);
        }
        returns.values().forEach(r -> assertTrue(r.success(), r.toString()));
        // Five jobs of 0.3 s, two at a time, take three turns: the last cannot end before 0.9 s (all at once: 0.3 s).
        // A return's start is when the job arrived, so this is measured from the first arrival.
        long first = returns.values().stream().mapToLong(MinionReturn::startMillis).min().orElseThrow();
        long last = returns.values().stream().mapToLong(MinionReturn::endMillis).max().orElseThrow();
        assertTrue(last - first >= 880, "five jobs two at a time ended after " + (last - first) + " ms");
    }

    @Test
    void aCommandKilledAtTheJobsDeadlineMakesATimedOutReturnWhicheverSideAnswersFirst() throws InterruptedException {
        // the command runner kills the sleep at the deadline, so cmd.retcode answers (124, a plain value) about
        // when the deadline's stop fires; both orders must give the same return
        try (JobRunner jobs = runner(4)) {
            for (int i = 0; i < 4; i++) {
                jobs.submit(new JobRequest(jid("late" + i), "cmd.retcode", List.of("sleep 30"), Map.of(), 300,
                        "test"));
            }
            awaitReturns(4);
        }
        returns.values().forEach(r -> {
            assertEquals(JobRunner.TIMED_OUT, r.retcode(), r.toString());
            assertTrue(!r.success(), r.toString());
        });
    }

    @Test
    void aMinionClosingReturnsItsRunningJobsAsStopped() throws InterruptedException {
        JobRunner jobs = runner(1);
        jobs.submit(job("long", "test.sleep", List.of(30), 60_000));
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(10).toNanos();
        while (jobs.runningJobs().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        jobs.close();
        awaitReturns(1);
        MinionReturn stopped = returns.get(jid("long"));
        assertEquals(JobRunner.KILLED, stopped.retcode());
        assertTrue(String.valueOf(stopped.ret()).contains("the minion is stopping"), stopped.toString());
    }

    @Test
    void aJobThatArrivesAgainRunsOnce() throws InterruptedException {
        try (JobRunner jobs = runner(2)) {
            // a queued job is sent again on every new session until the master hears of it
            jobs.submit(job("twice", "test.sleep", List.of(0.2), 30_000));
            jobs.submit(job("twice", "test.sleep", List.of(0.2), 30_000));
            jobs.submit(job("other", "test.sleep", List.of(0), 30_000));
            awaitReturns(2);
        }
        assertEquals(2, sent.stream().filter(m -> m instanceof io.brine.protocol.JobReturn).count(),
                "one return each: " + sent);
    }

    @Test
    void aJobPastItsDeadlineIsStoppedAndTheWaitingJobRuns() throws InterruptedException {
        try (JobRunner jobs = runner(1)) {
            jobs.submit(job("slow", "test.sleep", List.of(30), 300));
            jobs.submit(job("next", "test.sleep", List.of(0), 30_000));
            awaitReturns(2);
        }
        assertEquals(JobRunner.TIMED_OUT, returns.get(jid("slow")).retcode());
        assertTrue(returns.get(jid("next")).success(), returns.get(jid("next")).toString());
    }

    @Test
    void aKilledJobReturnsKilledAndFreesItsPlace() throws InterruptedException {
        try (JobRunner jobs = runner(1)) {
            jobs.submit(job("victim", "test.sleep", List.of(30), 60_000));
            jobs.submit(job("after", "test.sleep", List.of(0), 60_000));
            awaitAcknowledged("victim"); // it runs, and the master was told so
            jobs.kill(jid("victim"));
            awaitReturns(2);
        }
        assertEquals(JobRunner.KILLED, returns.get(jid("victim")).retcode());
        assertTrue(returns.get(jid("after")).success());
    }

    @Test
    void aQuickJobReturnsWithoutAnAckAndASlowOneIsAcknowledgedFirst() throws InterruptedException {
        try (JobRunner jobs = runner(4)) {
            jobs.submit(job("quick", "test.ping", List.of(), 30_000));
            jobs.submit(job("slow", "test.sleep", List.of(0.5), 30_000));
            awaitReturns(2);
        }
        List<String> acked = sent.stream().filter(m -> m instanceof io.brine.protocol.JobAck)
                .map(m -> ((io.brine.protocol.JobAck) m).jid()).toList();
        assertEquals(List.of(jid("slow")), acked);
        int ackAt = sent.indexOf(new io.brine.protocol.JobAck(jid("slow")));
        int returnAt = -1;
        for (int i = 0; i < sent.size(); i++) {
            if (sent.get(i) instanceof JobReturn r && r.jid().equals(jid("slow"))) {
                returnAt = i;
            }
        }
        assertTrue(ackAt < returnAt, "the ack of a running job comes before its return: " + sent);
    }

    @Test
    void anImmediateFunctionAnswersOnTheReceivingThreadEvenWithEverySlotTaken() throws InterruptedException {
        try (JobRunner jobs = runner(1)) {
            jobs.submit(job("busy", "test.sleep", List.of(30), 60_000));
            jobs.submit(job("ping", "test.ping", List.of(), 60_000));
            jobs.submit(job("missing", "no.such", List.of(), 60_000));
            // answered before submit returned, by this very thread, while the only slot is still taken
            assertEquals(Thread.currentThread(), returnedOn.get(jid("ping")));
            assertEquals(Thread.currentThread(), returnedOn.get(jid("missing")));
            assertTrue(returns.get(jid("ping")).success(), returns.get(jid("ping")).toString());
            assertEquals(254, returns.get(jid("missing")).retcode());
            assertTrue(!returns.containsKey(jid("busy")), "the sleeping job is still running");
            jobs.kill(jid("busy"));
            awaitReturns(3);
        }
        assertTrue(sent.stream().noneMatch(m -> m instanceof io.brine.protocol.JobAck a && a.jid().equals(jid("ping"))));
    }
}
