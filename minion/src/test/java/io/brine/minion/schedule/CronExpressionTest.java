package io.brine.minion.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

class CronExpressionTest {
    private static final ZoneId UTC = ZoneOffset.UTC;
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    private static String next(String cron, String after) {
        return next(cron, after, UTC);
    }

    private static String next(String cron, String after, ZoneId zone) {
        ZonedDateTime from = LocalDateTime.parse(after).atZone(zone);
        return CronExpression.parse(cron).next(from).toOffsetDateTime().toString();
    }

    @Test
    void everyMinuteFiresAtTheNextWholeMinuteStrictlyAfter() {
        assertEquals("2026-03-10T10:01Z", next("* * * * *", "2026-03-10T10:00"));
        assertEquals("2026-03-10T10:01Z", next("* * * * *", "2026-03-10T10:00:59"));
    }

    @Test
    void stepsListsAndRangesSelectTheirMinutes() {
        assertEquals("2026-03-10T10:15Z", next("*/15 * * * *", "2026-03-10T10:00"));
        assertEquals("2026-03-10T10:03Z", next("1-10/2 * * * *", "2026-03-10T10:01"));
        assertEquals("2026-03-10T11:01Z", next("1-10/2 * * * *", "2026-03-10T10:09"));
        assertEquals("2026-03-10T10:45Z", next("5,45 * * * *", "2026-03-10T10:05"));
        assertEquals("2026-03-10T10:35Z", next("5/15 * * * *", "2026-03-10T10:20"));
        assertEquals("2026-03-10T17:00Z", next("0 9-17/4 * * *", "2026-03-10T13:00"));
    }

    @Test
    void monthAndWeekdayNamesAreReadInAnyCase() {
        // 2026-03-10 is a Tuesday
        assertEquals("2026-03-13T08:00Z", next("0 8 * * FRI", "2026-03-10T10:00"));
        assertEquals("2026-03-11T08:00Z", next("0 8 * * mon-Wed", "2026-03-10T10:00"));
        assertEquals("2026-06-01T00:00Z", next("0 0 1 jun,Dec *", "2026-03-10T10:00"));
    }

    @Test
    void sundayIsBothZeroAndSeven() {
        assertEquals("2026-03-15T00:00Z", next("0 0 * * 0", "2026-03-10T10:00"));
        assertEquals("2026-03-15T00:00Z", next("0 0 * * 7", "2026-03-10T10:00"));
        assertEquals("2026-03-13T00:00Z", next("0 0 * * 5-7", "2026-03-10T10:00"));
        assertEquals(CronExpression.parse("0 0 * * 0"), CronExpression.parse("0 0 * * sun"));
    }

    @Test
    void whenBothDayFieldsAreRestrictedEitherOneMatches() {
        // the 13th, or any Monday: Monday the 16th is after Friday the 13th
        assertEquals("2026-03-13T00:00Z", next("0 0 13 * mon", "2026-03-10T10:00"));
        assertEquals("2026-03-16T00:00Z", next("0 0 13 * mon", "2026-03-13T10:00"));
    }

    @Test
    void aDayFieldStartingWithAStarKeepsTheOtherAsTheOnlyRule() {
        // every other weekday (Sun, Tue, Thu, Sat) AND the 13th: the next 13th on such a day
        assertEquals("2026-06-13T00:00Z", next("0 0 13 * */2", "2026-03-10T10:00"));
        assertEquals("2026-03-13T00:00Z", next("0 0 13 * *", "2026-03-10T10:00"));
    }

    @Test
    void theTwentyNinthOfFebruaryWaitsForALeapYearAndSkipsTwentyOneHundred() {
        assertEquals("2028-02-29T12:00Z", next("0 12 29 feb *", "2026-03-10T10:00"));
        assertEquals("2104-02-29T12:00Z", next("0 12 29 feb *", "2096-02-29T13:00"));
    }

    @Test
    void aTimeInTheSpringForwardGapFiresWhenTheGapEnds() {
        // Berlin, 2026-03-29: 02:00 CET jumps to 03:00 CEST; 02:30 does not exist that day
        assertEquals("2026-03-29T03:30+02:00", next("30 2 * * *", "2026-03-29T01:00", BERLIN));
        assertEquals("2026-03-30T02:30+02:00", next("30 2 * * *", "2026-03-29T03:30", BERLIN));
        assertEquals("2026-03-29T03:00+02:00", next("0 * * * *", "2026-03-29T01:00", BERLIN));
    }

