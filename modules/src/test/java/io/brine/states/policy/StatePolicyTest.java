package io.brine.states.policy;

import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.Command;
import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionCaller;
import io.brine.functions.FunctionPolicy;
import io.brine.functions.FunctionResult;
import io.brine.states.DirectoryStateFiles;
import io.brine.states.Runners;
import io.brine.states.StateEngine;
import io.brine.states.StateJob;
import io.brine.states.StateOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The minion's policy holds for states as for functions: a state is refused by its family's name and by every
 * command it would run or install, before anything of it runs, in test mode as in a real run, as a failed state
 * naming the rule; the other states of the run go on.
 */
class StatePolicyTest {
    private static final FunctionPolicy ONLY_ECHO = new FunctionPolicy(List.of("*"), List.of(), List.of("echo [a-z ]+"));
    private static final FunctionPolicy NO_FILES = new FunctionPolicy(List.of("*"), List.of("file.*"), null);

    @TempDir
    Path dir;
    final StateEngine engine = StateEngine.withInstalledFunctions();
    /** Every command any state of a test started, which for a refused state must stay empty. */
    final List<Command> ran = new CopyOnWriteArrayList<>();
    final CommandRunner recording = command -> {
        ran.add(command);
        return Runners.LOCAL.run(command);
    };

    @Test
    void cronPresentIsRefusedOnACmdAllowedMinionInThePlanAndInTheRun() {
        // an account that does not exist: should the gate fail, no real crontab is written (cli's test uses root)
        for (boolean test : List.of(true, false)) {
            Map<String, Object> r = single("cron.present", Map.of("name", "id", "user", "brine-no-such-user"),
                    ONLY_ECHO, test);
            assertEquals(false, r.get("result"), r.toString());
            assertEquals("cron.present: the cron job is refused: command 'id' matches no cmd_allowed pattern",
                    r.get("comment"));
            assertEquals(Map.of(), r.get("changes"));
        }
        assertEquals(List.of(), ran, "not even crontab -l ran");
    }

    @Test
    void fileManagedIsRefusedByItsFamilyAndTheFileIsNotWritten() {
        Path target = dir.resolve("managed.conf");
        for (boolean test : List.of(true, false)) {
            Map<String, Object> r = single("file.managed", Map.of("name", target.toString(), "contents", "x"),
                    NO_FILES, test);
            assertEquals(false, r.get("result"), r.toString());
            assertEquals("file.managed is refused by functions_denied 'file.*'", r.get("comment"));
        }
        assertFalse(Files.exists(target));
    }

    @Test
    void aStateOutsideFunctionsAllowedIsRefusedWhileAllowedOnesRun() throws IOException {
        FunctionPolicy testsOnly = new FunctionPolicy(List.of("state.*", "test.*"), List.of(), null);
        Path target = dir.resolve("never");
        sls("mixed", """
                write:
                  file.managed:
                    - name: %s
                    - contents: x
                fine:
                  test.succeed_with_changes: []
                """.formatted(target));
        StateOutcome out = engine.apply(job("mixed", testsOnly, false));
        Map<String, Object> write = state(out, "write", "file.managed");
        assertEquals(false, write.get("result"));
        assertEquals("file.managed is refused: it matches no functions_allowed pattern", write.get("comment"));
        assertEquals(true, state(out, "fine", "test.succeed_with_changes").get("result"));
        assertFalse(Files.exists(target));
    }

    @Test
    void aRefusedStatesProbesNeverRunAndRefusedProbesStopAnAllowedState() throws IOException {
        Path touched = dir.resolve("probe-ran");
        sls("probes", """
                refused-family:
                  file.managed:
                    - name: %1$s/other
                    - contents: x
                    - unless: touch %2$s
                refused-probe:
                  test.succeed_with_changes:
                    - onlyif: touch %2$s
                refused-check:
                  test.succeed_with_changes:
                    - check_cmd: touch %2$s
                """.formatted(dir, touched));
        FunctionPolicy noFilesOnlyEcho = new FunctionPolicy(List.of("*"), List.of("file.*"), List.of("echo [a-z ]+"));
        for (boolean test : List.of(true, false)) {
            StateOutcome out = engine.apply(job("probes", noFilesOnlyEcho, test));
            assertEquals("file.managed is refused by functions_denied 'file.*'",
                    state(out, "refused-family", "file.managed").get("comment"));
            assertEquals("test.succeed_with_changes: onlyif probe is refused: command 'touch " + touched
                    + "' matches no cmd_allowed pattern", state(out, "refused-probe", "test.succeed_with_changes")
                    .get("comment"));
            Map<String, Object> check = state(out, "refused-check", "test.succeed_with_changes");
            assertEquals(false, check.get("result"));
            assertTrue(String.valueOf(check.get("comment")).contains("check_cmd is refused"), check.toString());
        }
        assertFalse(Files.exists(touched));
        assertEquals(List.of(), ran);
    }

