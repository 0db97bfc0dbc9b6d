package io.brine.functions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one command runner against real processes: what it kills, what it keeps, what it reports. */
class ProcessRunnerTest {
    private final ProcessRunner runner = new ProcessRunner(System.getLogger("test"));
    // A sleep no other process on the machine runs, so /proc tells us whether it is still there.
    private final String seconds = "61." + ThreadLocalRandom.current().nextInt(100_000, 999_999);

    @TempDir
    Path dir;

    @AfterEach
    void close() {
        runner.close();
    }

    @Test
    void aTimeoutKillsTheWholeGroupEvenAChildItsParentLeftBehind() throws Exception {
        // The shell starts a background sleep and exits at once: the sleep is re-parented, out of the tree's
        // sight, but still in the command's process group. Its output goes elsewhere so nothing waits on it.
        CommandResult r = runner.run(Command.shell("sleep " + seconds + " >/dev/null 2>&1 & sleep " + seconds)
                .withTimeout(Duration.ofMillis(500)).waitingForOutput());
        assertTrue(r.timedOut());
        assertEquals(CommandResult.TIMED_OUT, r.exitCode());
        awaitGone(seconds);
    }

    @Test
    void anInterruptKillsTheCommandAndSaysSo() throws Exception {
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                runner.run(Command.shell("sleep " + seconds).waitingForOutput());
                outcome.complete(null);
            } catch (Throwable e) {
                outcome.complete(e);
            }
        });
        t.start();
        awaitPresent(seconds);
        t.interrupt();
        assertTrue(outcome.get(10, TimeUnit.SECONDS) instanceof InterruptedException);
        awaitGone(seconds);
    }

    @Test
    void closingTheRunnerKillsWhatIsStillRunningThroughTheGuard() throws Exception {
        // A daemon-like child that outlives its command (output to files, so the command returns at once)
        CommandResult r = runner.run(Command.shell("sleep " + seconds + " >/dev/null 2>&1 &"));
        assertEquals(0, r.exitCode());
        assertFalse(pids(seconds).isEmpty(), "the background child runs on after its command");
        // It is released with its command (a daemon a script started is meant to stay) ...
        runner.run(Command.of("true"));
        assertFalse(pids(seconds).isEmpty());
        for (long pid : pids(seconds)) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        }
        awaitGone(seconds);
        // ... but one still running when the runner (the minion) goes is killed by the guard.
        CompletableFuture.runAsync(() -> {
            try {
                runner.run(Command.shell("sleep " + seconds).withTimeout(null));
            } catch (IOException | InterruptedException e) {
                // ended by the guard
            }
        });
        awaitPresent(seconds);
        runner.close();
        awaitGone(seconds);
    }

    @Test
    void outputIsCappedAndTheCutReported() throws Exception {
        CommandResult r = runner.run(Command.shell("head -c 5000 /dev/zero | tr '\\0' x; echo err >&2")
                .withOutputCap(1000).waitingForOutput());
        assertEquals(1000, r.stdout().length());
        assertEquals("err", r.stderr());
        assertEquals(List.of("stdout"), r.truncated());
        assertEquals(5000, r.stdoutBytes());
        assertEquals(4, r.stderrBytes());
        CommandResult notWaited = runner.run(Command.shell("head -c 5000 /dev/zero | tr '\\0' y").withOutputCap(10));
        assertEquals("yyyyyyyyyy", notWaited.stdout());
        assertEquals(List.of("stdout"), notWaited.truncated());
        assertEquals(5000, notWaited.stdoutBytes());
    }

    @Test
    void outputNotWaitedForNeverReachesTheDiskBeyondTheCapAndIsCountedInFull() throws Exception {
        // 64 MiB written, then the command waits for us: while it does, what its stdout is must hold no more
        // than the cap (the old temporary file held all 64 MiB until the command ended).
        int cap = 1 << 20;
        Path ready = dir.resolve("ready");
        Path go = dir.resolve("go");
        CompletableFuture<CommandResult> result = CompletableFuture.supplyAsync(() -> {
            try {
                return runner.run(Command.shell("head -c 67108864 /dev/zero; echo $$ > " + ready + ".tmp; mv "
                        + ready + ".tmp " + ready + "; while [ ! -e " + go + " ]; do sleep 0.05; done")
                        .withOutputCap(cap).withTimeout(Duration.ofSeconds(60)));
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        awaitFile(ready);
        long pid = Long.parseLong(Files.readString(ready).strip());
        Path target = Path.of("/proc", Long.toString(pid), "fd", "1");
        String where = Files.readSymbolicLink(target).toString();
        assertFalse(Files.isRegularFile(target), "stdout is a file on disk: " + where);
        assertTrue(Files.size(target) <= cap + 65536, where + " holds " + Files.size(target) + " bytes");
        Path fifoDir = Path.of(where.replace(" (deleted)", "")).getParent();
        assertFalse(Files.exists(fifoDir), "left in the temp directory while the command runs: " + fifoDir);
        Files.createFile(go);
        CommandResult r = result.get(60, TimeUnit.SECONDS);
        assertEquals(0, r.exitCode());
        assertEquals(List.of("stdout"), r.truncated());
        assertEquals(64L << 20, r.stdoutBytes());
        assertEquals(cap, r.stdout().length());
        assertTrue(r.truncationNote(cap).contains("stdout cut to its first 1 MiB of 64 MiB"), r.truncationNote(cap));
        assertFalse(Files.exists(fifoDir));
    }

    @Test
    void aDaemonWritingAfterItsCommandEndedNeitherHoldsItUpNorDiesOfAClosedPipe() throws Exception {
        // The background child inherits stdout, writes to it after the command has returned, then sleeps: with
        // the JDK's pipes, closed once the program exits, that write would kill it (SIGPIPE) before the sleep.
        Path wrote = dir.resolve("wrote");
        long start = System.nanoTime();
        CommandResult r = runner.run(Command.shell("(sleep 0.5; echo late; touch " + wrote + "; exec sleep " + seconds
                + ") & echo early"));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(3), "waited on the daemon");
        assertEquals("early", r.stdout());
        awaitFile(wrote);
        awaitPresent(seconds);
        for (long pid : pids(seconds)) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        }
        awaitGone(seconds);
    }

    @Test
    void stdinEnvironmentAndDirectoryReachTheCommand() throws Exception {
        CommandResult r = runner.run(Command.shell("read line; echo \"$line $GREETING $(pwd)\"; echo ${HOME:-unset}")
                .withStdin("hello\n").withEnv(java.util.Map.of("GREETING", "there")).withCwd(dir)
                .waitingForOutput());
        assertEquals("hello there " + dir.toRealPath() + "\n" + System.getenv("HOME"), r.stdout());
        java.util.Map<String, String> noHome = new java.util.HashMap<>();
        noHome.put("HOME", null);
        assertEquals("unset", runner.run(Command.shell("echo ${HOME:-unset}").withEnv(noHome)).stdout());
    }

    @Test
    void aDeadlineBoundsEveryCommandAndAPassedOneStartsNothing() throws Exception {
        CommandResult r = runner.until(Instant.now().plusMillis(300))
                .run(Command.shell("sleep " + seconds).withTimeout(Duration.ofMinutes(5)));
        assertTrue(r.timedOut());
        awaitGone(seconds);
        Path marker = dir.resolve("ran");
        assertThrows(IOException.class, () -> runner.until(Instant.now().minusSeconds(1))
                .run(Command.of("touch", marker.toString())));
        assertFalse(Files.exists(marker));
        assertThrows(IOException.class, () -> runner.run(Command.of("true").withCwd(dir.resolve("missing"))));
    }

    /** Pids of processes whose command line contains {@code token}. */
    static List<Long> pids(String token) {
        return ProcessHandle.allProcesses().filter(ProcessRunner::isRunning)
                .filter(p -> p.info().commandLine().map(c -> c.contains(token)).orElse(false))
                .map(ProcessHandle::pid).toList();
    }

    static void awaitFile(Path file) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(file)) {
            if (System.nanoTime() > end) {
                throw new AssertionError("never appeared: " + file);
            }
            Thread.sleep(20);
        }
    }

    static void awaitGone(String token) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!pids(token).isEmpty()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("still running: " + pids(token) + " (" + token + ")");
            }
            Thread.sleep(20);
        }
    }

    static void awaitPresent(String token) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (pids(token).isEmpty()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("never started: " + token);
            }
            Thread.sleep(20);
        }
    }
}
