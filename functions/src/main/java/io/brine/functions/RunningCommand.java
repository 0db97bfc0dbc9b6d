package io.brine.functions;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A started command, its output being captured, until it ends or is killed. Output goes through pipes when
 * the caller waits for it to end, else through temporary files, so that a daemon the command starts can keep
 * its inherited descriptors without holding anyone up.
 */
final class RunningCommand {
    private static final long MAX_POLL_MILLIS = 500;
    private static final Duration GRACE = Duration.ofSeconds(2);
    private final Process process;
    private final Command command;
    private final ProcessTree tree;
    private final ProcessGuard guard;
    private final Output stdout;
    private final Output stderr;

    private RunningCommand(Process process, Command command, ProcessGuard guard, Output stdout, Output stderr) {
        this.process = process;
        this.command = command;
        this.tree = new ProcessTree(process.toHandle());
        this.guard = guard;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    static RunningCommand start(ProcessBuilder builder, Command command, ProcessGuard guard) throws IOException {
        Path outFile = null;
        Path errFile = null;
        Process process;
        try {
            if (!command.waitForOutput()) {
                outFile = Files.createTempFile("brine-cmd", ".out");
                errFile = Files.createTempFile("brine-cmd", ".err");
                builder.redirectOutput(outFile.toFile()).redirectError(errFile.toFile());
            }
            process = builder.start();
        } catch (IOException e) {
            deleteQuietly(outFile);
            deleteQuietly(errFile);
            throw e;
        }
        String name = command.argv().get(0) + " " + process.pid();
        Output out = outFile != null ? new FileOutput(outFile, command.outputCap())
                : new PipeOutput(StreamCapture.start(process.getInputStream(), command.outputCap(), "stdout " + name));
        Output err = errFile != null ? new FileOutput(errFile, command.outputCap())
                : new PipeOutput(StreamCapture.start(process.getErrorStream(), command.outputCap(), "stderr " + name));
        RunningCommand running = new RunningCommand(process, command, guard, out, err);
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
            if (process.waitFor(slice, TimeUnit.MILLISECONDS) && stdout.awaitEnd(slice) && stderr.awaitEnd(slice)) {
                return true;
            }
            tree.remember();
            pause = Math.min(pause * 2, MAX_POLL_MILLIS);
        }
        return false;
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
        return new CommandResult(code, stdout.text(), stderr.text(), process.pid(), timedOut, truncated);
    }

    /** Forgets the group (the guard need not kill it with the minion) and removes temporary files. */
    void release() {
        if (guard != null) {
            try {
                guard.release(process.pid());
            } catch (IOException e) {
                // the guard is gone, and with it the need to tell it
            }
        }
        stdout.close();
        stderr.close();
    }

    private static long millisUntil(Instant deadline) {
        Duration left = Duration.between(Instant.now(), deadline);
        // A "no deadline" of Instant.MAX would overflow toMillis().
        return left.isNegative() ? 0 : left.compareTo(Duration.ofDays(3650)) > 0 ? Long.MAX_VALUE : left.toMillis();
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a temporary file in the temp directory; nothing more to do
            }
        }
    }

    /** One captured output stream. */
    private interface Output {
        boolean awaitEnd(long millis) throws InterruptedException;

        boolean truncated();

        String text();

        void close();
    }

    private record PipeOutput(StreamCapture capture) implements Output {
        public boolean awaitEnd(long millis) throws InterruptedException {
            return capture.awaitEnd(millis);
        }

        public boolean truncated() {
            return capture.truncated();
        }

        public String text() {
            return capture.text();
        }

        public void close() {
        }
    }

    /** Output in a file: ended when the program is, read (up to the cap) once, then deleted. */
    private static final class FileOutput implements Output {
        private final Path file;
        private final int cap;
        private String text;
        private boolean truncated;

        FileOutput(Path file, int cap) {
            this.file = file;
            this.cap = cap;
        }

        public boolean awaitEnd(long millis) {
            return true;
        }

        public boolean truncated() {
            text();
            return truncated;
        }

        public synchronized String text() {
            if (text == null) {
                try (InputStream in = Files.newInputStream(file)) {
                    byte[] kept = in.readNBytes(cap);
                    truncated = in.read() != -1;
                    String s = new String(kept, StandardCharsets.UTF_8);
                    text = s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
                } catch (IOException e) {
                    text = "";
                }
            }
            return text;
        }

        public void close() {
            text();
            deleteQuietly(file);
        }
    }
}
