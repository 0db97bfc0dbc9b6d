package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionPolicy;
import io.brine.functions.FunctionRegistry;
import io.brine.functions.FunctionResult;
import io.brine.functions.MasterLink;
import io.brine.functions.MinionControl;
import io.brine.functions.ProcessRunner;
import io.brine.functions.ScheduleControl;
import io.brine.minion.schedule.MinionSchedule;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schedule.* functions and states on a real minion schedule (kept in a temporary cachedir), with Salt's
 * comments and changes; what they launch is recorded instead of run.
 */
class ScheduleFunctionsTest {
    private static final FunctionRegistry REGISTRY = FunctionRegistry.installed();

    @TempDir
    Path dir;
    private final List<String> launched = new CopyOnWriteArrayList<>();
    private final ProcessRunner processes = new ProcessRunner(System.getLogger("test"));
    private MinionSchedule schedule;
    private MinionControl minion;

    @BeforeEach
    void open() throws Exception {
        schedule = MinionSchedule.open(dir, Clock.systemDefaultZone(), new SplittableRandom(1), (entry, done) -> {
            launched.add(entry.name());
            done.run();
        });
        ScheduleControl control = new MinionScheduleControl(schedule, Set.of(MineInterval.NAME),
                Clock.systemDefaultZone().getZone());
        minion = new MinionControl() {
            @Override
            public Map<String, Object> refreshGrains() {
                return Map.of();
            }

            @Override
            public List<Map<String, Object>> runningJobs() {
                return List.of();
            }

            @Override
            public ScheduleControl schedule() {
                return control;
            }
        };
    }

    @AfterEach
    void close() {
        processes.close();
    }

    private Object call(String function, Object... args) throws Exception {
        return call(function, List.of(args), Map.of());
    }

    private Object call(String function, List<Object> args, Map<String, Object> kwargs) throws Exception {
        return call(FunctionPolicy.ALLOW_ALL, function, args, kwargs);
    }

    private Object call(FunctionPolicy policy, String function, List<Object> args, Map<String, Object> kwargs)
            throws Exception {
        ExecutionFunction f = REGISTRY.find(function).orElseThrow();
        Instant deadline = Instant.now().plusSeconds(30);
        FunctionContext context = new FunctionContext("m1", "20260101000000000001", Map.of(), MasterLink.NONE,
                deadline, REGISTRY, dir, minion, policy, processes.until(deadline));
        return f.call(context, Arguments.bind(function, f.params(), args, kwargs, f.acceptsExtraKeywords()));
    }

    /** What a function returning Salt's {comment, result, changes} returned, checked against its retcode. */
    private Map<?, ?> outcome(String function, List<Object> args, Map<String, Object> kwargs) throws Exception {
        FunctionResult r = (FunctionResult) call(function, args, kwargs);
        Map<?, ?> ret = (Map<?, ?>) r.ret();
        assertEquals(Boolean.TRUE.equals(ret.get("result")) ? 0 : 1, r.retcode(), ret.toString());
        return ret;
    }

    private Map<?, ?> add(String name, Map<String, Object> keys) throws Exception {
        return outcome("schedule.add", List.of(name), keys);
    }

    /** The one state's result of state.single. */
    private Map<?, ?> state(String function, Map<String, Object> kwargs) throws Exception {
        FunctionResult r = (FunctionResult) call("state.single", List.of(function), kwargs);
        return (Map<?, ?>) ((Map<?, ?>) r.ret()).values().iterator().next();
    }

    private Map<?, ?> listed() throws Exception {
        return (Map<?, ?>) call("schedule.list", List.of(), Map.of("return_yaml", false, "show_all", true));
    }

    @Test
    void anAddedJobIsListedInSaltsYamlSavedAndSayingWhereItComesFrom() throws Exception {
        Map<?, ?> added = add("job1", Map.of("function", "test.echo", "seconds", 60, "job_args", List.of("hi")));
        assertEquals(Map.of("comment", "Added job: job1 to schedule.", "result", true,
                "changes", Map.of("job1", "added")), added);
        String yaml = (String) call("schedule.list");
        assertTrue(yaml.startsWith("schedule:\n  enabled: true\n  job1:\n    args:\n    - hi\n"), yaml);
        for (String line : List.of("    function: test.echo\n", "    maxrunning: 1\n", "    saved: true\n",
                "    seconds: 60\n", "    source: runtime\n")) {
            assertTrue(yaml.contains(line), line + " in " + yaml);
        }
        assertEquals(Map.of("comment", "Job job1 already exists in schedule.", "result", false, "changes", Map.of()),
                add("job1", Map.of("function", "test.ping", "seconds", 5)));
    }

