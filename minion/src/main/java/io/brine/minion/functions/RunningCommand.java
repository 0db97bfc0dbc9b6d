package io.brine.minion.functions;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/** A started command, its output being captured, until it ends or is killed. */
final class RunningCommand {
    private static final long MAX_POLL_MILLIS = 500;
    private final Process process;
    private final ProcessTree tree;
    private final StreamCapture stdout;
    private final StreamCapture stderr;

    private RunningCommand(Process process, int cap) {
        this.process = process;
        this.tree = new ProcessTree(process.toHandle());
        this.stdout = StreamCapture.start(process.getInputStream(), cap, "cmd.run stdout " + process.pid());
        this.stderr = StreamCapture.start(process.getErrorStream(), cap, "cmd.run stderr " + process.pid());
    }

    static RunningCommand start(ProcessBuilder builder, String stdin, int cap) throws IOException {
        RunningCommand command = new RunningCommand(builder.start(), cap);
        command.feed(stdin);
        return command;
    }

    // On its own thread: a child that writes a lot before reading its input would otherwise deadlock with us.
    private void feed(String stdin) throws IOException {
        OutputStream in = process.getOutputStream();
        if (stdin == null) {
            in.close();
            return;
        }
        Thread feeder = new Thread(() -> {
            try (in) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // The child exited without reading all of its input; that is its business.
            }
        }, "cmd.run stdin " + process.pid());
        feeder.setDaemon(true);
        feeder.start();
    }

    /**
     * Waits until the command has exited and its output has ended (a background child may hold the pipes
     * open after the command itself exits); false if the deadline came first.
     */
    boolean awaitUntil(Instant deadline) throws InterruptedException {
        long pause = 10; // short at first so quick commands return quickly; longer later to spare /proc scans
        for (long left = millisUntil(deadline); left > 0; left = millisUntil(deadline)) {
            long slice = Math.min(pause, left);
            if (process.waitFor(slice, TimeUnit.MILLISECONDS) && stdout.awaitEnd(slice) && stderr.awaitEnd(slice)) {
                return true;
            }
            tree.remember();
            pause = Math.min(pause * 2, MAX_POLL_MILLIS);
        }
        return false;
    }

    /** Kills the command and its descendants, then collects whatever output they had written. */
    void kill() {
        tree.kill();
        try {
            stdout.awaitEnd(1000);
            stderr.awaitEnd(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    long pid() {
        return process.pid();
    }

    /** The exit status, or null while the process has not been reaped yet. */
    Integer exitCode() {
        return process.isAlive() ? null : process.exitValue();
    }

    StreamCapture stdout() {
        return stdout;
    }

    StreamCapture stderr() {
        return stderr;
    }

    private static long millisUntil(Instant deadline) {
        Duration left = Duration.between(Instant.now(), deadline);
        // A "no deadline" of Instant.MAX would overflow toMillis().
        return left.isNegative() ? 0 : left.compareTo(Duration.ofDays(3650)) > 0 ? Long.MAX_VALUE : left.toMillis();
    }
}
