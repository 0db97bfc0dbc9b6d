package io.brine.modules.cron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The crontab text model alone: what Salt's marker, comments, identifiers and special lines mean. */
class CronTabTest {
    static final String USERS_OWN = """
        # m h dom mon dow command
        MAILTO=me@example.com
        0 3 * * * /home/me/own-job
        """;

    static final String MANAGED = USERS_OWN + """
        # Lines below here are managed by Salt, do not edit
        PATH=/usr/bin:/bin
        EMPTY=""
        # nightly run SALT_CRON_IDENTIFIER:backup
        15 2 * * * /usr/local/bin/backup --all
        */5 * * * * /usr/bin/legacy   with  spaces
        #
        #DISABLED#0 0 * * 0 /usr/bin/weekly
        # first line
        # second line SALT_CRON_IDENTIFIER:boot
        @reboot /usr/bin/on-boot
        """;

    @Test
    void aSaltManagedCrontabReadsIntoItsPartsAndIsWrittenBackUnchanged() {
        CronTab tab = CronTab.parse(MANAGED);
        assertEquals(USERS_OWN.lines().toList(), tab.pre());
        assertEquals(List.of(new CronEnv("PATH", "/usr/bin:/bin"), new CronEnv("EMPTY", "")), tab.env());
        assertEquals(List.of(
                new CronJob(null, List.of("15", "2", "*", "*", "*"), "/usr/local/bin/backup --all", "nightly run", false,
                        "backup"),
                new CronJob(null, List.of("*/5", "*", "*", "*", "*"), "/usr/bin/legacy   with  spaces", null, false, null),
                new CronJob(null, List.of("0", "0", "*", "*", "0"), "/usr/bin/weekly", "", true, null),
                new CronJob("@reboot", List.of(), "/usr/bin/on-boot", "first line\nsecond line", false, "boot")),
                tab.jobs());
        assertEquals(MANAGED, tab.text());
    }

    @Test
    void aCrontabWithoutTheMarkerIsAllTheUsersOwnAndGetsTheMarkerAppended() {
        CronTab tab = CronTab.parse(USERS_OWN);
        assertTrue(tab.jobs().isEmpty(), "jobs above the marker are not Salt's");
        assertTrue(tab.env().isEmpty());
        assertEquals(USERS_OWN + CronTab.MARKER + "\n", tab.text());
        assertEquals(CronTab.MARKER + "\n", CronTab.parse("").text());
    }

    @Test
    void aJobWithAnIdentifierIsFoundByItAloneAndOneWithoutByItsCommand() {
        CronTab tab = CronTab.parse(MANAGED);
        assertEquals("/usr/local/bin/backup --all", tab.job(false, "/other/command", "backup").orElseThrow().cmd());
        assertFalse(tab.job(false, "/usr/local/bin/backup --all", "/usr/local/bin/backup --all").isPresent(),
                "an identified job is not found by its command under another identifier");
        assertEquals("*/5", tab.job(false, "/usr/bin/legacy   with  spaces", "anything").orElseThrow().times().get(0));
        assertFalse(tab.job(true, "/usr/local/bin/backup --all", "backup").isPresent(), "specials are a separate kind");
        assertEquals("@reboot", tab.job(true, "x", "boot").orElseThrow().special());
    }

    @Test
    void aChangedJobKeepsItsPlaceAndAJobOfTheOtherKindMovesToItsOwnList() {
        CronTab tab = CronTab.parse(MANAGED);
        CronJob backup = tab.job(false, "x", "backup").orElseThrow();
        tab.put(backup, new CronJob(null, List.of("30", "4", "*", "*", "*"), "/usr/local/bin/backup2", "nightly run",
                false, "backup"));
        assertEquals("# nightly run SALT_CRON_IDENTIFIER:backup\n30 4 * * * /usr/local/bin/backup2",
                tab.text().lines().skip(6).limit(2).reduce((a, b) -> a + "\n" + b).orElseThrow());
        tab.put(tab.job(false, "/usr/bin/weekly", "w").orElseThrow(),
                new CronJob("@weekly", List.of(), "/usr/bin/weekly", null, false, "w"));
        assertTrue(tab.text().endsWith("@reboot /usr/bin/on-boot\n# SALT_CRON_IDENTIFIER:w\n@weekly /usr/bin/weekly\n"),
                tab.text());
        assertFalse(tab.text().contains("#DISABLED#"));
    }

    @Test
    void removingAJobTakesItsCommentLineWith() {
        CronTab tab = CronTab.parse(MANAGED);
        assertTrue(tab.remove(false, "x", "backup", j -> true).isPresent());
        assertFalse(tab.remove(false, "x", "backup", j -> true).isPresent());
        assertFalse(tab.text().contains("nightly run"));
        assertFalse(tab.remove(true, "/usr/bin/on-boot", "boot", j -> "@daily".equals(j.special())).isPresent(),
                "a special job is removed only with its own schedule");
    }

    @Test
    void environmentLinesAreSetInPlaceAndRemoved() {
        CronTab tab = CronTab.parse(MANAGED);
        tab.putEnv(new CronEnv("PATH", "/bin"));
        tab.putEnv(new CronEnv("SHELL", "/bin/bash"));
        assertTrue(tab.removeEnv("EMPTY"));
        assertFalse(tab.removeEnv("EMPTY"));
        assertEquals(List.of(new CronEnv("PATH", "/bin"), new CronEnv("SHELL", "/bin/bash")), tab.env());
        assertTrue(tab.text().contains(CronTab.MARKER + "\nPATH=/bin\nSHELL=/bin/bash\n# nightly run"), tab.text());
    }

    @Test
    void anEmptyAndAMultiLineCommentAreWrittenSoTheyReadBackTheSame() {
        CronJob job = new CronJob(null, List.of("1", "2", "3", "4", "5"), "true", "a\nb", true, "id");
        assertEquals(List.of("# a\n# b SALT_CRON_IDENTIFIER:id", "#DISABLED#1 2 3 4 5 true"), job.lines());
        CronTab tab = CronTab.parse(CronTab.MARKER + "\n" + String.join("\n", job.lines()) + "\n");
        assertEquals(List.of(job), tab.jobs());
        assertEquals(List.of("1 2 3 4 5 true"),
                new CronJob(null, List.of("1", "2", "3", "4", "5"), "true", null, false, null).lines());
    }
}
