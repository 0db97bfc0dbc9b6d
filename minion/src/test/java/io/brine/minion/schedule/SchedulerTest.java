package io.brine.minion.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SchedulerTest {
    private static final ZoneId UTC = ZoneOffset.UTC;

    private final MutableClock clock = MutableClock.at("2026-03-10T10:00:00", UTC);
    private final RecordingLauncher launcher = new RecordingLauncher(clock);
    private final Scheduler scheduler = new Scheduler(clock, new SplittableRandom(42), launcher);

    private static ScheduleEntry entry(String name, Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("function", "test.ping");
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return ScheduleEntry.parse(name, m);
    }

    private void schedule(ScheduleEntry... entries) {
        Map<String, ScheduleEntry> m = new LinkedHashMap<>();
        for (ScheduleEntry e : entries) {
            m.put(e.name(), e);
        }
        scheduler.replace(m);
    }

    /** Ticks once a second for {@code seconds} seconds, starting with a tick now; the attempts made. */
    private List<RunAttempt> tickEverySecondFor(long seconds) {
        List<RunAttempt> attempts = new ArrayList<>();
        for (long i = 0; i < seconds; i++) {
            attempts.addAll(scheduler.tick());
            clock.advanceSeconds(1);
        }
        return attempts;
    }

    @Test
    void anIntervalEntryFirstFiresOneIntervalAfterItJoined() {
        schedule(entry("every-minute", "seconds", 60));
        tickEverySecondFor(181);
        assertEquals(List.of("every-minute@10:01", "every-minute@10:02", "every-minute@10:03"),
                launcher.launched());
    }

    @Test
    void runOnStartAlsoFiresAtTheFirstTickAndKeepsTheCadence() {
        schedule(entry("every-minute", "minutes", 1, "run_on_start", true));
        tickEverySecondFor(121);
        assertEquals(List.of("every-minute@10:00", "every-minute@10:01", "every-minute@10:02"),
                launcher.launched());
    }

    @Test
    void theCadenceIsKeptWhenTicksComeALittleLate() {
        schedule(entry("every-minute", "seconds", 60));
        clock.set(clock.instant().plusMillis(60_700));
        scheduler.tick();
        clock.set(clock.instant().plusMillis(59_400)); // 10:02:00.1
        scheduler.tick();
        assertEquals(List.of("every-minute@10:01:00.700", "every-minute@10:02:00.100"), launcher.launched());
    }

    @Test
    void aCronEntryFiresAtTheStartOfItsMinuteOnly() {
        clock.set(clock.instant().plusSeconds(30));
        schedule(entry("quarter", "cron", "*/15 * * * *"));
        tickEverySecondFor(31 * 60);
        assertEquals(List.of("quarter@10:15", "quarter@10:30"), launcher.launched());
    }

    @Test
    void aCronTimeMissedWhileTheMinionWasDownIsNotRunAtStartUnlessRunOnStart() {
        clock.set(LocalDateTime.parse("2026-03-10T10:07:00").toInstant(ZoneOffset.UTC));
        schedule(entry("daily", "cron", "0 10 * * *"), entry("daily-catch-up", "cron", "0 10 * * *",
                "run_on_start", true));
        tickEverySecondFor(5);
        assertEquals(List.of("daily-catch-up@10:07"), launcher.launched());
        assertEquals(LocalDateTime.parse("2026-03-11T10:00").toInstant(ZoneOffset.UTC),
                scheduler.nextRuns().get("daily"));
    }

    @Test
    void aLateTickFiresEachOverdueEntryOnceAndOwesNoBacklog() {
        schedule(entry("interval", "seconds", 60), entry("cron", "cron", "* * * * *"),
                entry("when", "when", List.of("10:05", "10:10", "10:20")));
        clock.advance(Duration.ofHours(3)); // suspended
        List<RunAttempt> late = scheduler.tick();
        assertEquals(3, late.size());
        assertEquals(List.of("interval@13:00", "cron@13:00", "when@13:00"), launcher.launched());
        launcher.clear();
        tickEverySecondFor(59);
        assertEquals(List.of(), launcher.launched(), "a backlog was run");
        tickEverySecondFor(2);
        assertEquals(List.of("interval@13:01", "cron@13:01"), launcher.launched());
        assertEquals(LocalDateTime.parse("2026-03-11T10:05").toInstant(ZoneOffset.UTC),
                scheduler.nextRuns().get("when"), "the daily times come back tomorrow");
    }

    @Test
    void onceFiresAtItsTimeAndIsThenSpent() {
        schedule(entry("once", "once", "2026-03-10T10:00:05"));
        tickEverySecondFor(10);
        assertEquals(List.of("once@10:00:05"), launcher.launched());
        assertFalse(scheduler.nextRuns().containsKey("once"));
        clock.advance(Duration.ofDays(1));
        tickEverySecondFor(2);
        assertEquals(1, launcher.launched().size());
    }

    @Test
    void aOnceAlreadyPastWhenItJoinsNeverFires() {
        schedule(entry("once", "once", "2026-03-10T09:59:59"));
        tickEverySecondFor(10);
        assertEquals(List.of(), launcher.launched());
        assertTrue(scheduler.nextRuns().isEmpty());
    }

    @Test
    void whenFiresAtEachOfItsTimesAndDailyTimesEveryDay() {
        schedule(entry("when", "when", List.of("10:00:03", "2026-03-10 10:00:06", "2026-03-09T10:00:07")));
        tickEverySecondFor(10);
        assertEquals(List.of("when@10:00:03", "when@10:00:06"), launcher.launched());
        clock.set(LocalDateTime.parse("2026-03-11T10:00:00").toInstant(ZoneOffset.UTC));
        tickEverySecondFor(10);
        assertEquals(List.of("when@10:00:03", "when@10:00:06", "when@10:00:03"), launcher.launched());
    }

    @Test
    void aRangeLetsRunsOnlyInsideItAndInvertOnlyOutside() {
        schedule(entry("inside", "minutes", 30, "range", Map.of("start", "10:30", "end", "11:30")),
                entry("outside", "minutes", 30, "range", Map.of("start", "10:30", "end", "11:30", "invert", true)));
        List<RunAttempt> attempts = tickEverySecondFor(3 * 3600 + 1);
        // both ends count as inside; an inverted range lets its ends run too, as in Salt
        assertEquals(List.of("inside@10:30", "outside@10:30", "inside@11:00", "inside@11:30", "outside@11:30",
                "outside@12:00", "outside@12:30", "outside@13:00"), launcher.launched());
        assertEquals(3, attempts.stream().filter(a -> a.skipped() == SkipReason.NOT_IN_RANGE).count());
        assertEquals(1, attempts.stream().filter(a -> a.skipped() == SkipReason.IN_SKIP_RANGE).count());
    }

    @Test
    void untilAndAfterBoundTheRuns() {
        schedule(entry("bounded", "minutes", 1, "after", "2026-03-10T10:01:00", "until", "2026-03-10T10:04"));
        List<RunAttempt> attempts = tickEverySecondFor(6 * 60 + 1);
        assertEquals(List.of("bounded@10:02", "bounded@10:03"), launcher.launched());
        assertEquals(List.of(SkipReason.AFTER_NOT_PASSED, SkipReason.UNTIL_PASSED, SkipReason.UNTIL_PASSED,
                SkipReason.UNTIL_PASSED), attempts.stream().filter(a -> !a.started()).map(RunAttempt::skipped)
                .toList());
    }

    @Test
    void splayPutsEachRunOffByAnAmountWithinItsBoundsWithoutDrift() {
        schedule(entry("splayed", "minutes", 10, "splay", Map.of("start", 30, "end", 90)));
        tickEverySecondFor(10 * 600 + 91);
        List<String> runs = launcher.launched();
        assertEquals(10, runs.size());
        List<Long> offsets = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            LocalTime at = LocalTime.parse(runs.get(i).substring(runs.get(i).indexOf('@') + 1));
            long offset = Duration.between(LocalTime.of(10, 0).plusMinutes(10L * (i + 1)), at).toSeconds();
            assertTrue(offset >= 30 && offset <= 90, "run " + i + " put off by " + offset + "s");
            offsets.add(offset);
        }
        assertTrue(offsets.stream().distinct().count() > 3, "not drawn afresh for each run: " + offsets);
    }

    @Test
    void anIntegerSplayIsOneToThatManySeconds() {
        schedule(entry("splayed", "minutes", 1, "splay", 2));
        tickEverySecondFor(100 * 60 + 3);
        assertEquals(100, launcher.launched().size());
        assertTrue(launcher.launched().stream().map(r -> r.substring(r.length() - 3))
                .allMatch(s -> s.equals(":01") || s.equals(":02")), launcher.launched().toString());
    }

    @Test
    void maxrunningHoldsFurtherRunsUntilOneEnds() {
        launcher.keepingRunsRunning();
        schedule(entry("slow", "seconds", 10), entry("two-at-once", "seconds", 10, "maxrunning", 2),
                entry("uncounted", "seconds", 10, "jid_include", false));
        List<RunAttempt> attempts = tickEverySecondFor(31);
        assertEquals(List.of("slow@10:00:10", "two-at-once@10:00:10", "uncounted@10:00:10", "two-at-once@10:00:20",
                "uncounted@10:00:20", "uncounted@10:00:30"), launcher.launched());
        assertEquals(List.of("slow", "slow", "two-at-once"), attempts.stream()
                .filter(a -> a.skipped() == SkipReason.MAXRUNNING).map(RunAttempt::name).toList());
        assertEquals(2, scheduler.running("two-at-once"));
        launcher.finishAll();
        assertEquals(0, scheduler.running("two-at-once"), "a done run twice was counted twice");
        tickEverySecondFor(10);
        assertTrue(launcher.launched().contains("slow@10:00:40"));
    }

    @Test
    void aDisabledEntryOrScheduleSkipsItsRunsAndKeepsItsCadence() {
        ScheduleEntry job = entry("job", "seconds", 10);
        schedule(job.withEnabled(false));
        List<RunAttempt> attempts = tickEverySecondFor(11);
        assertEquals(List.of(SkipReason.DISABLED), attempts.stream().map(RunAttempt::skipped).toList());
        schedule(job);
        scheduler.setEnabled(false);
        attempts = tickEverySecondFor(10);
        assertEquals(List.of(SkipReason.SCHEDULE_DISABLED), attempts.stream().map(RunAttempt::skipped).toList());
        scheduler.setEnabled(true);
        tickEverySecondFor(10);
        assertEquals(List.of("job@10:00:30"), launcher.launched());
    }

    @Test
    void runNowRunsEvenADisabledEntryButNotBeyondMaxrunning() {
        launcher.keepingRunsRunning();
        schedule(entry("job", "hours", 1, "enabled", false));
        scheduler.setEnabled(false);
        assertTrue(scheduler.runNow("job").started());
        RunAttempt second = scheduler.runNow("job");
        assertEquals(SkipReason.MAXRUNNING, second.skipped());
        assertEquals(second, scheduler.lastAttempts().get("job"));
        assertEquals(List.of("job@10:00"), launcher.launched());
        assertEquals(LocalDateTime.parse("2026-03-10T11:00").toInstant(ZoneOffset.UTC),
                scheduler.nextRuns().get("job"), "running now moved its next time");
    }

    @Test
    void replacingTheEntriesKeepsTheStateOfThoseWhoseScheduleIsUnchanged() {
        launcher.keepingRunsRunning();
        ScheduleEntry kept = entry("kept", "seconds", 60);
        ScheduleEntry changed = entry("changed", "seconds", 60);
        schedule(kept, changed);
        tickEverySecondFor(30);
        schedule(kept.withEnabled(false).withEnabled(true), entry("changed", "seconds", 60, "args", List.of(1)),
                entry("new", "seconds", 60));
        tickEverySecondFor(61);
        assertEquals(List.of("kept@10:01", "changed@10:01:30", "new@10:01:30"), launcher.launched());
        schedule(entry("kept", "seconds", 30));
        assertEquals(1, scheduler.running("changed"), "a run of an entry removed is still counted");
        assertEquals(1, scheduler.running("kept"));
    }

    @Test
    void aLauncherThatThrowsLeavesNothingCountedAsRunning() {
        schedule(entry("job", "seconds", 1));
        launcher.failWith(new IllegalStateException("no threads left"));
        clock.advanceSeconds(1);
        List<RunAttempt> attempts = scheduler.tick();
        assertEquals(SkipReason.LAUNCH_FAILED, attempts.get(0).skipped());
        assertEquals(SkipReason.LAUNCH_FAILED, scheduler.lastAttempts().get("job").skipped());
        assertEquals(0, scheduler.running("job"));
    }

    @Test
    void aCronEntryInBerlinRunsOnTheDayOfTheSpringForwardGap() {
        MutableClock berlin = MutableClock.at("2026-03-29T01:59:00", ZoneId.of("Europe/Berlin"));
        RecordingLauncher l = new RecordingLauncher(berlin);
        Scheduler s = new Scheduler(berlin, new SplittableRandom(1), l);
        s.replace(Map.of("night", entry("night", "cron", "30 2 * * *")));
        for (int i = 0; i < 3600; i++) {
            s.tick();
            berlin.advanceSeconds(1);
        }
        assertEquals(List.of("night@03:30"), l.launched());
    }
}
