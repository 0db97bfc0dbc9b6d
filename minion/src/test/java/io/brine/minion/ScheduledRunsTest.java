package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionPolicy;
import io.brine.functions.FunctionRegistry;
import io.brine.functions.MasterLink;
import io.brine.functions.MinionControl;
import io.brine.functions.ProcessRunner;
import io.brine.minion.schedule.ScheduleEntry;
import io.brine.protocol.JidGenerator;
import io.brine.protocol.ScheduledReturn;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher of scheduled runs, on a real job runner: jobs of their own, returns with their job, done once. */
class ScheduledRunsTest {
    @TempDir
    Path dir;
    private final MinionRuntime runtime = new MinionRuntime("scheduled-runs-test");
    private final ProcessRunner processes = new ProcessRunner(System.getLogger("test"));
    private final List<ScheduledReturn> sent = new CopyOnWriteArrayList<>();
    private final AtomicInteger done = new AtomicInteger();

    @AfterEach
    void close() {
        processes.close();
        runtime.close();
    }

    private ScheduledRuns runs(FunctionPolicy policy, Duration timeout) {
        MinionConfig config = MinionConfig.underDirectory(dir, "m1", 4506).withFunctionPolicy(policy);
        return new ScheduledRuns(config, FunctionRegistry.installed(), Map::of, MasterLink.NONE, MinionControl.NONE,
                processes, runtime, new JidGenerator(), (job, uncut) -> sent.add(job), timeout);
    }

    private static ScheduleEntry entry(String name, Map<String, Object> more) {
        Map<String, Object> raw = new java.util.LinkedHashMap<>(Map.of("seconds", 60));
        raw.putAll(more);
        return ScheduleEntry.parse(name, raw);
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "waited in vain for " + what);
            Thread.sleep(10);
        }
    }

    @Test
    void aRunIsAJobOfItsOwnWhoseReturnGoesWithWhatTheJobWasAndThenItIsDone() throws Exception {
        try (ScheduledRuns runs = runs(FunctionPolicy.ALLOW_ALL, Duration.ofMinutes(1))) {
            runs.launch(entry("echo", Map.of("function", "test.echo", "args", List.of("hi"))), done::incrementAndGet);
            await(() -> done.get() == 1, "the run to be done");
            assertEquals(1, sent.size(), sent.toString());
            ScheduledReturn job = sent.get(0);
            assertEquals("echo", job.schedule());
            assertEquals("test.echo", job.function());
            assertEquals(List.of("hi"), job.args());
            assertEquals(60_000, job.timeoutMillis());
            assertEquals("hi", job.ret().result().ret());
            assertTrue(JidGenerator.time(job.ret().jid()).isPresent(), "a jid of the minion's own: " + job);
        }
    }

    @Test
    void aRunIsDoneOnlyOnceItsJobHasReturned() throws Exception {
        try (ScheduledRuns runs = runs(FunctionPolicy.ALLOW_ALL, Duration.ofMinutes(1))) {
            runs.launch(entry("nap", Map.of("function", "test.sleep", "args", List.of(0.5))), done::incrementAndGet);
            assertEquals(0, done.get(), "still running");
            await(() -> done.get() == 1, "the run to be done");
            assertEquals(0, sent.get(0).ret().result().retcode());
        }
    }

    @Test
    void aFunctionThePolicyRefusesReturnsRetcode77ToTheMaster() throws Exception {
        FunctionPolicy noEcho = new FunctionPolicy(List.of("*"), List.of("test.echo"), null);
        try (ScheduledRuns runs = runs(noEcho, Duration.ofMinutes(1))) {
            runs.launch(entry("echo", Map.of("function", "test.echo", "args", List.of("hi"))), done::incrementAndGet);
            await(() -> done.get() == 1, "the refused run to be done");
            assertEquals(77, sent.get(0).ret().result().retcode(), sent.toString());
        }
    }

    @Test
    void returnJobFalseKeepsTheReturnOnTheMinion() throws Exception {
        try (ScheduledRuns runs = runs(FunctionPolicy.ALLOW_ALL, Duration.ofMinutes(1))) {
            runs.launch(entry("quiet", Map.of("function", "test.ping", "return_job", false)), done::incrementAndGet);
            await(() -> done.get() == 1, "the run to be done");
            assertEquals(List.of(), sent);
        }
    }

    @Test
    void aRunPastItsTimeoutIsStoppedAndSaysSo() throws Exception {
        try (ScheduledRuns runs = runs(FunctionPolicy.ALLOW_ALL, Duration.ofMillis(300))) {
            runs.launch(entry("stuck", Map.of("function", "test.sleep", "args", List.of(30))), done::incrementAndGet);
            await(() -> done.get() == 1, "the stuck run to be stopped");
            assertEquals(JobRunner.TIMED_OUT, sent.get(0).ret().result().retcode(), sent.toString());
        }
    }

    @Test
    void closingStopsTheRunsStillGoingAndTheirStoppedReturnsGo() throws Exception {
        ScheduledRuns runs = runs(FunctionPolicy.ALLOW_ALL, Duration.ofMinutes(1));
        runs.launch(entry("long", Map.of("function", "test.sleep", "args", List.of(30))), done::incrementAndGet);
        runs.close();
        await(() -> done.get() == 1, "the stopped run to be done");
        assertEquals(JobRunner.KILLED, sent.get(0).ret().result().retcode(), sent.toString());
    }
}