    @Test
    void aTimeInTheAutumnOverlapFiresOnlyAtItsFirstOccurrence() {
        // Berlin, 2026-10-25: 03:00 CEST goes back to 02:00 CET; 02:30 comes twice
        ZonedDateTime first = CronExpression.parse("30 2 * * *")
                .next(LocalDateTime.parse("2026-10-25T01:00").atZone(BERLIN));
        assertEquals("2026-10-25T02:30+02:00", first.toOffsetDateTime().toString());
        assertEquals("2026-10-26T02:30+01:00", CronExpression.parse("30 2 * * *").next(first)
                .toOffsetDateTime().toString());
    }

    @Test
    void aSearchStartedInTheSecondPassOfAnOverlapMovesForward() {
        ZonedDateTime secondPass = ZonedDateTime.ofLocal(LocalDateTime.parse("2026-10-25T02:10"), BERLIN,
                ZoneOffset.ofHours(1));
        ZonedDateTime next = CronExpression.parse("30 2 * * *").next(secondPass);
        assertEquals("2026-10-25T02:30+01:00", next.toOffsetDateTime().toString());
        assertTrue(next.isAfter(secondPass));
    }

    @Test
    void shorthandsStandForTheirExpressions() {
        assertEquals(CronExpression.parse("0 0 * * *"), CronExpression.parse("@daily"));
        assertEquals(CronExpression.parse("0 * * * *"), CronExpression.parse("@HOURLY"));
        assertEquals("2026-04-01T00:00Z", next("@monthly", "2026-03-10T10:00"));
    }

    @Test
    void matchesTellsWhetherAWallClockMinuteMatches() {
        CronExpression c = CronExpression.parse("*/10 8-9 * * mon-fri");
        assertTrue(c.matches(LocalDateTime.parse("2026-03-10T08:20")));
        assertFalse(c.matches(LocalDateTime.parse("2026-03-10T08:25")));
        assertFalse(c.matches(LocalDateTime.parse("2026-03-14T08:20")), "a Saturday");
    }

    @Test
    void aBadFieldIsNamedInTheError() {
        assertMessage("cron '61 * * * *': bad minute field: 61 is outside 0-59", "61 * * * *");
        assertMessage("cron '* 24 * * *': bad hour field: 24 is outside 0-23", "* 24 * * *");
        assertMessage("cron '* * 0 * *': bad day-of-month field: 0 is outside 1-31", "* * 0 * *");
        assertMessage("cron '* * * foo *': bad month field: 'foo' is neither a number nor a name", "* * * foo *");
        assertMessage("cron '* * * * 8': bad day-of-week field: 8 is outside 0-7", "* * * * 8");
        assertMessage("cron '*/0 * * * *': bad minute field: the step 0 is outside 1-59", "*/0 * * * *");
        assertMessage("cron '5-1 * * * *': bad minute field: the range '5-1' runs backwards", "5-1 * * * *");
        assertMessage("cron '1,,2 * * * *': bad minute field: an empty item (two commas together, or one at an end)",
                "1,,2 * * * *");
    }

    @Test
    void theWrongNumberOfFieldsOrAnImpossibleDayIsRefused() {
        assertMessage("cron '* * * *' has 4 fields; expected five: minute hour day-of-month month day-of-week",
                "* * * *");
        assertMessage("cron '0 0 * * * 2026' has 6 fields; expected five: minute hour day-of-month month "
                + "day-of-week", "0 0 * * * 2026");
        assertMessage("cron '0 0 30 feb *' can never match: no chosen month has the chosen day of the month",
                "0 0 30 feb *");
        assertThrows(IllegalArgumentException.class, () -> CronExpression.parse("@reboot"));
        assertThrows(IllegalArgumentException.class, () -> CronExpression.parse(""));
    }

    @Test
    void equalSchedulesWrittenDifferentlyAreEqual() {
        assertEquals(CronExpression.parse("0,15,30,45 * * * *"), CronExpression.parse("*/15 * * * *"));
        assertNotEquals(CronExpression.parse("0 0 1 * mon"), CronExpression.parse("0 0 1 * *"));
        assertEquals("*/15 * * * *", CronExpression.parse(" */15 * * * * ").toString());
    }

    private static void assertMessage(String expected, String cron) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CronExpression.parse(cron));
        assertEquals(expected, e.getMessage());
    }
}
