package io.brine.modules.cmd;

import io.brine.functions.Arguments;
import io.brine.functions.Command;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionPolicy;
import io.brine.functions.Param;
import io.brine.functions.Param.Type;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The options Salt's cmd functions and states share (cwd, env, stdin, timeout, runas, shell, python_shell), read
 * once from a call's arguments and turned into the {@link Command} the one runner runs. {@code cmd.run} the
 * function and {@code cmd.run} the state (and their {@code cmd.script}s) declare and read them here, so they take
 * the same names, types and defaults and keep the same cap.
 *
 * <pre>{@code
 * CommandOptions options = CommandOptions.of("cmd.run", args);
 * Command command = options.command(options.argv("cmd.run", args.get("cmd")));
 * }</pre>
 *
 * @param timeout null for none of its own: the job's deadline still ends it
 */
record CommandOptions(String shell, boolean pythonShell, Path cwd, Map<String, String> env, String runas,
        String stdin, Duration timeout) {
    /** Bytes kept of each of a command's stdout and stderr; the rest is counted and reported as cut. */
    static final int OUTPUT_CAP = 16 * 1024 * 1024;

    static final List<Param> PARAMS = List.of(
            Param.optional("cwd", Type.STRING, null, "directory to run in; default the minion's"),
            Param.optional("env", Type.ANY, null,
                    "variables to set over the minion's (null removes one): a mapping, or a list of one-key mappings"),
            Param.optional("stdin", Type.STRING, null, "text to give the command on standard input"),
            Param.optional("timeout", Type.NUMBER, null,
                    "seconds before the command and its children are killed; default only the job's timeout"),
            Param.optional("runas", Type.STRING, null, "user to run as (through runuser; the minion is root)"),
            Param.optional("shell", Type.STRING, FunctionPolicy.DEFAULT_SHELL, "shell that runs a command line"),
            Param.optional("python_shell", Type.BOOLEAN, true,
                    "false: split a command line into words and run it without a shell, as Salt does"));

    CommandOptions {
        env = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(env)); // a null value removes a variable
    }

    /** The options a call gave, checked: a timeout must be positive, env values scalars. */
    static CommandOptions of(String function, Arguments args) throws FunctionException {
        Double timeout = args.number("timeout");
        if (timeout != null && !(timeout > 0)) {
            throw new FunctionException(function + ": timeout must be a positive number of seconds, got " + timeout);
        }
        String cwd = args.string("cwd");
        return new CommandOptions(args.string("shell"), args.bool("python_shell"), cwd == null ? null : Path.of(cwd),
                env(function, args.get("env")), args.string("runas"), args.string("stdin"),
                timeout == null ? null : Duration.ofNanos((long) (timeout * 1e9)));
    }

    /**
     * The argv for a command: a list as it is (no shell, so nothing needs quoting); a line through the shell, or
     * split into words when {@code python_shell} is false.
     */
    List<String> argv(String function, Object cmd) throws FunctionException {
        if (cmd instanceof String line && !line.isBlank()) {
            return pythonShell ? List.of(shell, "-c", line) : ShellWords.split(function, line);
        }
        if (cmd instanceof List<?> list && !list.isEmpty()) {
            List<String> argv = new ArrayList<>();
            for (Object arg : list) {
                if (!(arg instanceof String || arg instanceof Number || arg instanceof Boolean)) {
                    throw new FunctionException(function + ": argument " + argv.size() + " of the command must be a "
                            + "string, got " + arg);
                }
                argv.add(arg.toString());
            }
            return argv;
        }
        throw new FunctionException(function + ": the command must be a command line or a non-empty list of "
                + "arguments, got " + (cmd instanceof String ? "a blank string" : String.valueOf(cmd)));
    }

    /** {@code argv} with these options, its output capped, waited on until every holder has closed it. */
    Command command(List<String> argv) {
        return Command.of(argv).withCwd(cwd).withEnv(env).withRunas(runas).withStdin(stdin).withTimeout(timeout)
                .withOutputCap(OUTPUT_CAP).waitingForOutput();
    }

    /**
     * An {@code onlyif}/{@code unless} probe, run like the command (it usually probes what the command would
     * create) but always through the shell and without the command's input.
     */
    Command probe(String line) {
        return Command.of(shell, "-c", line).withCwd(cwd).withEnv(env).withRunas(runas).withTimeout(timeout);
    }

    /**
     * Why the minion's policy refuses this: the function, the command line as the caller wrote it
     * ({@code commandLine}), or, under {@code cmd_allowed}, a chosen shell or environment; empty if it may run.
     */
    Optional<String> refusal(String function, FunctionPolicy policy, String commandLine) {
        Optional<String> refused = policy.refusal(function, commandLine);
        return refused.isPresent() ? refused : policy.optionRefusal(function, pythonShell ? shell : null, env);
    }

    /** Salt's env: a mapping, or a list of one-key mappings as state files often write it. */
    private static Map<String, String> env(String function, Object raw) throws FunctionException {
        Map<String, String> changes = new LinkedHashMap<>();
        if (raw instanceof List<?> list) {
            for (Object item : list) {
                changes.putAll(env(function, item));
            }
            return changes;
        }
        if (raw != null && !(raw instanceof Map)) {
            throw new FunctionException(function + ": env must be a mapping or a list of mappings, got " + raw);
        }
        for (Map.Entry<?, ?> e : raw == null ? Map.of().entrySet() : ((Map<?, ?>) raw).entrySet()) {
            Object v = e.getValue();
            if (v != null && !(v instanceof String || v instanceof Number || v instanceof Boolean)) {
                throw new FunctionException(function + ": env value of " + e.getKey() + " must be a string, got " + v);
            }
            changes.put(String.valueOf(e.getKey()), v == null ? null : v.toString());
        }
        return changes;
    }
}
