package io.brine.minion.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MinionScheduleTest {
    @TempDir
    Path cachedir;
    private final MutableClock clock = MutableClock.at("2026-03-10T10:00:00", ZoneOffset.UTC);
    private final RecordingLauncher launcher = new RecordingLauncher(clock);

    private MinionSchedule open() throws IOException {
        return MinionSchedule.open(cachedir, clock, new SplittableRandom(7), launcher);
    }

    private static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    private static Map<String, Object> every(int seconds, String function) {
        return map("function", function, "seconds", seconds);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> listed(MinionSchedule s, String name) {
        return (Map<String, Object>) s.list().get(name);
    }

    private static void assertRefused(String message, Runnable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::run);
        assertEquals(message, e.getMessage());
    }

    @Test
    void theConfigLiesOverThePillarAndRuntimeChangesOverBothAsInSalt() throws Exception {
        MinionSchedule s = open();
        s.setPillar(map("both", every(10, "pillar.fun"), "pillar-only", every(10, "pillar.fun"),
                "also-runtime", every(10, "pillar.fun")));
        s.setConfig(map("both", every(10, "config.fun"), "config-only", every(10, "config.fun")));
        assertEquals("config.fun", listed(s, "both").get("function"), "Salt lays the config over the pillar");
        assertEquals("config", listed(s, "both").get("source"));
        assertEquals("pillar", listed(s, "pillar-only").get("source"));
        s.modify("config-only", map("seconds", 20));
        assertEquals("runtime", listed(s, "config-only").get("source"));
        assertEquals("config.fun", listed(s, "config-only").get("function"), "modify keeps the function");
        assertEquals(20L, listed(s, "config-only").get("seconds"));
        assertRefused("schedule entry 'pillar-only' comes from the pillar; change it there",
                () -> s.modify("pillar-only", map("seconds", 5)));
        assertRefused("schedule entry 'also-runtime' already exists (from the pillar)",
                () -> s.add("also-runtime", every(5, "runtime.fun")));
        assertEquals(List.of("enabled", "also-runtime", "both", "config-only", "pillar-only"),
                List.copyOf(s.list().keySet()));
    }

    @Test
    void runtimeChangesAreRefusedForPillarEntriesAndUnknownNames() throws Exception {
        MinionSchedule s = open();
        s.setPillar(map("p", every(10, "test.ping")));
        for (Runnable call : List.<Runnable>of(() -> s.delete("p"), () -> s.enableJob("p"), () -> s.disableJob("p"))) {
            assertRefused("schedule entry 'p' comes from the pillar; change it there", call);
        }
        assertRefused("no schedule entry 'nope'", () -> s.delete("nope"));
        assertRefused("no schedule entry 'nope'", () -> s.modify("nope", every(1, "test.ping")));
        assertRefused("no schedule entry 'nope'", () -> s.runJob("nope"));
        assertRefused("schedule entry name 'a b' must be 1 to 64 letters, digits, '_', '-' or '.'",
                () -> s.add("a b", every(1, "test.ping")));
        assertRefused("schedule entry 'x': seconds must be a whole number, not 'often'",
                () -> s.add("x", map("function", "test.ping", "seconds", "often")));
        assertEquals(List.of("enabled", "p"), List.copyOf(s.list().keySet()));
    }

    @Test
    void runtimeChangesSurviveANewScheduleOnTheSameDirectory() throws Exception {
        MinionSchedule s = open();
        Map<String, Object> config = map("from-config", every(60, "test.ping"), "deleted", every(60, "test.ping"),
                "disabled", every(60, "test.ping"));
        s.setConfig(config);
        s.add("added", map("function", "status.uptime", "minutes", 5, "args", List.of("x")));
        s.delete("deleted");
        s.disableJob("disabled");
        s.disable();

        MinionSchedule again = open();
        again.setConfig(config);
        assertEquals(List.of("enabled", "added", "disabled", "from-config"), List.copyOf(again.list().keySet()));
        assertEquals(false, again.list().get("enabled"));
        assertFalse(again.isEnabled());
        assertEquals(false, listed(again, "disabled").get("enabled"));
        assertEquals(List.of("x"), listed(again, "added").get("args"));
        assertEquals("runtime", listed(again, "added").get("source"));
        again.enable();
        again.enableJob("disabled");
        MinionSchedule third = open();
        third.setConfig(config);
        assertTrue(third.isEnabled());
        assertEquals(true, listed(third, "disabled").get("enabled"));
        assertEquals(List.of(), third.problems());
    }

    @Test
    void deletingARuntimeEntryThatShadowedAConfigEntryRemovesBoth() throws Exception {
        MinionSchedule s = open();
        s.setConfig(map("job", every(60, "config.fun")));
        s.modify("job", map("function", "runtime.fun", "seconds", 30));
        s.delete("job");
        assertFalse(s.list().containsKey("job"));
        s.add("job", every(10, "again.fun"));
        assertEquals("again.fun", listed(s, "job").get("function"));
    }

    @Test
    void aCorruptStoreIsSetAsideAndReportedAndTheRestRuns() throws Exception {
        Files.writeString(cachedir.resolve("schedule.json"), "not json");
        MinionSchedule s = open();
        s.setConfig(map("ping", every(1, "test.ping")));
        assertEquals(1, s.problems().size());
        assertTrue(s.problems().get(0).contains("renamed to schedule.json.unreadable-20260310T100000Z"),
                s.problems().get(0));
        assertEquals("not json", Files.readString(cachedir.resolve("schedule.json.unreadable-20260310T100000Z")));
        clock.advanceSeconds(1);
        s.tick();
        assertEquals(List.of("ping@10:00:01"), launcher.launched());
        s.add("added", every(5, "test.ping"));
        assertTrue(Files.readString(cachedir.resolve("schedule.json")).contains("\"added\""));
    }

    @Test
    void aBadEntryOrKeyInConfigOrPillarIsLeftOutAndReportedWhileTheOthersRun() throws Exception {
        MinionSchedule s = open();
        s.setConfig(map("good", every(1, "test.ping"), "typo", map("function", "test.ping", "secnds", 5),
                "not-a-map", "oops", "enabled", "maybe", "skip_function", "test.ping"));
        s.setPillar(map("pillar-bad", map("function", "test.ping", "cron", "* * *"), "splay", -1));
        List<String> problems = s.problems();
        assertEquals(6, problems.size(), problems.toString());
        assertTrue(problems.contains("config: schedule entry 'not-a-map' is not a map of settings: 'oops'; "
                + "the entry is left out"), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.startsWith("config: schedule entry 'typo': unknown key "
                + "'secnds'")), problems.toString());
        assertTrue(problems.contains("pillar: schedule entry 'pillar-bad': cron '* * *' has 3 fields; expected "
                + "five: minute hour day-of-month month day-of-week; the entry is left out"), problems.toString());
        assertTrue(problems.contains("config: schedule: enabled must be true or false, not 'maybe'; ignored"));
        assertTrue(problems.contains("pillar: schedule: splay must be from 0 to 2147483647, not -1; ignored"));
        assertTrue(problems.contains("config: schedule: skip_function is not supported by Brine; ignored"));
        assertTrue(s.isEnabled());
        clock.advanceSeconds(1);
        s.tick();
        assertEquals(List.of("good@10:00:01"), launcher.launched());
    }

    @Test
    void aGlobalEnabledFalseInTheConfigDisablesTheScheduleUntilEnabledAtRunTime() throws Exception {
        MinionSchedule s = open();
        s.setConfig(map("enabled", false, "ping", every(1, "test.ping")));
        clock.advanceSeconds(1);
        assertEquals(SkipReason.SCHEDULE_DISABLED, s.tick().get(0).skipped());
        s.enable();
        clock.advanceSeconds(1);
        assertTrue(s.tick().get(0).started());
    }

    @Test
    void theScheduleWideSplayAppliesToEntriesWithoutTheirOwn() throws Exception {
        MinionSchedule s = open();
        s.setConfig(map("splay", map("start", 100, "end", 100), "splayed", every(10, "test.ping"),
                "own", map("function", "test.ping", "seconds", 10, "splay", 0)));
        assertEquals(clock.instant().plusSeconds(110), s.nextRuns().get("splayed"));
        assertEquals(clock.instant().plusSeconds(10), s.nextRuns().get("own"));
        assertFalse(listed(s, "splayed").containsKey("splay"), "the listing shows the entry as defined");
    }

    @Test
    void runJobRunsADisabledEntryOnlyWhenForcedAsSaltDoes() throws Exception {
        MinionSchedule s = open();
        s.setConfig(map("off", map("function", "test.ping", "hours", 1, "enabled", false)));
        RunAttempt refused = s.runJob("off");
        assertEquals(SkipReason.DISABLED, refused.skipped());
        assertEquals(List.of(), launcher.launched());
        s.disable();
        assertTrue(s.runJob("off", true).started(), "even with the whole schedule disabled");
        assertEquals(List.of("off@10:00"), launcher.launched());
    }

    @Test
    void aPillarRefreshWithTheSameEntriesKeepsTheirTimes() throws Exception {
        MinionSchedule s = open();
        Map<String, Object> pillar = map("hourly", map("function", "test.ping", "hours", 1, "run_on_start", true));
        s.setPillar(pillar);
        clock.advanceSeconds(1);
        s.tick();
        clock.advanceSeconds(1800);
        s.setPillar(map("hourly", map("function", "test.ping", "hours", 1, "run_on_start", true)));
        s.tick();
        assertEquals(List.of("hourly@10:00:01"), launcher.launched(), "a refresh ran run_on_start again");
        assertEquals(clock.instant().plusSeconds(1799), s.nextRuns().get("hourly"), "11:00, an hour after it joined");
    }

    @Test
    void aChangeThatCannotBeSavedIsNotMade() throws Exception {
        MinionSchedule s = open();
        Files.createDirectory(cachedir.resolve("schedule.json.tmp")); // in the way of the temporary file
        Files.writeString(cachedir.resolve("schedule.json.tmp").resolve("x"), "");
        assertThrows(UncheckedIOException.class, () -> s.add("job", every(1, "test.ping")));
        assertFalse(s.list().containsKey("job"));
    }
}