    @Test
    void aMisspeltKeyOrABadCronIsRefusedByNameAndNothingIsAdded() throws Exception {
        FunctionException e = assertThrows(FunctionException.class, () -> add("job1", Map.of("function",
                "test.ping", "second", 5)));
        assertTrue(e.getMessage().contains("'second'"), e.getMessage());
        Map<?, ?> badCron = add("job1", Map.of("function", "test.ping", "cron", "61 * * * *"));
        assertEquals(false, badCron.get("result"));
        assertTrue(badCron.get("comment").toString().contains("cron"), badCron.toString());
        assertEquals(Set.of("enabled"), listed().keySet());
    }

    @Test
    void modifyGivesTheOldAndNewDefinitionsAndSaysWhenNothingChanges() throws Exception {
        add("job1", Map.of("function", "test.ping", "seconds", 60));
        Map<?, ?> same = outcome("schedule.modify", List.of("job1"), Map.of("seconds", 60));
        assertEquals("Job job1 in correct state", same.get("comment"));
        assertEquals(Map.of(), same.get("changes"));
        Map<?, ?> wouldChange = outcome("schedule.modify", List.of("job1"), Map.of("seconds", 30, "test", true));
        assertEquals("Job: job1 would be modified in schedule.", wouldChange.get("comment"));
        assertEquals(60, seconds(listed().get("job1")), "test mode changes nothing");
        Map<?, ?> changed = outcome("schedule.modify", List.of("job1"), Map.of("seconds", 30));
        assertEquals("Modified job: job1 in schedule.", changed.get("comment"));
        Map<?, ?> change = (Map<?, ?>) ((Map<?, ?>) changed.get("changes")).get("job1");
        assertEquals(60, seconds(change.get("old")));
        assertEquals(30, seconds(change.get("new")));
        assertEquals("test.ping", ((Map<?, ?>) change.get("new")).get("function"), "the function is kept");
    }

    @Test
    void jobsAndTheWholeScheduleAreDisabledEnabledAndDeletedWithSaltsComments() throws Exception {
        add("job1", Map.of("function", "test.ping", "seconds", 60));
        assertEquals(Map.of("comment", "Disabled Job job1 in schedule.", "result", true,
                "changes", Map.of("job1", "disabled")), outcome("schedule.disable_job", List.of("job1"), Map.of()));
        assertEquals(false, ((Map<?, ?>) listed().get("job1")).get("enabled"));
        assertEquals("Job job1 is disabled.", outcome("schedule.run_job", List.of("job1"), Map.of()).get("comment"));
        assertEquals(List.of(), launched);
        assertEquals("Scheduling Job job1 on minion.", outcome("schedule.run_job", List.of("job1"),
                Map.of("force", true)).get("comment"));
        assertEquals(List.of("job1"), launched);
        assertEquals("Enabled Job job1 in schedule.", outcome("schedule.enable_job", List.of("job1"), Map.of())
                .get("comment"));
        assertEquals("Disabled schedule on minion.", outcome("schedule.disable", List.of(), Map.of()).get("comment"));
        assertEquals(false, call("schedule.is_enabled"));
        assertEquals("Schedule would be enabled.", outcome("schedule.enable", List.of(), Map.of("test", true))
                .get("comment"));
        assertEquals(false, call("schedule.is_enabled"), "test mode changes nothing");
        outcome("schedule.enable", List.of(), Map.of());
        assertEquals(true, call("schedule.is_enabled"));
        assertEquals("Job: job1 would be deleted from schedule.", outcome("schedule.delete", List.of("job1"),
                Map.of("test", true)).get("comment"));
        assertEquals(Map.of("comment", "Deleted Job job1 from schedule.", "result", true,
                "changes", Map.of("job1", "removed")), outcome("schedule.delete", List.of("job1"), Map.of()));
        assertEquals("Job job1 does not exist.", outcome("schedule.delete", List.of("job1"), Map.of()).get("comment"));
    }

    @Test
    void persistFalseIsRefusedRatherThanIgnored() throws Exception {
        Map<?, ?> r = add("job1", Map.of("function", "test.ping", "seconds", 60, "persist", false));
        assertEquals(false, r.get("result"));
        assertTrue(r.get("comment").toString().contains("persist=False"), r.toString());
        assertFalse(listed().containsKey("job1"));
    }

    @Test
    void theMinionsOwnMineEntryIsListedOnlyWithShowAllAndFollowsTheConfigNotSchedule() throws Exception {
        schedule.setConfig(MineInterval.into(Map.of(), true, Duration.ofMinutes(60)));
        assertFalse(((String) call("schedule.list")).contains("__mine_interval"));
        Map<?, ?> mine = (Map<?, ?>) listed().get(MineInterval.NAME);
        assertEquals("mine.update", mine.get("function"));
        assertEquals(60L, ((Number) mine.get("minutes")).longValue());
        assertEquals(false, mine.get("return_job"));
        Map<?, ?> deleted = outcome("schedule.delete", List.of(MineInterval.NAME), Map.of());
        assertEquals(false, deleted.get("result"));
        assertTrue(deleted.get("comment").toString().contains("the minion's own"), deleted.toString());
        assertEquals("Scheduling Job __mine_interval on minion.", outcome("schedule.run_job",
                List.of(MineInterval.NAME), Map.of()).get("comment"));
        assertEquals(List.of(MineInterval.NAME), launched);
    }

