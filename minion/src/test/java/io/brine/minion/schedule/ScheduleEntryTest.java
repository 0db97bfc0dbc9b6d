package io.brine.minion.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScheduleEntryTest {
    private static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    private static ScheduleEntry parse(Object... keysAndValues) {
        return ScheduleEntry.parse("job1", map(keysAndValues));
    }

    private static void assertRefused(String message, Object... keysAndValues) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(keysAndValues));
        assertEquals(message, e.getMessage());
    }

    @Test
    void theDefaultsAreSalts() {
        ScheduleEntry e = parse("function", "test.ping", "seconds", 60);
        assertEquals(1, e.maxRunning(), "maxrunning defaults to 1");
        assertTrue(e.enabled(), "enabled defaults to true");
        assertFalse(e.runOnStart(), "run_on_start defaults to false in Salt 3006's code");
        assertTrue(e.jidInclude(), "jid_include defaults to true");
        assertEquals(ReturnPolicy.SEND, e.returnJob(), "return_job defaults to true");
        assertNull(e.splay(), "no splay of its own");
        assertEquals(RunWindows.NONE, e.windows());
        assertEquals(List.of(), e.args());
        assertEquals(Map.of(), e.kwargs());
    }

    @Test
    void secondsMinutesHoursAndDaysAddUp() {
        Timing.Interval i = (Timing.Interval) parse("function", "test.ping", "seconds", 5, "minutes", "2",
                "hours", 1L, "days", 1).timing();
        assertEquals(86_400 + 3_600 + 120 + 5, i.length().toSeconds());
    }

    @Test
    void everyKeyIsReadIntoItsComponent() {
        ScheduleEntry e = parse("function", "state.sls", "args", List.of("httpd"), "kwargs", map("test", true),
                "cron", "*/15 * * * *", "splay", map("start", 10, "end", 15),
                "range", map("start", "8:00am", "end", "5:00pm", "invert", true),
                "skip_during_range", map("start", "2026-12-24 00:00", "end", "2026-12-26 23:59"),
                "until", "2027-01-01", "after", "2026-01-01T12:00", "maxrunning", 3, "enabled", "false",
                "run_on_start", "True", "jid_include", false, "return_job", "nocache", "name", "job1",
                "metadata", map("foo", "bar"), "returner", List.of("mysql"), "return_config", "alt",
                "return_kwargs", map("k", 1));
        assertEquals("state.sls", e.function());
        assertEquals(List.of("httpd"), e.args());
        assertEquals(Map.of("test", true), e.kwargs());
        assertEquals(new Timing.Cron(CronExpression.parse("*/15 * * * *")), e.timing());
        assertEquals(new Splay(10, 15), e.splay());
        assertEquals(LocalTime.of(8, 0), e.windows().range().start().daily());
        assertEquals(LocalTime.of(17, 0), e.windows().range().end().daily());
        assertTrue(e.windows().range().invert());
        assertEquals(LocalDateTime.of(2026, 12, 26, 23, 59), e.windows().skipDuringRange().end().moment());
        assertEquals(LocalDateTime.of(2027, 1, 1, 0, 0), e.windows().until().moment());
        assertEquals(LocalDateTime.of(2026, 1, 1, 12, 0), e.windows().after().moment());
        assertEquals(3, e.maxRunning());
        assertFalse(e.enabled());
        assertTrue(e.runOnStart());
        assertFalse(e.jidInclude());
        assertEquals(ReturnPolicy.SEND_UNCACHED, e.returnJob());
        assertEquals(Map.of("metadata", Map.of("foo", "bar"), "returner", List.of("mysql"), "return_config", "alt",
                "return_kwargs", Map.of("k", 1)), e.returnOptions());
    }

    @Test
    void saltsOtherSpellingsOfFunctionAreRead() {
        assertEquals("test.ping", parse("fun", "test.ping", "seconds", 1).function());
        assertEquals("test.ping", parse("func", "test.ping", "seconds", 1).function());
        assertRefused("schedule entry 'job1': gives the function twice: [function, fun]",
                "function", "test.ping", "fun", "test.ping", "seconds", 1);
    }

    @Test
    void anIntegerSplayIsOneToThatManySecondsAndZeroIsNone() {
        assertEquals(new Splay(1, 15), parse("function", "test.ping", "seconds", 60, "splay", 15).splay());
        assertEquals(Splay.NONE, parse("function", "test.ping", "seconds", 60, "splay", 0).splay());
    }

    @Test
    void whenTakesOneTimeOrAList() {
        Timing.When one = (Timing.When) parse("function", "test.ping", "when", "5:00pm").timing();
        assertEquals(LocalTime.of(17, 0), one.times().get(0).daily());
        Timing.When many = (Timing.When) parse("function", "test.ping", "when",
                List.of("2026-05-01T09:30", "2026-05-02 09:30:15", "23:59")).timing();
        assertEquals(LocalDateTime.of(2026, 5, 2, 9, 30, 15), many.times().get(1).moment());
        assertEquals(LocalTime.of(23, 59), many.times().get(2).daily());
    }

    @Test
    void onceIsReadWithSaltsDefaultFormatOrWithOnceFmt() {
        Timing.Once dflt = (Timing.Once) parse("function", "test.ping", "once", "2026-01-07T14:30:00").timing();
        assertEquals(LocalDateTime.of(2026, 1, 7, 14, 30), dflt.at());
        Timing.Once fmt = (Timing.Once) parse("function", "test.ping", "once", "07 jan 26 2:30 PM",
                "once_fmt", "%d %b %y %I:%M %p").timing();
        assertEquals(LocalDateTime.of(2026, 1, 7, 14, 30), fmt.at());
        Timing.Once packed = (Timing.Once) parse("function", "test.ping", "once", "20260107",
                "once_fmt", "%Y%m%d").timing();
        assertEquals(LocalDateTime.of(2026, 1, 7, 0, 0), packed.at());
        Timing.Once loose = (Timing.Once) parse("function", "test.ping", "once", "2026-1-7 9:05",
                "once_fmt", "%Y-%m-%d %H:%M").timing();
        assertEquals(LocalDateTime.of(2026, 1, 7, 9, 5), loose.at());
    }

    @Test
    void toMapGivesSaltsShapeThatParsesBackToAnEqualEntry() {
        ScheduleEntry e = parse("function", "state.sls", "args", List.of("httpd"), "minutes", 90, "splay", 30,
                "range", map("start", "08:00", "end", "17:00"), "return_job", false, "metadata", map("a", 1));
        Map<String, Object> shape = e.toMap();
        assertEquals(map("function", "state.sls", "args", List.of("httpd"), "minutes", 90L, "splay", 30,
                "range", map("start", "08:00", "end", "17:00"), "name", "job1", "maxrunning", 1, "enabled", true,
                "jid_include", true, "return_job", false, "metadata", map("a", 1)), shape);
        assertEquals(e, ScheduleEntry.parse("job1", shape));
        ScheduleEntry once = parse("function", "test.ping", "once", "2026-01-07", "once_fmt", "%Y-%m-%d");
        assertEquals(once, ScheduleEntry.parse("job1", once.toMap()));
        ScheduleEntry when = parse("function", "test.ping", "when", List.of("5pm", "06:00"));
        assertEquals(when, ScheduleEntry.parse("job1", when.toMap()));
    }

    @Test
    void theEntryIsACopyTheCallerCannotChange() {
        List<Object> args = new ArrayList<>(List.of("a"));
        ScheduleEntry e = parse("function", "test.arg", "args", args, "seconds", 1);
        args.add("b");
        assertEquals(List.of("a"), e.args());
        assertThrows(UnsupportedOperationException.class, () -> e.args().add("c"));
    }

    @Test
    void exactlyOneKindOfTimingIsRequired() {
        assertRefused("schedule entry 'job1': needs one of seconds/minutes/hours/days, cron, when or once",
                "function", "test.ping");
        assertRefused("schedule entry 'job1': can have only one of seconds/minutes/hours/days, cron",
                "function", "test.ping", "minutes", 5, "cron", "* * * * *");
        assertRefused("schedule entry 'job1': can have only one of when, once",
                "function", "test.ping", "when", "10:00", "once", "2026-01-07T14:30:00");
        assertRefused("schedule entry 'job1': once_fmt goes only with once",
                "function", "test.ping", "seconds", 5, "once_fmt", "%Y");
    }

    @Test
    void badValuesAreRefusedNamingTheEntryAndTheKey() {
        assertRefused("schedule entry 'job1': needs a function", "seconds", 5);
        assertRefused("schedule entry 'job1': function 'ping' is not a module.function name",
                "function", "ping", "seconds", 5);
        assertRefused("schedule entry 'job1': seconds must be a whole number, not 'soon'",
                "function", "test.ping", "seconds", "soon");
        assertRefused("schedule entry 'job1': seconds must be a whole number, not '1.5'",
                "function", "test.ping", "seconds", 1.5);
        assertRefused("schedule entry 'job1': seconds, minutes, hours and days cannot be negative",
                "function", "test.ping", "seconds", -5);
        assertRefused("schedule entry 'job1': the interval (seconds + minutes + hours + days) is zero",
                "function", "test.ping", "seconds", 0);
        assertRefused("schedule entry 'job1': args must be a list, not 'httpd'",
                "function", "test.ping", "seconds", 5, "args", "httpd");
        assertRefused("schedule entry 'job1': kwargs must be a map with string keys, not a list '[1]'",
                "function", "test.ping", "seconds", 5, "kwargs", List.of(1));
        assertRefused("schedule entry 'job1': maxrunning must be from 1 to 2147483647, not 0",
                "function", "test.ping", "seconds", 5, "maxrunning", 0);
        assertRefused("schedule entry 'job1': enabled must be true or false, not 'yes'",
                "function", "test.ping", "seconds", 5, "enabled", "yes");
        assertRefused("schedule entry 'job1': return_job must be true, false or nocache, not 'sometimes'",
                "function", "test.ping", "seconds", 5, "return_job", "sometimes");
        assertRefused("schedule entry 'job1': name 'job2' differs from the entry's name",
                "function", "test.ping", "seconds", 5, "name", "job2");
        assertRefused("schedule entry 'job1': returner must be a returner's name or a list of names",
                "function", "test.ping", "seconds", 5, "returner", 3);
        assertRefused("schedule entry 'job1': run_on_start cannot go with once (it would run a second time)",
                "function", "test.ping", "once", "2026-01-07T14:30:00", "run_on_start", true);
    }

    @Test
    void badTimesAreRefusedNamingTheKey() {
        assertRefused("schedule entry 'job1': cron '* * *' has 3 fields; expected five: minute hour day-of-month "
                + "month day-of-week", "function", "test.ping", "cron", "* * *");
        assertRefused("schedule entry 'job1': when 'Monday 5:00pm' is not a time Brine reads; use "
                + TimeSpec.FORMS, "function", "test.ping", "when", "Monday 5:00pm");
        assertRefused("schedule entry 'job1': when '25:00' is not a valid time: Invalid value for HourOfDay "
                + "(valid values 0 - 23): 25", "function", "test.ping", "when", List.of("10:00", "25:00"));
        assertRefused("schedule entry 'job1': when holds '7', not a time string",
                "function", "test.ping", "when", List.of(7));
        assertRefused("schedule entry 'job1': once '2026-01-07 14:30' does not fit once_fmt '%Y-%m-%dT%H:%M:%S': "
                + "Text '2026-01-07 14:30' could not be parsed at index 10",
                "function", "test.ping", "once", "2026-01-07 14:30");
        assertRefused("schedule entry 'job1': once_fmt '%j': %j is not read (read: %Y %y %m %d %H %I %M %S %p %b %B "
                + "%%)", "function", "test.ping", "once", "7", "once_fmt", "%j");
        assertRefused("schedule entry 'job1': until '12/31/2015 11:59pm' is not a time Brine reads; use "
                + TimeSpec.FORMS, "function", "test.ping", "seconds", 5, "until", "12/31/2015 11:59pm");
    }

    @Test
    void badSplaysAndWindowsAreRefused() {
        assertRefused("schedule entry 'job1': splay end 5 is before start 10",
                "function", "test.ping", "seconds", 5, "splay", map("start", 10, "end", 5));
        assertRefused("schedule entry 'job1': splay as a map needs exactly start and end, not [start]",
                "function", "test.ping", "seconds", 5, "splay", map("start", 10));
        assertRefused("schedule entry 'job1': splay end must be a whole number, not 'x'",
                "function", "test.ping", "seconds", 5, "splay", map("start", 10, "end", "x"));
        assertRefused("schedule entry 'job1': range end '08:00' must come after start '17:00' (for the hours "
                + "outside a window, use invert: true)",
                "function", "test.ping", "seconds", 5, "range", map("start", "17:00", "end", "08:00"));
        assertRefused("schedule entry 'job1': range start '08:00' and end '2026-01-01' must both be moments or "
                + "both be times of day",
                "function", "test.ping", "seconds", 5, "range", map("start", "08:00", "end", "2026-01-01"));
        assertRefused("schedule entry 'job1': range needs start and end (and may have invert), not [start]",
                "function", "test.ping", "seconds", 5, "range", map("start", "08:00"));
        assertRefused("schedule entry 'job1': skip_during_range needs start and end, not [start, end, invert]",
                "function", "test.ping", "seconds", 5,
                "skip_during_range", map("start", "08:00", "end", "09:00", "invert", true));
        assertRefused("schedule entry 'job1': range start must be a string, not '480'",
                "function", "test.ping", "seconds", 5, "range", map("start", 480, "end", "09:00"));
    }

    @Test
    void unknownAndUnsupportedKeysAreRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> parse("function", "test.ping", "seconds", 5, "secnds", 5));
        assertTrue(e.getMessage().startsWith("schedule entry 'job1': unknown key 'secnds' (known: after, args, "),
                e.getMessage());
        assertRefused("schedule entry 'job1': run_explicit is written by Salt's schedule.postpone_job, which Brine "
                + "does not have", "function", "test.ping", "seconds", 5, "run_explicit", List.of());
        assertRefused("schedule entry 'job1': _seconds is Salt's own bookkeeping, not a setting",
                "function", "test.ping", "seconds", 5, "_seconds", 5);
    }

    @Test
    void theNameMustBeASafeIdentifierAndNotAScheduleWideKey() {
        Map<String, Object> ok = map("function", "test.ping", "seconds", 5);
        assertEquals("a-b_c.9", ScheduleEntry.parse("a-b_c.9", ok).name());
        assertEquals(64, ScheduleEntry.parse("x".repeat(64), ok).name().length());
        for (String bad : List.of("", "x".repeat(65), "a b", "a/b", "a:b", "é")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ScheduleEntry.parse(bad, ok));
            assertEquals("schedule entry name '" + bad + "' must be 1 to 64 letters, digits, '_', '-' or '.'",
                    e.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ScheduleEntry.parse("enabled", ok));
        assertEquals("schedule entry name 'enabled' is a setting of the whole schedule, not an entry", e.getMessage());
    }

    @Test
    void timesAreReadInTheFormsListedAndNoOthers() {
        assertEquals(LocalTime.of(17, 0), TimeSpec.parse("5pm").daily());
        assertEquals(LocalTime.of(0, 30), TimeSpec.parse("12:30 AM").daily());
        assertEquals(LocalTime.of(12, 30), TimeSpec.parse("12:30p.m.").daily());
        assertEquals(LocalTime.of(7, 5, 9), TimeSpec.parse("07:05:09").daily());
        assertEquals(LocalDateTime.of(2026, 2, 28, 0, 0), TimeSpec.parse("2026-02-28").moment());
        assertThrows(IllegalArgumentException.class, () -> TimeSpec.parse("2026-02-30"));
        assertThrows(IllegalArgumentException.class, () -> TimeSpec.parse("13pm"));
        assertThrows(IllegalArgumentException.class, () -> TimeSpec.parse("tomorrow"));
    }
}
