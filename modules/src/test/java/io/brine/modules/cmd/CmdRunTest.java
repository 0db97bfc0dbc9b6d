package io.brine.modules.cmd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.functions.FunctionException;
import io.brine.functions.FunctionResult;
import io.brine.modules.Calls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CmdRunTest {
    @TempDir
    Path dir;

    @Test
    void aStringRunsThroughTheShellAndReportsItsExitStatusAndBothStreams() throws Exception {
        FunctionResult result = run(Map.of("cmd", "echo out; echo err >&2; exit 3"));
        Map<?, ?> ret = (Map<?, ?>) result.ret();
        assertEquals(3, result.retcode());
        assertFalse(result.success());
        assertEquals(3, ret.get("retcode"));
        assertEquals("out", ret.get("stdout"));
        assertEquals("err", ret.get("stderr"));
        assertTrue((Long) ret.get("pid") > 0);
        assertEquals(List.of("pid", "retcode", "stdout", "stderr"), List.copyOf(ret.keySet()));
    }

    @Test
    void aListRunsAsArgvWithoutAShell() throws Exception {
        Map<?, ?> ret = ret(Map.of("cmd", List.of("printf", "%s|%s", "$HOME; x", "two words")));
        assertEquals("$HOME; x|two words", ret.get("stdout"));
        assertEquals(0, ret.get("retcode"));
    }

    @Test
    void onlyOneTrailingNewlineIsRemoved() throws Exception {
        assertEquals("a\n", ret(Map.of("cmd", "printf 'a\\n\\n'")).get("stdout"));
    }

    @Test
    void runsInTheGivenDirectoryWithTheGivenEnvironmentAndInput() throws Exception {
        Map<?, ?> ret = ret(Map.of("cmd", "pwd; echo \"$BRINE_GREETING\"; cat", "cwd", dir.toString(),
                "env", Map.of("BRINE_GREETING", "hi"), "stdin", "line1\nline2\n"));
        assertEquals(dir.toRealPath() + "\nhi\nline1\nline2", ret.get("stdout"));
    }

    @Test
    void largeOutputOnBothStreamsAndLargeInputDoNotDeadlock() throws Exception {
        String input = "x".repeat(1_000_000);
        Map<?, ?> ret = ret(Map.of("cmd", "cat; head -c 1000000 /dev/zero | tr '\\0' e >&2", "stdin", input,
                "timeout", 20));
        assertEquals(input, ret.get("stdout"));
        assertEquals(1_000_000, ((String) ret.get("stderr")).length());
    }

    @Test
    void outputBeyondSixteenMebibytesIsCutAndSaidSo() throws Exception {
        Map<?, ?> ret = ret(Map.of("cmd", "head -c 17000000 /dev/zero | tr '\\0' a", "timeout", 30));
        assertEquals(16 * 1024 * 1024, ((String) ret.get("stdout")).length());
        assertEquals(0, ret.get("retcode"));
        assertEquals(List.of("stdout"), ret.get("truncated"));
        assertTrue(((String) ret.get("comment")).contains("16 MiB"));
    }

    @Test
    void theTimeoutKillsTheCommandAndItsChildren() throws Exception {
        Path pids = dir.resolve("pids");
        long start = System.nanoTime();
        FunctionResult result = run(Map.of("cmd", "sleep 30 & echo $$ $! > " + pids + "; wait", "timeout", 0.5));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "took too long to time out");
        assertEquals(io.brine.functions.CommandResult.TIMED_OUT, result.retcode());
        assertTrue(((String) ((Map<?, ?>) result.ret()).get("comment")).contains("timed out after 0.5 s"));
        assertAllGone(pids);
    }

    @Test
    void theJobDeadlineKillsTheCommandWhenItComesFirst() throws Exception {
        Path pids = dir.resolve("pids");
        Object result = Calls.call(Calls.context(Map.of(), Duration.ofMillis(500)), "cmd.run_all",
                List.of("sleep 30 & echo $$ $! > " + pids + "; wait"), Map.of("timeout", 60));
        Map<?, ?> ret = (Map<?, ?>) ((FunctionResult) result).ret();
        assertTrue(((String) ret.get("comment")).contains("the job's deadline"), ret.toString());
        assertAllGone(pids);
    }

    @Test
    void interruptingTheCallKillsTheCommandAndItsChildren() throws Exception {
        Path pids = dir.resolve("pids");
        CompletableFuture<Object> outcome = new CompletableFuture<>();
        Thread caller = new Thread(() -> {
            try {
                outcome.complete(run(Map.of("cmd", "sleep 30 & echo $$ $! > " + pids + "; wait")));
            } catch (Exception e) {
                outcome.complete(e);
            }
        });
        caller.start();
        awaitNonEmpty(pids);
        caller.interrupt();
        FunctionException failure = assertInstanceOf(FunctionException.class, outcome.get(5, TimeUnit.SECONDS));
        assertTrue(failure.getMessage().contains("interrupted"), failure.getMessage());
        assertAllGone(pids);
    }

    @Test
    void aMissingDirectoryIsAReportedFailureNamingIt() {
        FunctionException e = assertThrows(FunctionException.class,
                () -> run(Map.of("cmd", "true", "cwd", dir.resolve("absent").toString())));
        assertTrue(e.getMessage().contains("absent"), e.getMessage());
    }

    @Test
    void aMissingProgramIsAReportedFailureNamingIt() {
        FunctionException e = assertThrows(FunctionException.class,
                () -> run(Map.of("cmd", List.of("/no/such/program"))));
        assertTrue(e.getMessage().contains("/no/such/program"), e.getMessage());
    }

    @Test
    void anEmptyCommandIsRejectedBeforeAnythingRuns() {
        assertThrows(FunctionException.class, () -> run(Map.of("cmd", List.of())));
        assertThrows(FunctionException.class, () -> run(Map.of("cmd", "  ")));
    }

    private static FunctionResult run(Map<String, Object> kwargs) throws Exception {
        return (FunctionResult) Calls.callWith("cmd.run_all", kwargs);
    }

    private static Map<?, ?> ret(Map<String, Object> kwargs) throws Exception {
        return (Map<?, ?>) run(kwargs).ret();
    }

    private static void awaitNonEmpty(Path file) throws Exception {
        for (int i = 0; i < 500 && (!Files.exists(file) || Files.readString(file).isBlank()); i++) {
            Thread.sleep(10);
        }
    }

    /** The shell's and its background child's pids, written by the command, name no running process. */
    private static void assertAllGone(Path pids) throws Exception {
        awaitNonEmpty(pids);
        for (String pid : Files.readString(pids).trim().split(" ")) {
            assertFalse(ProcessHandle.of(Long.parseLong(pid)).filter(io.brine.functions.ProcessRunner::isRunning).isPresent(),
                    "process " + pid + " is still running");
        }
    }
}
