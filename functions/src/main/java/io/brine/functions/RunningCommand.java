package io.brine.functions;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A started command, its output being captured, until it ends or is killed. Output goes through the JDK's pipes
 * when the caller waits for it to end, else through named pipes of our own (see {@link OutputFifos}), so that a
 * daemon the command starts can keep its inherited descriptors without holding anyone up. Either way at most the
 * cap is kept of each stream and the rest is counted and discarded: no output reaches the disk.
 */
final class RunningCommand {
    private static final long MAX_POLL_MILLIS = 500;
    private static final Duration GRACE = Duration.ofSeconds(2);
    // Once a program that is not waited on for its output has exited, what it wrote is in the pipe and read at
    // once; waiting longer only waits on a daemon that holds the pipe, whose later output no one asked for.
    private static final long STRAGGLER_MILLIS = 200;
    private final Process process;
    private final Command command;
    private final ProcessTree tree;
    private final ProcessGuard guard;
    private final StreamCapture stdout;
    private final StreamCapture stderr;

    private RunningCommand(Process process, Command command, ProcessGuard guard, StreamCapture stdout,
            StreamCapture stderr) {
        this.process = process;
        this.command = command;
        this.tree = new ProcessTree(process.toHandle());
        this.guard = guard;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    static RunningCommand start(ProcessBuilder builder, Command command, ProcessGuard guard) throws IOException {
        Process process;
        InputStream out;
        InputStream err;
        if (command.waitForOutput()) {
            process = builder.start();
            out = process.getInputStream();
            err = process.getErrorStream();
        } else {
            try (OutputFifos fifos = OutputFifos.create()) {
                builder.redirectOutput(fifos.stdout().toFile()).redirectError(fifos.stderr().toFile());
                process = builder.start();
                List<InputStream> readers = fifos.readers();
                out = readers.get(0);
                err = readers.get(1);
            }
        }
        String name = command.argv().get(0) + " " + process.pid();
        RunningCommand running = new RunningCommand(process, command, guard,
                StreamCapture.start(out, command.outputCap(), "stdout " + name),
                StreamCapture.start(err, command.outputCap(), "stderr " + name));
        if (guard != null) {
            try {
                guard.watch(process.pid());
            } catch (IOException e) {
                // the guard died; this command is still killed with its job, only not with the minion
            }
        }
        running.feed(command.stdin());
        return running;
    }

    // On its own thread: a child that writes a lot before reading its input would otherwise deadlock with us.
    private void feed(String stdin) throws IOException {
        if (stdin == null) {
            return;
        }
        OutputStream in = process.getOutputStream();
        Thread feeder = new Thread(() -> {
            try (in) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // The child exited without reading all of its input; that is its business.
            }
        }, "stdin " + process.pid());
        feeder.setDaemon(true);
        feeder.start();
    }

    /**
     * Waits until the command has exited and, when the caller waits for output, its output has ended (a
     * background child may hold the pipes open after the command itself exits); false if the deadline came
     * first.
     */
    boolean awaitUntil(Instant deadline) throws InterruptedException {
        long pause = 10; // short at first so quick commands return quickly; longer later to spare /proc scans
        for (long left = millisUntil(deadline); left > 0; left = millisUntil(deadline)) {
            long slice = Math.min(pause, left);
            if (process.waitFor(slice, TimeUnit.MILLISECONDS) && outputEnded(slice)) {
                return true;
            }
            tree.remember();
            pause = Math.min(pause * 2, MAX_POLL_MILLIS);
        }
        return false;
    }

    private boolean outputEnded(long slice) throws InterruptedException {
        if (command.waitForOutput()) {
            return stdout.awaitEnd(slice) && stderr.awaitEnd(slice);
        }
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STRAGGLER_MILLIS);
        stdout.awaitEnd(STRAGGLER_MILLIS);
        stderr.awaitEnd(Math.max(1, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime())));
        return true;
    }

    /**
     * Kills the command's process group and every descendant seen: SIGTERM, then SIGKILL to what is still
     * running after a grace period. Then collects whatever output they had written.
     */
    void kill() {
        signalGroup(false);
        boolean interrupted = !tree.terminate(GRACE);
        signalGroup(true);
        interrupted |= !tree.forceKill(interrupted ? Duration.ZERO : GRACE);
        try {
            stdout.awaitEnd(1000);
            stderr.awaitEnd(1000);
        } catch (InterruptedException e) {
            interrupted = true;
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void signalGroup(boolean force) {
        if (guard == null) {
            return;
        }
        try {
            if (force) {
                guard.kill(process.pid());
            } else {
                guard.terminate(process.pid());
            }
        } catch (IOException e) {
            // the guard is gone; the descendants we saw are still killed one by one
        }
    }

    CommandResult result(boolean timedOut) {
        int code = timedOut || process.isAlive() ? CommandResult.TIMED_OUT : process.exitValue();
        List<String> truncated = new ArrayList<>();
        if (stdout.truncated()) {
            truncated.add("stdout");
        }
        if (stderr.truncated()) {
            truncated.add("stderr");
        }
        return new CommandResult(code, stdout.text(), stderr.text(), process.pid(), timedOut, truncated,
                stdout.total(), stderr.total());
    }

    /** Forgets the group (the guard need not kill it with the minion) and stops keeping output. */
    void release() {
        if (guard != null) {
            try {
                guard.release(process.pid());
            } catch (IOException e) {
                // the guard is gone, and with it the need to tell it
            }
        }
        stdout.detach();
        stderr.detach();
    }

    private static long millisUntil(Instant deadline) {
        Duration left = Duration.between(Instant.now(), deadline);
        // A "no deadline" of Instant.MAX would overflow toMillis().
        return left.isNegative() ? 0 : left.compareTo(Duration.ofDays(3650)) > 0 ? Long.MAX_VALUE : left.toMillis();
    }
}
