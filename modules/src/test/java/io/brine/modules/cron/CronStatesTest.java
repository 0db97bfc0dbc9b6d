package io.brine.modules.cron;

import static io.brine.states.Outcomes.anyChanges;
import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionRegistry;
import io.brine.functions.MasterLink;
import io.brine.functions.MinionControl;
import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import io.brine.states.SystemAccounts;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cron states against a real throwaway user's crontab, through crontab(1). */
class CronStatesTest {
    static final String MARKER = CronTab.MARKER + "\n";

    @TempDir Path treeDir;
    final SystemAccounts accounts = new SystemAccounts();
    StateTree tree;
    StateEngine engine;
    String user;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "editing another user's crontab needs root");
        assumeTrue(Path.of("/usr/bin/crontab").toFile().canExecute(), "needs crontab (the cron package)");
        tree = new StateTree(treeDir);
        engine = StateEngine.of(List.of(new CronStates(new Random(7), "root")));
        user = accounts.newUser();
    }

    @AfterEach
    void cleanUp() throws Exception {
        if (user != null) {
            run("", "crontab", "-r", "-u", user);
        }
        accounts.removeAll();
    }

    /** Test mode first (nothing written, the change predicted), then for real, then nothing left to do. */
    private Map<String, Object> converge(String id, String function, String sls) throws Exception {
        tree.file("t.sls", sls.replace("USER", user));
        String original = crontab();
        StateOutcome dry = engine.apply(tree.testJob("t"));
        Map<String, Object> predicted = state(dry, id, function);
        assertNull(predicted.get("result"), () -> dry.ret().toString());
        assertEquals(original, crontab(), "test mode changed the crontab");
        StateOutcome first = engine.apply(tree.job("t"));
        assertTrue(first.success(), () -> first.ret().toString());
        Map<String, Object> result = state(first, id, function);
        assertEquals(predicted.get("changes"), result.get("changes"));
        assertEquals(Map.of(user, id), result.get("changes"));
        StateOutcome second = engine.apply(tree.job("t"));
        assertTrue(second.success(), () -> second.ret().toString());
        assertFalse(anyChanges(second), () -> second.ret().toString());
        assertEquals(Boolean.TRUE, state(second, id, function).get("result"));
        return result;
    }

    @Test
    void aJobIsAddedBelowTheMarkerWithItsIdentifierAndTheUsersOwnLinesStay() throws Exception {
        run("MAILTO=me@example.com\n0 3 * * * /bin/own-job\n", "crontab", "-u", user, "-");
        Map<String, Object> result = converge("/bin/backup --all", "cron.present", """
            /bin/backup --all:
              cron.present:
                - user: USER
                - minute: 15
                - hour: 2
                - comment: nightly
            """);
        assertEquals("Cron /bin/backup --all added to " + user + "'s crontab", result.get("comment"));
        assertEquals("MAILTO=me@example.com\n0 3 * * * /bin/own-job\n" + MARKER
                + "# nightly SALT_CRON_IDENTIFIER:/bin/backup --all\n15 2 * * * /bin/backup --all\n", crontab());
    }

    @Test
    void changingTheScheduleOrCommandOfAnIdentifiedJobRewritesItInPlace() throws Exception {
        String sls = """
            %s:
              cron.present:
                - user: USER
                - identifier: report
                - minute: '%s'
            other:
              cron.present:
                - user: USER
            """;
        converge("/bin/report", "cron.present", sls.formatted("/bin/report", "*/5"));
        Map<String, Object> changed = converge("/bin/report", "cron.present", sls.formatted("/bin/report", "30"));
        assertEquals("Cron /bin/report updated", changed.get("comment"));
        converge("/bin/report --v2", "cron.present", sls.formatted("/bin/report --v2", "30"));
        assertEquals(MARKER + "# SALT_CRON_IDENTIFIER:report\n30 * * * * /bin/report --v2\n"
                + "# SALT_CRON_IDENTIFIER:other\n* * * * * other\n", crontab());
    }

    @Test
    void aSpecialScheduleReplacesTheTimedJobAndCanBeDisabled() throws Exception {
        converge("/bin/boot", "cron.present", "/bin/boot:\n  cron.present:\n    - user: USER\n    - hour: 1\n");
        converge("/bin/boot", "cron.present", """
            /bin/boot:
              cron.present:
                - user: USER
                - special: '@reboot'
                - commented: true
            """);
        assertEquals(MARKER + "# SALT_CRON_IDENTIFIER:/bin/boot\n#DISABLED#@reboot /bin/boot\n", crontab());
    }

    @Test
    void aJobWrittenWithoutIdentifierIsAdoptedByItsCommandAndThenRemoved() throws Exception {
        run(MARKER + "0 4 * * * /bin/legacy\n", "crontab", "-u", user, "-");
        converge("/bin/legacy", "cron.present", "/bin/legacy:\n  cron.present:\n    - user: USER\n    - minute: 0\n"
                + "    - hour: 4\n");
        assertEquals(MARKER + "# SALT_CRON_IDENTIFIER:/bin/legacy\n0 4 * * * /bin/legacy\n", crontab());
        Map<String, Object> removed = converge("/bin/legacy", "cron.absent", """
            /bin/legacy:
              cron.absent:
                - user: USER
                - minute: 0
            """);
        assertEquals("Cron /bin/legacy removed from " + user + "'s crontab", removed.get("comment"));
        assertEquals(MARKER, crontab());
    }

    @Test
    void aRandomMinuteIsChosenOnceAndKept() throws Exception {
        converge("/bin/spread", "cron.present", "/bin/spread:\n  cron.present:\n    - user: USER\n"
                + "    - minute: random\n    - hour: 3\n");
        String line = crontab().lines().filter(l -> !l.startsWith("#") && l.endsWith("/bin/spread")).findFirst()
                .orElseThrow();
        int minute = Integer.parseInt(line.split(" ")[0]);
        assertTrue(minute >= 0 && minute < 60, line);
        assertTrue(line.endsWith(" 3 * * * /bin/spread"), line);
    }

    @Test
    void environmentVariablesAreSetChangedAndRemoved() throws Exception {
        converge("MAILTO", "cron.env_present", "MAILTO:\n  cron.env_present:\n    - user: USER\n    - value: a@b.c\n");
        Map<String, Object> updated = converge("MAILTO", "cron.env_present",
                "MAILTO:\n  cron.env_present:\n    - user: USER\n    - value: ops@b.c\n");
        assertEquals("Cron env MAILTO updated", updated.get("comment"));
        assertEquals(MARKER + "MAILTO=ops@b.c\n", crontab());
        converge("MAILTO", "cron.env_absent", "MAILTO:\n  cron.env_absent:\n    - user: USER\n");
        assertEquals(MARKER, crontab());
    }

    @Test
    void listTabReturnsTheJobsInSaltsShape() throws Exception {
        run(MARKER + "# SALT_CRON_IDENTIFIER:x\n1 2 3 4 5 /bin/x\n@daily /bin/d\n", "crontab", "-u", user, "-");
        FunctionContext ctx = new FunctionContext("m", "1", Map.of(), MasterLink.NONE,
                Instant.now().plus(Duration.ofMinutes(1)), FunctionRegistry.installed(), treeDir, MinionControl.NONE);
        Map<?, ?> tab = (Map<?, ?>) ctx.call("cron.list_tab", List.of(user), Map.of()).ret();
        assertEquals(List.of(), tab.get("pre"));
        Map<?, ?> job = (Map<?, ?>) ((List<?>) tab.get("crons")).get(0);
        assertEquals("5", job.get("dayweek"));
        assertEquals("x", job.get("identifier"));
        assertEquals("@daily", ((Map<?, ?>) ((List<?>) tab.get("special")).get(0)).get("spec"));
        assertEquals(crontab(), ctx.call("cron.raw_cron", List.of(user), Map.of()).ret());
    }

    @Test
    void badArgumentsAndAnUnknownUserFailWithAReason() throws Exception {
        tree.file("t.sls", """
            bad-minute:
              cron.present:
                - user: USER
                - minute: '1 2'
            bad-special:
              cron.present:
                - user: USER
                - special: 'reboot'
            no-such-user:
              cron.present:
                - user: brinenosuchuser
            """.replace("USER", user));
        StateOutcome out = engine.apply(tree.job("t"));
        assertFalse(out.success());
        assertTrue(state(out, "bad-minute", "cron.present").get("comment").toString().contains("Invalid minute"));
        assertTrue(state(out, "bad-special", "cron.present").get("comment").toString().contains("Invalid special"));
        assertTrue(state(out, "no-such-user", "cron.present").get("comment").toString()
                .contains("brinenosuchuser"), () -> out.ret().toString());
        assertEquals("", crontab());
    }

    @Test
    void inTestModeTheCrontabOfAUserCreatedAboveIsPendingNotFailed() {
        String future = SystemAccounts.uniqueName();
        tree.file("t.sls", "%1$s:\n  user.present: []\n/bin/job:\n  cron.present:\n    - user: %1$s\n"
                .formatted(future));
        StateOutcome out = StateEngine.withInstalledFunctions().apply(tree.testJob("t"));
        Map<String, Object> job = state(out, "/bin/job", "cron.present");
        assertNull(job.get("result"), job.toString());
        assertEquals(Map.of(future, "/bin/job"), job.get("changes"));
    }

    @Test
    void theCronStatesAndFunctionsAreInstalled() {
        assertTrue(StateEngine.withInstalledFunctions().functionNames()
                .containsAll(List.of("cron.present", "cron.absent", "cron.env_present", "cron.env_absent")));
        assertTrue(FunctionRegistry.installed().names().containsAll(List.of("cron.list_tab", "cron.raw_cron")));
    }

    private String crontab() throws Exception {
        Process p = new ProcessBuilder("crontab", "-u", user, "-l").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes());
        return p.waitFor() == 0 ? out : "";
    }

    private static void run(String stdin, String... argv) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        p.getOutputStream().write(stdin.getBytes());
        p.getOutputStream().close();
        p.getInputStream().readAllBytes();
        p.waitFor();
    }
}
