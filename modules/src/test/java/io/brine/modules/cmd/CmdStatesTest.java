package io.brine.modules.cmd;

import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.states.StateEngine;
import io.brine.states.StateOutcome;
import io.brine.states.StateTree;
import io.brine.states.SystemAccounts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CmdStatesTest {
    @TempDir Path treeDir;
    @TempDir Path work;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();
    final SystemAccounts accounts = new SystemAccounts();

    @BeforeEach
    void setUp() {
        tree = new StateTree(treeDir);
    }

    @AfterEach
    void cleanUp() throws Exception {
        accounts.removeAll();
    }

    private StateOutcome apply(String sls) {
        tree.file("t.sls", sls);
        return engine.apply(tree.job("t"));
    }

    private static Map<?, ?> changes(Map<String, Object> state) {
        return (Map<?, ?>) state.get("changes");
    }

    @Test
    void runReportsOutputAndFailsOnANonZeroExit() {
        StateOutcome out = apply("""
            hello:
              cmd.run:
                - name: echo "hi $WHO" && pwd
                - env: {WHO: there}
                - cwd: %s
            broken:
              cmd.run:
                - name: echo oops >&2; exit 3
            """.formatted(work));
        Map<String, Object> hello = state(out, "hello", "cmd.run");
        assertEquals("hi there\n" + work, changes(hello).get("stdout"));
        Map<String, Object> broken = state(out, "broken", "cmd.run");
        assertEquals(false, broken.get("result"));
        assertEquals(3, changes(broken).get("retcode"));
        assertEquals("oops", changes(broken).get("stderr"));
    }

    @Test
    void createsMakesTheCommandIdempotent() throws Exception {
        Path marker = work.resolve("marker");
        String sls = "make:\n  cmd.run:\n    - name: touch %s\n    - creates: %s\n".formatted(marker, marker);
        assertFalse(changes(state(apply(sls), "make", "cmd.run")).isEmpty());
        assertTrue(Files.exists(marker));
        Map<String, Object> again = state(engine.apply(tree.job("t")), "make", "cmd.run");
        assertTrue(changes(again).isEmpty());
        assertEquals("All files in creates exist", again.get("comment"));
    }

    @Test
    void unlessAndOnlyifDecideWhetherTheCommandRuns() throws Exception {
        StateOutcome out = apply("""
            skipped_by_unless:
              cmd.run:
                - name: touch %1$s/a
                - unless: "true"
            run_by_unless:
              cmd.run:
                - name: touch %1$s/b
                - unless: ["true", "false"]
            skipped_by_onlyif:
              cmd.run:
                - name: touch %1$s/c
                - onlyif: test -e %1$s/nothing
            run_by_onlyif:
              cmd.run:
                - name: touch %1$s/d
                - onlyif: test -d %1$s
            """.formatted(work));
        assertTrue(out.success());
        assertFalse(Files.exists(work.resolve("a")));
        assertTrue(Files.exists(work.resolve("b")));
        assertFalse(Files.exists(work.resolve("c")));
        assertTrue(Files.exists(work.resolve("d")));
    }

    @Test
    void runasRunsAsThatUser() throws Exception {
        String user = accounts.newUser();
        StateOutcome out = apply("who:\n  cmd.run:\n    - name: id -un\n    - runas: %s\n".formatted(user));
        assertEquals(user, changes(state(out, "who", "cmd.run")).get("stdout"));
    }

    @Test
    void statefulCommandsSayWhetherTheyChangedAnything() {
        StateOutcome out = apply("""
            quiet:
              cmd.run:
                - name: |
                    echo "changed=no comment='already fine'"
                - stateful: true
            loud:
              cmd.run:
                - name: |
                    echo '{"changed": true, "comment": "did it"}'
                - stateful: true
            """);
        assertTrue(changes(state(out, "quiet", "cmd.run")).isEmpty());
        assertEquals("already fine", state(out, "quiet", "cmd.run").get("comment"));
        assertEquals("did it", state(out, "loud", "cmd.run").get("comment"));
        assertFalse(changes(state(out, "loud", "cmd.run")).isEmpty());
    }

    @Test
    void testModeRunsNothing() {
        Path marker = work.resolve("never");
        tree.file("t.sls", "x:\n  cmd.run:\n    - name: touch %s\n".formatted(marker));
        Map<String, Object> x = state(engine.apply(tree.testJob("t")), "x", "cmd.run");
        assertNull(x.get("result"));
        assertFalse(Files.exists(marker));
    }

    @Test
    void scriptComesFromTheStateTree() {
        tree.file("scripts/greet.sh", "#!/bin/sh\necho \"greetings $1 from $(basename $0)\"\n");
        StateOutcome out = apply("greet:\n  cmd.script:\n    - source: brine://scripts/greet.sh\n    - args: world\n");
        assertEquals("greetings world from greet.sh", changes(state(out, "greet", "cmd.script")).get("stdout"));
        StateOutcome missing = apply("greet:\n  cmd.script:\n    - source: brine://scripts/none.sh\n");
        assertEquals(false, state(missing, "greet", "cmd.script").get("result"));
    }

    @Test
    void aFailedCommandKeepsItsDependentsOffTheDisk() {
        Path file = work.resolve("config");
        StateOutcome out = apply("""
            prepare:
              cmd.run:
                - name: exit 1
            %s:
              file.managed:
                - contents: never
                - require:
                  - cmd: prepare
            """.formatted(file));
        Map<String, Object> managed = state(out, file.toString(), "file.managed");
        assertEquals(false, managed.get("result"));
        assertEquals("One or more requisite failed: t.prepare", managed.get("comment"));
        assertFalse(Files.exists(file));
    }

    @Test
    void waitRunsOnlyWhenAWatchedStateChanged() throws Exception {
        Path config = work.resolve("app.conf");
        Path log = work.resolve("reloads");
        tree.file("t.sls", """
            idle:
              cmd.wait:
                - name: echo idle >> %2$s
            %1$s:
              file.managed:
                - contents: v=1
            reload:
              cmd.wait:
                - name: echo reloaded >> %2$s && echo done
                - watch:
                  - file: %1$s
            rescript:
              cmd.wait_script:
                - source: brine://scripts/note.sh
                - args: %2$s
                - watch:
                  - file: %1$s
            """.formatted(config, log));
        tree.file("scripts/note.sh", "#!/bin/sh\necho script >> \"$1\"\n");

        Map<String, Object> predicted = state(engine.apply(tree.testJob("t")), "reload", "cmd.wait");
        assertNull(predicted.get("result"));
        assertFalse(Files.exists(log));

        StateOutcome first = engine.apply(tree.job("t"));
        assertTrue(first.success());
        Map<String, Object> idle = state(first, "idle", "cmd.wait");
        assertEquals(true, idle.get("result"));
        assertTrue(changes(idle).isEmpty());
        assertEquals("done", changes(state(first, "reload", "cmd.wait")).get("stdout"));
        assertEquals("reloaded\nscript\n", Files.readString(log));

        StateOutcome again = engine.apply(tree.job("t"));
        assertTrue(changes(state(again, "reload", "cmd.wait")).isEmpty());
        assertTrue(changes(state(again, "rescript", "cmd.wait_script")).isEmpty());
        assertEquals("reloaded\nscript\n", Files.readString(log));
    }

    @Test
    void runTakesTheCmdFunctionsStdinAndPythonShell() {
        StateOutcome out = apply("""
            fed:
              cmd.run:
                - name: cat
                - stdin: "from the state"
            words:
              cmd.run:
                - name: printf '%s|' $HOME "two words"
                - python_shell: false
            listed_env:
              cmd.run:
                - name: echo "$A$B"
                - env:
                  - A: one
                  - B: 2
            """);
        assertEquals("from the state", changes(state(out, "fed", "cmd.run")).get("stdout"));
        assertEquals("$HOME|two words|", changes(state(out, "words", "cmd.run")).get("stdout"));
        assertEquals("one2", changes(state(out, "listed_env", "cmd.run")).get("stdout"));
    }

    @Test
    void aTimeoutInFractionalSecondsKillsTheCommandAndTheCommentSaysSo() throws Exception {
        Path pids = work.resolve("pids");
        Map<String, Object> slow = state(apply("""
            slow:
              cmd.run:
                - name: sleep 30 & echo $$ $! > %s; wait
                - timeout: 0.5
            """.formatted(pids)), "slow", "cmd.run");
        assertEquals(false, slow.get("result"));
        assertTrue(((String) slow.get("comment")).contains("timed out after 0.5 s"), slow.toString());
        for (String pid : Files.readString(pids).trim().split(" ")) {
            assertFalse(ProcessHandle.of(Long.parseLong(pid)).filter(io.brine.functions.ProcessRunner::isRunning)
                    .isPresent(), "process " + pid + " is still running");
        }
    }

    @Test
    void outputBeyondTheCapIsCutAndTheCommentSaysHowMuchThereWas() {
        Map<String, Object> big = state(apply("""
            big:
              cmd.run:
                - name: head -c 17825792 /dev/zero | tr '\\0' a
            """), "big", "cmd.run");
        assertEquals(true, big.get("result"));
        assertEquals(16 * 1024 * 1024, ((String) changes(big).get("stdout")).length());
        assertEquals(java.util.List.of("stdout"), changes(big).get("truncated"));
        assertTrue(((String) big.get("comment")).endsWith("(stdout cut to its first 16 MiB of 17 MiB)"),
                big.get("comment").toString());
    }

    @Test
    void aScriptRunsFromACopyOnlyItsUserCanReadWhichIsGoneAfterwards() throws Exception {
        tree.file("scripts/where.sh", "#!/bin/sh\necho $(stat -c %a \"$0\" \"$(dirname \"$0\")\"); dirname \"$0\"\n");
        Map<?, ?> changes = changes(state(apply("where:\n  cmd.script:\n    - source: brine://scripts/where.sh\n"),
                "where", "cmd.script"));
        String[] lines = ((String) changes.get("stdout")).split("\n");
        assertEquals("700 700", lines[0]);
        assertFalse(Files.exists(Path.of(lines[1])), lines[1] + " was left behind");
    }
}
