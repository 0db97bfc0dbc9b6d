package io.brine.examples.javaapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionRegistry;
import io.brine.jobs.Event;
import io.brine.jobs.Job;
import io.brine.jobs.JobReturn;
import io.brine.jobs.JobSpec;
import io.brine.jobs.RunningJob;
import io.brine.master.EventPublisher;
import io.brine.master.Master;
import io.brine.master.MasterConfig;
import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import io.brine.minion.MinionRuntime;
import io.brine.protocol.KeyStatus;
import io.brine.transport.TransportRuntime;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The asynchronous Java API as an orchestrator uses it, against a real master and twenty real minions (in this
 * process, on one minion runtime, over ZeroMQ on loopback with their own keys): futures that complete with their own
 * job's answer, returns published with back-pressure, and the event bus as a bounded publisher.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(180)
class AsyncJavaApiTest {
    private static final int MINIONS = 20;
    private static final Duration WAIT = Duration.ofSeconds(30);

    private TransportRuntime masterRuntime;
    private Master master;
    private MinionRuntime fleet;
    private final List<Minion> minions = new ArrayList<>();

    @BeforeAll
    void startMasterAndTwentyMinions(@TempDir Path root) throws Exception {
        masterRuntime = new TransportRuntime("async-api");
        master = Master.start(MasterConfig.underDirectory(root.resolve("master"), freePort()).withAutoAccept(true),
                masterRuntime, failure -> { });
        fleet = new MinionRuntime("async-fleet");
        for (int i = 1; i <= MINIONS; i++) {
            String id = String.format("m%02d", i);
            minions.add(Minion.start(MinionConfig.underDirectory(root.resolve("minions").resolve(id), id, master.port())
                    .withMasterFinger(master.fingerprint()).withHeartbeat(Duration.ofSeconds(1)),
                    FunctionRegistry.installed(), fleet));
        }
        for (Minion m : minions) {
            assertEquals(KeyStatus.ACCEPTED, m.awaitStatus(WAIT), m.id() + " accepted");
        }
    }

    @AfterAll
    void stopEverything() {
        minions.forEach(Minion::close);
        if (fleet != null) {
            fleet.close();
        }
        if (master != null) {
            master.close();
        }
        if (masterRuntime != null) {
            masterRuntime.close();
        }
    }

    @Test
    void aThousandConcurrentCallsFromEightThreadsEachCompleteWithTheirOwnJobsAnswer() throws Exception {
        int calls = 1000;
        int threads = 8;
        int before = Thread.getAllStackTraces().size();
        ExecutorService callers = Executors.newFixedThreadPool(threads);
        Map<String, CompletableFuture<Job>> byText = new ConcurrentHashMap<>();
        long started = System.nanoTime();
        try {
            List<Future<?>> submitted = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                submitted.add(callers.submit(() -> {
                    for (int i = thread; i < calls; i += threads) {
                        String text = "call-" + i;
                        // two minions per job, a different pair for neighbouring calls
                        String target = String.format("m%02d,m%02d", i % MINIONS + 1, (i + 7) % MINIONS + 1);
                        byText.put(text, master.client().callAsync(JobSpec.of(target, "test.echo", text)
                                .withTargetType(io.brine.targeting.TargetType.LIST).withTimeout(WAIT)));
                    }
                }));
            }
            for (Future<?> f : submitted) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            callers.shutdown();
        }
        assertEquals(calls, byText.size());
        CompletableFuture.allOf(byText.values().toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        int after = Thread.getAllStackTraces().size();
        for (Map.Entry<String, CompletableFuture<Job>> e : byText.entrySet()) {
            Job job = e.getValue().get();
            assertEquals(List.of(e.getKey()), job.args(), "the future of " + e.getKey() + " holds its own job");
            assertEquals(2, job.returns().size(), e.getKey() + ": " + job);
            job.returns().forEach((id, r) -> assertEquals(e.getKey(), r.ret(), id + "'s return for " + e.getKey()));
            assertTrue(job.succeeded(), e.getKey() + ": " + job);
        }
        System.out.println("1000 callAsync on 8 threads, 2 minions each: all answered in " + millis + " ms; threads "
                + before + " before, " + after + " after");
        assertTrue(after - before < 100, "no thread per call: " + before + " threads before, " + after + " after");
    }

    @Test
    void aSubscriberRequestingOneReturnAtATimeReceivesAllTwentyAndTheEnd() throws Exception {
        OneAtATime<JobReturn> subscriber = new OneAtATime<>(1);
        master.client().stream(JobSpec.of("*", "test.ping").withTimeout(WAIT)).subscribe(subscriber);
        assertTrue(subscriber.awaitEnd(WAIT), "the stream ended");
        assertEquals(List.of("subscribe", "complete"), subscriber.signals);
        assertEquals(ids(), new TreeSet<>(subscriber.items.stream().map(JobReturn::minionId).toList()));
        assertEquals(MINIONS, subscriber.items.size(), "each once");
        assertTrue(subscriber.items.stream().allMatch(r -> Boolean.TRUE.equals(r.result().ret())));
    }