    @Test
    void aJobFromThePillarIsChangedInThePillarOnly() throws Exception {
        schedule.setPillar(Map.of("backup", Map.of("function", "test.ping", "hours", 24)));
        assertEquals("pillar", ((Map<?, ?>) listed().get("backup")).get("source"));
        Map<?, ?> deleted = outcome("schedule.delete", List.of("backup"), Map.of());
        assertEquals(false, deleted.get("result"));
        assertTrue(deleted.get("comment").toString().contains("pillar"), deleted.toString());
    }

    @Test
    void aCronJobsNextFireTimeIsOnItsMinuteInTheMinionsLocalTime() throws Exception {
        add("every5", Map.of("function", "test.ping", "cron", "*/5 * * * *"));
        Map<?, ?> next = (Map<?, ?>) call("schedule.show_next_fire_time", "every5");
        LocalDateTime at = LocalDateTime.parse(next.get("next_fire_time").toString());
        assertEquals(0, at.getMinute() % 5, next.toString());
        assertEquals(0, at.getSecond(), next.toString());
        assertTrue(at.isAfter(LocalDateTime.now()) && at.isBefore(LocalDateTime.now().plusMinutes(5).plusSeconds(1)),
                next.toString());
    }

    @Test
    void presentAddsModifiesOrLeavesAJobAndAbsentRemovesItAndTestModeChangesNothing() throws Exception {
        Map<String, Object> job = Map.of("name", "job1", "function", "test.ping", "seconds", 60);
        Map<?, ?> wouldAdd = state("schedule.present", with(job, "test", true));
        assertEquals(null, wouldAdd.get("result"), wouldAdd.toString());
        assertEquals("Job: job1 would be added to schedule.", wouldAdd.get("comment"));
        assertFalse(listed().containsKey("job1"), "test mode adds nothing");

        Map<?, ?> added = state("schedule.present", job);
        assertEquals(true, added.get("result"), added.toString());
        assertEquals("Adding new job job1 to schedule", added.get("comment"));
        assertEquals(Map.of("job1", "added"), added.get("changes"));

        Map<?, ?> same = state("schedule.present", job);
        assertEquals("Job job1 in correct state", same.get("comment"));
        assertEquals(Map.of(), same.get("changes"));

        Map<String, Object> faster = with(job, "seconds", 30);
        Map<?, ?> wouldModify = state("schedule.present", with(faster, "test", true));
        assertEquals(null, wouldModify.get("result"), wouldModify.toString());
        assertEquals("Job: job1 would be modified in schedule.", wouldModify.get("comment"));
        assertEquals(60, seconds(listed().get("job1")), "test mode modifies nothing");
        Map<?, ?> modified = state("schedule.present", faster);
        assertEquals("Modifying job job1 in schedule", modified.get("comment"));
        assertEquals(30, seconds(listed().get("job1")));

        Map<?, ?> wouldRemove = state("schedule.absent", Map.of("name", "job1", "test", true));
        assertEquals("Job: job1 would be deleted from schedule.", wouldRemove.get("comment"));
        assertTrue(listed().containsKey("job1"), "test mode removes nothing");
        Map<?, ?> removed = state("schedule.absent", Map.of("name", "job1"));
        assertEquals("Removed job job1 from schedule", removed.get("comment"));
        assertEquals(Map.of("job1", "removed"), removed.get("changes"));
        assertEquals("Job job1 not present in schedule", state("schedule.absent", Map.of("name", "job1"))
                .get("comment"));
    }

    @Test
    void presentRefusesToScheduleAFunctionTheGuestRefuses() throws Exception {
        FunctionPolicy noCmd = new FunctionPolicy(List.of("*"), List.of("cmd.*"), null);
        FunctionResult r = (FunctionResult) call(noCmd, "state.single", List.of("schedule.present"),
                Map.of("name", "backup", "function", "cmd.run", "job_args", List.of("backup --all"), "hours", 1));
        Map<?, ?> refused = (Map<?, ?>) ((Map<?, ?>) r.ret()).values().iterator().next();
        assertEquals(false, refused.get("result"), refused.toString());
        assertTrue(refused.get("comment").toString().contains("functions_denied"), refused.toString());
        assertFalse(listed().containsKey("backup"));
    }

    private static long seconds(Object entry) {
        return ((Number) ((Map<?, ?>) entry).get("seconds")).longValue();
    }

    private static Map<String, Object> with(Map<String, Object> map, String key, Object value) {
        Map<String, Object> out = new java.util.LinkedHashMap<>(map);
        out.put(key, value);
        return out;
    }
}
