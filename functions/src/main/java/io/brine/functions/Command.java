package io.brine.functions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A program to run: argv (never a shell unless asked for with {@link #shell}), working directory, environment
 * changes (a null value removes a variable), the user to run as, text for standard input, a timeout, how much
 * of each output to keep, and whether to wait for the output to end or only for the program.
 *
 * <pre>{@code
 * CommandResult r = runner.run(Command.of("getent", "passwd", user).withTimeout(Duration.ofSeconds(10)));
 * }</pre>
 *
 * @param timeout      null for none of its own (the runner's deadline still applies)
 * @param outputCap    bytes kept of each of stdout and stderr; more is read and discarded, and reported
 * @param waitForOutput true (cmd.run): the result waits until every process holding the output has closed it;
 *                     false (init scripts, package managers): it waits only for the program, so a daemon it
 *                     starts, inheriting the output, cannot keep the caller waiting
 */
public record Command(List<String> argv, Path cwd, Map<String, String> env, String runas, String stdin,
        Duration timeout, int outputCap, boolean waitForOutput) {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);
    public static final int DEFAULT_OUTPUT_CAP = 1 << 20;

    public Command {
        argv = List.copyOf(argv);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("a command needs at least a program name");
        }
        // not Map.copyOf: a null value means "remove this variable"
        env = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNullElse(env, Map.of())));
        if (outputCap < 0) {
            throw new IllegalArgumentException("outputCap must not be negative");
        }
    }

    /** A program with its arguments, a 10-minute timeout, 1 MiB of output kept, not waiting on daemons. */
    public static Command of(String... argv) {
        return of(List.of(argv));
    }

    public static Command of(List<String> argv) {
        return new Command(argv, null, Map.of(), null, null, DEFAULT_TIMEOUT, DEFAULT_OUTPUT_CAP, false);
    }

    /** A shell command line, run by the minion's shell ({@link FunctionPolicy#DEFAULT_SHELL}) with {@code -c}. */
    public static Command shell(String script) {
        return of(FunctionPolicy.DEFAULT_SHELL, "-c", script);
    }

    public Command withCwd(Path dir) {
        return new Command(argv, dir, env, runas, stdin, timeout, outputCap, waitForOutput);
    }

    public Command withEnv(Map<String, String> changes) {
        return new Command(argv, cwd, changes, runas, stdin, timeout, outputCap, waitForOutput);
    }

    public Command withRunas(String user) {
        return new Command(argv, cwd, env, user, stdin, timeout, outputCap, waitForOutput);
    }

    public Command withStdin(String text) {
        return new Command(argv, cwd, env, runas, text, timeout, outputCap, waitForOutput);
    }

    /** Null for no timeout of its own. */
    public Command withTimeout(Duration limit) {
        return new Command(argv, cwd, env, runas, stdin, limit, outputCap, waitForOutput);
    }

    public Command withOutputCap(int bytes) {
        return new Command(argv, cwd, env, runas, stdin, timeout, bytes, waitForOutput);
    }

    /** Waits for the output to end, not only for the program (see the record's description). */
    public Command waitingForOutput() {
        return new Command(argv, cwd, env, runas, stdin, timeout, outputCap, true);
    }
}