    @Test
    void returnsThatArrivedBeforeTheSubscriptionAreAllDelivered() throws Exception {
        RunningJob job = master.client().submit(JobSpec.of("*", "test.echo", "early").withTimeout(WAIT));
        Job done = job.result().get(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertEquals(MINIONS, done.returns().size(), "every minion returned before anyone subscribed");
        OneAtATime<JobReturn> late = new OneAtATime<>(1);
        job.returns().subscribe(late);
        assertTrue(late.awaitEnd(WAIT));
        assertEquals(new ArrayList<>(done.returns().keySet()), late.items.stream().map(JobReturn::minionId).toList(),
                "all of them, in the order the job took them");
        assertTrue(late.items.stream().allMatch(r -> r.jid().equals(job.jid()) && "early".equals(r.result().ret())));
    }

    @Test
    void cancellingACallsFutureLeavesTheJobRunning() throws Exception {
        RunningJob job = master.client().submit(JobSpec.of("m01", "test.sleep", 1).withTimeout(WAIT));
        CompletableFuture<Job> mine = job.result();
        assertTrue(mine.cancel(true));
        Job finished = job.result().get(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertTrue(finished.succeeded(), "the job ran to its end: " + finished);
        assertEquals(finished.jid(), master.client().job(job.jid()).orElseThrow().jid());
    }

    @Test
    void theEventPublisherDeliversEventsInTheOrderTheyWerePublished() throws Exception {
        ExecutorService delivery = Executors.newSingleThreadExecutor();
        try {
            OneAtATime<Event> events = new OneAtATime<>(1);
            // Room for every event of the test (1 + 20 + 50): this is about order, not about how fast a delivery
            // thread on a busy machine keeps up (64, as before, overflowed once in CI with 71 published at once).
            master.events().publisher("**", delivery, 256, EventPublisher.Overflow.FAIL).subscribe(events);
            Job job = master.client().call(JobSpec.of("*", "test.ping").withTimeout(WAIT));
            for (int i = 0; i < 50; i++) {
                master.events().publish("heat/stack/web/step", Map.of("n", i));
            }
            assertTrue(events.awaitItems(1 + MINIONS + 50, WAIT), "the job's events and the stack's fifty");
            List<String> tags = events.items.stream().map(Event::tag).filter(t -> t.contains(job.jid())).toList();
            assertEquals("brine/job/" + job.jid() + "/new", tags.get(0), "a job is announced before it returns");
            assertEquals(job.returns().keySet(), new TreeSet<>(tags.subList(1, tags.size()).stream()
                    .map(t -> t.substring(t.lastIndexOf('/') + 1)).toList()), "then each return: " + tags);
            List<Object> steps = events.items.stream().filter(e -> e.tag().equals("heat/stack/web/step"))
                    .map(e -> e.data().get("n")).toList();
            assertEquals(IntStream.range(0, 50).boxed().toList(), steps, "one thread's events in its order");
            assertEquals(null, events.error, "nothing overflowed");
        } finally {
            delivery.shutdownNow();
        }
    }

    @Test
    void aSubscriberThatRequestsNothingOverflowsAsItsPolicySays() throws Exception {
        EventPublisher failing = master.events().publisher("brine/job/**", Runnable::run, 5,
                EventPublisher.Overflow.FAIL);
        EventPublisher forgetting = master.events().publisher("brine/job/**", Runnable::run, 5,
                EventPublisher.Overflow.DROP_OLDEST);
        OneAtATime<Event> failed = new OneAtATime<>(0);
        OneAtATime<Event> forgot = new OneAtATime<>(0);
        failing.subscribe(failed);
        forgetting.subscribe(forgot);
        master.client().call(JobSpec.of("*", "test.ping").withTimeout(WAIT));    // 21 events: new, 20 returns

        assertTrue(failed.awaitEnd(WAIT));
        assertInstanceOf(EventPublisher.OverflowException.class, failed.error);
        assertEquals(6, failing.dropped(), "its five buffered events and the sixth, which overflowed");
        // The call may answer before the last return's event is published (the job ends as its last return is
        // told; the event bus hears of it just after), so wait for that event rather than assume it.
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (forgetting.dropped() < 16 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(16, forgetting.dropped(), "the sixteen oldest of twenty-one");
        forgot.request(Long.MAX_VALUE);
        assertTrue(forgot.awaitItems(5, WAIT));
        assertTrue(forgot.items.stream().allMatch(e -> e.tag().contains("/ret/")), "the newest five are returns");
    }

    @Test
    void aMasterThatClosesEndsTheFuturesOfItsRunningJobs(@TempDir Path dir) throws Exception {
        try (TransportRuntime runtime = new TransportRuntime("closing-master")) {
            Master closing = Master.start(MasterConfig.underDirectory(dir.resolve("master"), freePort())
                    .withAutoAccept(true), runtime, failure -> { });
            try (Minion sleeper = Minion.start(MinionConfig.underDirectory(dir.resolve("sleeper"), "sleeper",
                    closing.port()).withMasterFinger(closing.fingerprint()).withHeartbeat(Duration.ofSeconds(1)),
                    FunctionRegistry.installed(), fleet)) {
                assertEquals(KeyStatus.ACCEPTED, sleeper.awaitStatus(WAIT));
                CompletableFuture<Job> running = closing.client().callAsync(JobSpec.of("sleeper", "test.sleep", 60)
                        .withTimeout(Duration.ofSeconds(120)));
                closing.close();
                Job ended = running.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                assertEquals(Set.of("sleeper"), ended.missing().keySet(), "it ended without the return: " + ended);
                assertFalse(ended.complete(), "cut short by the stop, and saying so: " + ended);
            }
        }
    }

    private static Set<String> ids() {
        return new TreeSet<>(IntStream.rangeClosed(1, MINIONS).mapToObj(i -> String.format("m%02d", i)).toList());
    }

    private static int freePort() throws java.io.IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
