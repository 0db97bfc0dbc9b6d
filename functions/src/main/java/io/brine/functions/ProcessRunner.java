package io.brine.functions;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The one {@link CommandRunner}. Each command starts in a process group of its own (through setsid(1)), which
 * is what a kill signals, besides every descendant seen while it ran; a {@link ProcessGuard} holds the groups
 * so that they die with the minion. Created by whoever starts a minion (or a local run) and closed with it.
 *
 * <pre>{@code
 * try (ProcessRunner runner = new ProcessRunner(System.getLogger("brine"))) {
 *     CommandResult r = runner.until(jobDeadline).run(Command.shell("uptime"));
 * }
 * }</pre>
 */
public final class ProcessRunner implements CommandRunner, AutoCloseable {
    private static final List<Path> SETSID = List.of(Path.of("/usr/bin/setsid"), Path.of("/bin/setsid"));
    private static final List<Path> RUNUSER = List.of(Path.of("/usr/sbin/runuser"), Path.of("/sbin/runuser"),
            Path.of("/usr/bin/runuser"));
    private final System.Logger log;
    private final String setsid;
    private ProcessGuard guard;
    private boolean guardFailureLogged;
    private boolean closed;

    public ProcessRunner(System.Logger log) {
        this.log = log;
        this.setsid = SETSID.stream().filter(Files::isExecutable).findFirst().map(Path::toString).orElse(null);
        if (setsid == null) {
            log.log(System.Logger.Level.WARNING, "setsid(1) not found: commands run in the minion's process "
                    + "group, so a command's children that its parent left behind may survive a kill");
        }
    }

    @Override
    public CommandResult run(Command command) throws IOException, InterruptedException {
        return run(command, Instant.MAX);
    }

    /** This runner, with every command ending by {@code deadline} at the latest (a job's timeout). */
    public CommandRunner until(Instant deadline) {
        return command -> run(command, deadline);
    }

    CommandResult run(Command command, Instant deadline) throws IOException, InterruptedException {
        Instant end = end(command, deadline);
        if (!end.isAfter(Instant.now())) {
            throw new IOException("the deadline has passed; not starting " + command.argv().get(0));
        }
        ProcessBuilder builder = new ProcessBuilder(argv(command));
        if (command.cwd() != null) {
            // Checked here because the JDK's error for a bad directory names the program, not the directory.
            if (!Files.isDirectory(command.cwd())) {
                throw new IOException("cwd '" + command.cwd() + "' is not a directory");
            }
            builder.directory(command.cwd().toFile());
        }
        for (Map.Entry<String, String> e : command.env().entrySet()) {
            if (e.getValue() == null) {
                builder.environment().remove(e.getKey());
            } else {
                builder.environment().put(e.getKey(), e.getValue());
            }
        }
        requireRunnable(command.argv().get(0), command.cwd(), builder.environment().get("PATH"));
        if (command.stdin() == null) {
            builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        }
        RunningCommand running;
        // Started and handed to the guard as one step under the runner's lock: a close() in between would end the
        // guard before it heard of the command, and the command would outlive the minion.
        synchronized (this) {
            if (closed) {
                throw new IOException("not started: the minion is stopping");
            }
            running = RunningCommand.start(builder, command, setsid == null ? null : guard());
        }
        try {
            if (running.awaitUntil(end)) {
                return running.result(false);
            }
            running.kill();
            return running.result(true);
        } catch (InterruptedException e) {
            running.kill();
            throw e;
        } finally {
            running.release();
        }
    }

    /**
     * Fails as starting the program itself would: with setsid (or runuser) in front, a missing program would
     * otherwise be only an exit status of theirs.
     */
    private static void requireRunnable(String program, Path cwd, String path) throws IOException {
        Path base = cwd == null ? Path.of("") : cwd;
        if (program.contains("/")) {
            if (!runnable(base.resolve(program))) {
                throw new IOException("cannot run '" + program + "': no such executable file");
            }
            return;
        }
        for (String dir : (path == null ? "/usr/bin:/bin" : path).split(":", -1)) {
            // an empty entry is the current directory, and a relative one is taken from it, as execvp does
            if (runnable(base.resolve(dir.isEmpty() ? "." : dir).resolve(program))) {
                return;
            }
        }
        throw new IOException("cannot run '" + program + "': not found in PATH");
    }

    private static boolean runnable(Path file) {
        return Files.isRegularFile(file) && Files.isExecutable(file);
    }

    private List<String> argv(Command command) throws IOException {
        List<String> argv = new ArrayList<>();
        if (setsid != null) {
            argv.add(setsid); // execs the program itself: its pid is the new group's id
        }
        if (command.runas() != null && !command.runas().isEmpty()) {
            // by absolute path: the command's own PATH (which env may change) need not include sbin
            String runuser = RUNUSER.stream().filter(Files::isExecutable).findFirst().map(Path::toString)
                    .orElseThrow(() -> new IOException("cannot run as '" + command.runas() + "': runuser(1) not found"));
            argv.addAll(List.of(runuser, "-u", command.runas(), "--"));
        }
        argv.addAll(command.argv());
        return argv;
    }

    /** The guard, started on first use and again if it died; null (and logged once) if it cannot start. */
    private synchronized ProcessGuard guard() {
        if (closed) {
            return null;
        }
        if (guard == null || !guard.alive()) {
            if (guard != null) {
                // Commands it held are still killed with their jobs; only a minion death would miss them now.
                log.log(System.Logger.Level.WARNING, "the process guard (pid " + guard.pid() + ") died; starting "
                        + "another");
                guard.close();
            }
            try {
                guard = ProcessGuard.start();
            } catch (IOException e) {
                if (!guardFailureLogged) {
                    guardFailureLogged = true;
                    log.log(System.Logger.Level.WARNING, "cannot start the process guard (" + e.getMessage()
                            + "): commands would outlive a minion that dies while they run");
                }
                return null;
            }
        }
        return guard;
    }

    /**
     * Alive and not a zombie: a killed orphan stays a zombie until init reaps it, which in some containers is
     * never; it runs nothing, so it counts as gone.
     */
    public static boolean isRunning(ProcessHandle p) {
        return ProcessTree.running(p);
    }

    /** The earlier of the deadline and the command's own timeout, without overflowing on absurd timeouts. */
    private static Instant end(Command command, Instant deadline) throws IOException {
        if (command.timeout() == null) {
            return deadline;
        }
        if (command.timeout().isNegative() || command.timeout().isZero()) {
            throw new IOException("timeout must be positive, got " + command.timeout());
        }
        Instant now = Instant.now();
        return Duration.between(now, deadline).compareTo(command.timeout()) <= 0 ? deadline : now.plus(command.timeout());
    }

    /** Stops the guard; commands still running are killed by it. */
    @Override
    public synchronized void close() {
        closed = true;
        if (guard != null) {
            guard.close();
        }
    }
}
