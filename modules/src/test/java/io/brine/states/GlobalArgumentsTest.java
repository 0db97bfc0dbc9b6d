package io.brine.states;

import static io.brine.states.Outcomes.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Salt's short form and its global onlyif, unless and creates, on states that are not cmd states. */
class GlobalArgumentsTest {
    @TempDir Path dir;
    StateTree tree;
    final StateEngine engine = StateEngine.withInstalledFunctions();

    @BeforeEach
    void setUp() {
        tree = new StateTree(dir.resolve("tree"));
    }

    @Test
    void aBareFunctionNameIsAStateWithDefaultArguments() {
        tree.file("a.sls", """
            short:
              test.succeed_with_changes
            shorter: test.nop
            """);
        StateOutcome out = engine.apply(tree.job("a"));
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals("short", state(out, "short", "test.succeed_with_changes").get("name"));
        assertTrue(out.states().containsKey("test_|-shorter_|-shorter_|-nop"), out.states().keySet().toString());
    }

    @Test
    void reloadAndEnvironmentArgumentsAreAcceptedOnAnyStateAndChangeNothing() {
        tree.file("a.sls", """
            tool:
              test.succeed_with_changes:
                - reload_modules: True
                - reload_grains: True
            later:
              test.nop:
                - reload_pillar: True
                - __env__: base
                - require:
                  - test: tool
            """);
        StateOutcome out = engine.apply(tree.job("a"));
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals(2, out.states().size());
    }

    @Test
    void onlyifUnlessAndCreatesHoldForEveryState() throws Exception {
        Path target = dir.resolve("made.txt");
        Path marker = Files.writeString(dir.resolve("marker"), "x");
        tree.file("a.sls", """
            skipped-by-onlyif:
              file.managed:
                - name: %1$s.a
                - contents: a
                - onlyif: test -e /no/such/path
            skipped-by-unless:
              file.managed:
                - name: %1$s.b
                - contents: b
                - unless:
                  - test -e %2$s
                  - true
            skipped-by-creates:
              file.managed:
                - name: %1$s.c
                - contents: c
                - creates: %2$s
            runs:
              file.managed:
                - name: %1$s
                - contents: made
                - onlyif: test -e %2$s
                - unless: test -e /no/such/path
            """.formatted(target, marker));
        StateOutcome out = engine.apply(tree.job("a"));
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals("made\n", Files.readString(target));
        for (String suffix : new String[] {".a", ".b", ".c"}) {
            assertFalse(Files.exists(Path.of(target + suffix)), suffix);
        }
        assertTrue(String.valueOf(state(out, "skipped-by-onlyif", "file.managed").get("comment"))
                .contains("onlyif condition is false"));
        assertTrue(String.valueOf(state(out, "skipped-by-unless", "file.managed").get("comment"))
                .contains("unless condition is true"));
        assertTrue(String.valueOf(state(out, "skipped-by-creates", "file.managed").get("comment"))
                .contains("creates exist"));
    }

    @Test
    void checkCmdDecidesTheResultAfterTheStateActedAndKeepsItsChanges() {
        tree.file("a.sls", """
            passes: {test.fail_with_changes: [{check_cmd: 'true'}]}
            fails: {test.succeed_with_changes: [{check_cmd: ['true', 'false']}]}
            """);
        StateOutcome out = engine.apply(tree.job("a"));
        Map<String, Object> passes = state(out, "passes", "test.fail_with_changes");
        assertEquals(true, passes.get("result"));
        assertEquals("check_cmd determined the state succeeded", passes.get("comment"));
        assertFalse(((Map<?, ?>) passes.get("changes")).isEmpty());
        Map<String, Object> fails = state(out, "fails", "test.succeed_with_changes");
        assertEquals(false, fails.get("result"));
        assertEquals("check_cmd determined the state failed", fails.get("comment"));

        StateOutcome predicted = engine.apply(tree.testJob("a"));
        // in test mode nothing acted, so there is nothing for check_cmd to judge
        assertNull(state(predicted, "fails", "test.succeed_with_changes").get("result"));
    }

    @Test
    void retryRunsTheStateAgainUntilItSucceedsAndSaysWhatEachAttemptReturned() throws Exception {
        Path marker = dir.resolve("second-time");
        tree.file("a.sls", """
            flaky:
              cmd.run:
                - name: test -e %s || { touch %1$s; exit 3; }
                - retry: {attempts: 3, interval: 0}
            hopeless:
              cmd.run:
                - name: exit 4
                - retry: {attempts: 2, interval: 0, until: True}
            """.formatted(marker));
        StateOutcome out = engine.apply(tree.job("a"));
        Map<String, Object> flaky = state(out, "flaky", "cmd.run");
        assertEquals(true, flaky.get("result"), flaky.toString());
        String comment = String.valueOf(flaky.get("comment"));
        assertTrue(comment.startsWith("Attempt 1: Returned a result of \"False\", with the following comment: \""), comment);
        assertEquals(1, comment.split("Attempt ", -1).length - 1, comment);
        Map<String, Object> hopeless = state(out, "hopeless", "cmd.run");
        assertEquals(false, hopeless.get("result"));
        assertEquals(1, String.valueOf(hopeless.get("comment")).split("Attempt ", -1).length - 1, hopeless.toString());

        Files.delete(marker);
        StateOutcome predicted = engine.apply(tree.testJob("a"));
        assertTrue(String.valueOf(state(predicted, "flaky", "cmd.run").get("comment")).endsWith(
                "The state would be retried every 0 seconds (with a splay of up to 0 seconds) a maximum of 3 times or until "
                        + "a result of True is returned"));
        assertFalse(Files.exists(marker));
    }

    @Test
    void badRetryArgumentsAreCompileErrors() {
        tree.file("a.sls", """
            x: {test.nop: [{retry: {attempts: 0}}]}
            y: {test.nop: [{retry: {tries: 2}}]}
            """);
        StateOutcome out = engine.apply(tree.job("a"));
        assertFalse(out.success());
        Outcomes.assertErrorMentions(out, "a.sls:1: retry: attempts must be at least 1",
                "a.sls:2: retry: unknown key 'tries'");
    }

    @Test
    void parallelStatesRunTogetherAndWhatRequiresThemWaits() throws Exception {
        Path a = dir.resolve("a-started");
        Path b = dir.resolve("b-started");
        // each waits until the other has started: run one after the other, they would both time out
        tree.file("a.sls", """
            first:
              cmd.run:
                - name: touch %1$s; while [ ! -e %2$s ]; do sleep 0.02; done
                - timeout: 20
                - parallel: True
            second:
              cmd.run:
                - name: touch %2$s; while [ ! -e %1$s ]; do sleep 0.02; done
                - timeout: 20
                - parallel: True
            joined:
              cmd.run:
                - name: test -e %1$s && test -e %2$s
                - require:
                  - cmd: first
                  - cmd: second
            """.formatted(a, b));
        StateOutcome out = engine.apply(tree.job("a"));
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals(java.util.List.of("first", "second", "joined"), Outcomes.runOrder(out));
    }
}
