package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionRegistry;
import io.brine.functions.MasterLink;
import io.brine.functions.MinionControl;
import io.brine.functions.ProcessRunner;
import io.brine.protocol.JidGenerator;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The minion's schedule takes the config's entries at once, and the pillar's and the mine's update with the pillar. */
class MinionSchedulerTest {
    private static final Map<String, Object> UPTIME = Map.of("uptime", Map.of("function", "status.uptime",
            "minutes", 5));

    @TempDir
    Path dir;
    private final MinionRuntime runtime = new MinionRuntime("minion-scheduler-test");
    private final ProcessRunner processes = new ProcessRunner(System.getLogger("test"));

    @AfterEach
    void close() {
        processes.close();
        runtime.close();
    }

    private MinionScheduler scheduler(RecurringSettings settings) throws Exception {
        return scheduler(settings, () -> CompletableFuture.completedFuture(Map.of()));
    }

    private MinionScheduler scheduler(RecurringSettings settings,
            java.util.function.Supplier<java.util.concurrent.CompletionStage<Map<String, Object>>> pillar)
            throws Exception {
        MinionConfig config = MinionConfig.underDirectory(dir, "m1", 4506).withRecurring(settings);
        ScheduledRuns runs = new ScheduledRuns(config, FunctionRegistry.installed(), Map::of, MasterLink.NONE,
                MinionControl.NONE, processes, runtime, new JidGenerator(), (job, uncut) -> { },
                ScheduledRuns.TIMEOUT);
        return MinionScheduler.open(config, runs, pillar, runtime);
    }

    @Test
    void theConfigsEntriesAreThereAtOnceAndThePillarsJoinWithThePillar() throws Exception {
        try (MinionScheduler scheduler = scheduler(new RecurringSettings(UPTIME, Map.of(), Duration.ofMinutes(60)))) {
            assertEquals("config", source(scheduler, "uptime"));
            scheduler.pillarChanged(Map.of("schedule", Map.of("backup", Map.of("function", "test.ping",
                    "hours", 24))));
            assertEquals("pillar", source(scheduler, "backup"));
            assertFalse(scheduler.control().list().containsKey(MineInterval.NAME), "no mine functions: no mine job");
        }
    }

    @Test
    void theMinesUpdateJoinsWithThePillarWhenConfigOrPillarHaveMineFunctions() throws Exception {
        Map<String, Object> mine = Map.of("network.ip_addrs", java.util.List.of());
        try (MinionScheduler scheduler = scheduler(new RecurringSettings(UPTIME, mine, Duration.ofSeconds(90)))) {
            assertFalse(scheduler.control().list().containsKey(MineInterval.NAME), "not before the master answers");
            scheduler.pillarChanged(Map.of());
            Map<?, ?> entry = (Map<?, ?>) scheduler.control().list().get(MineInterval.NAME);
            assertEquals(90L, ((Number) entry.get("seconds")).longValue(), entry.toString());
            assertEquals(true, entry.get("run_on_start"));
            assertTrue(scheduler.control().nextRun(MineInterval.NAME).isPresent());
        }
        try (MinionScheduler scheduler = scheduler(RecurringSettings.NONE)) {
            scheduler.pillarChanged(Map.of("mine_functions", mine));
            assertTrue(scheduler.control().list().containsKey(MineInterval.NAME), "the pillar's mine functions");
            scheduler.pillarChanged(Map.of());
            assertFalse(scheduler.control().list().containsKey(MineInterval.NAME), "gone with them");
        }
    }

    @Test
    void aFetchedPillarIsTakenInAndAFailedFetchStillStartsTheConfigsMineUpdate() throws Exception {
        Map<String, Object> pillar = Map.of("schedule", Map.of("backup", Map.of("function", "test.ping",
                "hours", 24)));
        try (MinionScheduler scheduler = scheduler(RecurringSettings.NONE,
                () -> CompletableFuture.completedFuture(pillar))) {
            scheduler.fetchPillar();
            await(() -> scheduler.control().list().containsKey("backup"), "the pillar's entry");
        }
        Map<String, Object> mine = Map.of("network.ip_addrs", java.util.List.of());
        try (MinionScheduler scheduler = scheduler(new RecurringSettings(Map.of(), mine, Duration.ofMinutes(60)),
                () -> CompletableFuture.failedFuture(new java.io.IOException("no answer")))) {
            scheduler.fetchPillar();
            await(() -> scheduler.control().list().containsKey(MineInterval.NAME), "the mine's update");
        }
    }

    private static void await(java.util.function.BooleanSupplier condition, String what) throws Exception {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "waited in vain for " + what);
            Thread.sleep(10);
        }
    }

    private static Object source(MinionScheduler scheduler, String name) {
        return ((Map<?, ?>) scheduler.control().list().get(name)).get("source");
    }
}
