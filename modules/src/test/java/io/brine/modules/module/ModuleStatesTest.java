package io.brine.modules.module;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionCaller;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionPolicy;
import io.brine.functions.FunctionResult;
import io.brine.functions.ProcessRunner;
import io.brine.states.DirectoryStateFiles;
import io.brine.states.StateEngine;
import io.brine.states.StateJob;
import io.brine.states.StateOutcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** module.run and module.wait call execution functions as states, in both of Salt's syntaxes. */
class ModuleStatesTest {
    @TempDir Path dir;
    final ProcessRunner runner = new ProcessRunner(System.getLogger("test"));
    final List<String> calls = new ArrayList<>();
    final FunctionCaller minion = (function, args, kwargs) -> {
        calls.add(function + " " + args + " " + kwargs);
        if (function.equals("test.false")) {
            return new FunctionResult(false, 0);
        }
        if (function.equals("no.such")) {
            throw new FunctionException("'no.such' is not available on this minion");
        }
        return new FunctionResult(kwargs.getOrDefault("text", args.isEmpty() ? "ok" : args.get(0)), 0);
    };

    @AfterEach
    void close() {
        runner.close();
    }

    private StateOutcome apply(String sls, boolean test) throws Exception {
        Files.writeString(dir.resolve("m.sls"), sls);
        return StateEngine.withInstalledFunctions().apply(new StateJob(List.of("m"),
                new DirectoryStateFiles(List.of(dir)), "web1", Map.of(), Map.of(), test, FunctionPolicy.ALLOW_ALL, false,
                runner, minion));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> only(StateOutcome out, String id) {
        return (Map<String, Object>) out.states().entrySet().stream().filter(e -> e.getKey().contains("_|-" + id + "_|-"))
                .findFirst().orElseThrow(() -> new AssertionError(out.states().keySet().toString())).getValue();
    }

    @Test
    void bothSyntaxesCallTheFunctionWithItsArguments() throws Exception {
        StateOutcome out = apply("""
            new-syntax:
              module.run:
                - test.echo:
                  - text: hello
            old-syntax:
              module.run:
                - name: test.echo
                - text: there
            positional:
              module.run:
                - test.echo: [first]
            """, false);
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals(Map.of("ret", "hello"), only(out, "new-syntax").get("changes"));
        assertEquals(Map.of("ret", "there"), only(out, "old-syntax").get("changes"));
        assertEquals(Map.of("ret", "first"), only(out, "positional").get("changes"));
        assertEquals(List.of("test.echo [] {text=hello}", "test.echo [] {text=there}", "test.echo [first] {}"), calls);
    }

    @Test
    void aFalseReturnOrAnUnknownFunctionFailsTheStateAndTestModeCallsNothing() throws Exception {
        StateOutcome out = apply("""
            falsy:
              module.run:
                - test.false: []
            unknown:
              module.run:
                - no.such: []
            """, false);
        assertEquals(false, only(out, "falsy").get("result"));
        assertTrue(String.valueOf(only(out, "unknown").get("comment")).contains("not available"));
        calls.clear();
        StateOutcome planned = apply("p:\n  module.run:\n    - test.echo:\n      - text: x\n", true);
        assertNull(only(planned, "p").get("result"));
        assertTrue(calls.isEmpty(), calls.toString());
    }

    @Test
    void moduleWaitRunsOnlyWhenAWatchedStateChanged() throws Exception {
        StateOutcome out = apply("""
            changed:
              test.succeed_with_changes: []
            unchanged:
              test.succeed_without_changes: []
            after-change:
              module.wait:
                - test.echo:
                  - text: fired
                - watch:
                  - test: changed
            after-nothing:
              module.wait:
                - test.echo:
                  - text: silent
                - watch:
                  - test: unchanged
            """, false);
        assertTrue(out.success(), () -> out.ret().toString());
        assertEquals(Map.of("ret", "fired"), only(out, "after-change").get("changes"));
        assertFalse(calls.stream().anyMatch(c -> c.contains("silent")), calls.toString());
    }
}