    @Test
    void aWatchActionOfARefusedStateNeverRuns() throws IOException {
        Path touched = dir.resolve("watch-ran");
        sls("watch", """
                changed:
                  test.succeed_with_changes: []
                react:
                  cmd.wait:
                    - name: touch %s
                    - watch:
                      - test: changed
                """.formatted(touched));
        for (boolean test : List.of(true, false)) {
            Map<String, Object> react = state(engine.apply(job("watch", ONLY_ECHO, test)), "react", "cmd.wait");
            assertEquals(false, react.get("result"), react.toString());
            assertTrue(String.valueOf(react.get("comment")).contains("matches no cmd_allowed pattern"), react.toString());
        }
        assertFalse(Files.exists(touched));
        assertEquals(List.of(), ran);
    }

    @Test
    void anAllowedCommandStillRunsAndAChosenShellOrEnvironmentIsRefused() {
        Map<String, Object> fine = single("cmd.run", Map.of("name", "echo fine"), ONLY_ECHO, false);
        assertEquals(true, fine.get("result"), fine.toString());
        assertEquals(1, ran.size());
        Map<String, Object> shell = single("cmd.run", Map.of("name", "echo fine", "shell", "/bin/zsh"), ONLY_ECHO, true);
        assertEquals("cmd.run: shell '/bin/zsh' is refused: with cmd_allowed set, commands run only through "
                + FunctionPolicy.DEFAULT_SHELL,
                shell.get("comment"));
        Map<String, Object> env = single("cmd.run", Map.of("name", "echo fine", "env", Map.of("BASH_ENV", "/tmp/x")),
                ONLY_ECHO, true);
        assertTrue(String.valueOf(env.get("comment")).startsWith("cmd.run: env is refused"), env.toString());
        assertEquals(1, ran.size());
    }

    @Test
    void moduleRunOfADeniedFunctionIsRefusedInThePlan() {
        FunctionPolicy noEcho = new FunctionPolicy(List.of("*"), List.of("test.echo"), null);
        Map<String, Object> r = single("module.run", Map.of("name", "test.echo", "text", "hi"), noEcho, true);
        assertEquals(false, r.get("result"), r.toString());
        assertEquals("module.run: test.echo is refused by functions_denied 'test.echo'", r.get("comment"));
    }

    /**
     * In the plan only: the gate does not look at test mode (the tests above show it), and should it fail a real run
     * would set the core pattern or write root's git configuration on the machine running the tests.
     */
    @Test
    void everyOtherWayToSetACommandGoingIsRefusedUnderCmdAllowed() {
        Map<String, Map<String, Object>> calls = Map.of(
                "sysctl.present", Map.of("name", "kernel.core_pattern", "value", "|/tmp/handler %p"),
                "mount.mounted", Map.of("name", dir.resolve("mnt").toString(), "device", "x#y", "fstype", "fuse"),
                "git.latest", Map.of("name", "ext::sh -c touch% /tmp/x", "target", dir.resolve("repo").toString()),
                "git.config_set", Map.of("name", "core.fsmonitor", "value", "/tmp/evil", "global", true),
                "cron.env_present", Map.of("name", "BASH_ENV", "value", "/tmp/evil", "user", "brine-no-such-user"),
                "pip.installed", Map.of("name", "requests", "bin_env", "/tmp/evil"));
        calls.forEach((function, args) -> {
            Map<String, Object> r = single(function, args, ONLY_ECHO, true);
            assertEquals(false, r.get("result"), function + ": " + r);
            assertTrue(String.valueOf(r.get("comment")).startsWith(function + ": "), function + ": " + r);
        });
        assertEquals(List.of(), ran);
    }

    private Map<String, Object> single(String function, Map<String, Object> args, FunctionPolicy policy, boolean test) {
        StateOutcome out = engine.single(function, args, job("unused", policy, test));
        assertEquals(List.of(), out.errors());
        return state(out, String.valueOf(args.get("name")), function);
    }

    private StateJob job(String sls, FunctionPolicy policy, boolean test) {
        FunctionCaller echo = (function, args, kwargs) -> new FunctionResult(kwargs.get("text"), 0);
        return new StateJob(List.of(sls), new DirectoryStateFiles(List.of(dir)), "web1",
                Map.of("os_family", "Debian"), Map.of(), test, policy, false, recording, echo);
    }

    private void sls(String name, String text) throws IOException {
        Files.writeString(dir.resolve(name + ".sls"), text);
    }
}
