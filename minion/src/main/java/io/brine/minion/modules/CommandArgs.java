package io.brine.minion.modules;

import io.brine.functions.Arguments;
import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionPolicy;
import io.brine.functions.Param;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What every cmd.* function shares: the options Salt's cmd functions take (cwd, env, stdin, timeout, runas,
 * shell, python_shell), the minion's policy asked first, and the run itself on the job's command runner.
 */
final class CommandArgs {
    static final int OUTPUT_CAP = 16 * 1024 * 1024;

    static final List<Param> PARAMS = List.of(
            Param.optional("cwd", Param.Type.STRING, null, "directory to run in; default the minion's"),
            Param.optional("env", Param.Type.MAP, null, "variables to set (null removes one) over the minion's"),
            Param.optional("stdin", Param.Type.STRING, null, "text to give the command on standard input"),
            Param.optional("timeout", Param.Type.NUMBER, null, "seconds before the command is killed"),
            Param.optional("runas", Param.Type.STRING, null, "user to run as (through runuser; the minion is root)"),
            Param.optional("shell", Param.Type.STRING, "/bin/sh", "shell that runs a command line"),
            Param.optional("python_shell", Param.Type.BOOLEAN, true,
                    "false: split a command line into words and run it without a shell, as Salt does"));

    /** A finished command and what to say about it (a timeout, a cut output). */
    record Outcome(CommandResult result, Optional<String> comment) {
    }

    private CommandArgs() {
    }

    /**
     * The argv for a cmd argument: a list as it is (no shell, so nothing needs quoting); a line through the
     * shell, or split into words when {@code python_shell} is false.
     */
    static List<String> argv(String function, Arguments args) throws FunctionException {
        Object cmd = args.get("cmd");
        if (cmd instanceof String line && !line.isBlank()) {
            return args.bool("python_shell") ? List.of(args.string("shell"), "-c", line)
                    : ShellWords.split(function, line);
        }
        if (cmd instanceof List<?> list && !list.isEmpty()) {
            List<String> argv = new ArrayList<>();
            for (Object arg : list) {
                if (!(arg instanceof String || arg instanceof Number || arg instanceof Boolean)) {
                    throw new FunctionException(function + ": argument " + argv.size() + " of cmd must be a string, "
                            + "got " + arg);
                }
                argv.add(arg.toString());
            }
            return argv;
        }
        throw new FunctionException(function + ": cmd must be a command line or a non-empty list of arguments, got "
                + (cmd instanceof String ? "a blank string" : String.valueOf(cmd)));
    }

    /** Asks the policy, then runs {@code argv} with the call's options, killed at its timeout or the deadline. */
    static Outcome run(String function, FunctionContext context, Arguments args, List<String> argv)
            throws FunctionException, InterruptedException {
        Object cmd = args.raw("cmd");
        requireAllowed(function, context, args, cmd instanceof String line ? line : FunctionPolicy.commandLine(argv));
        return execute(function, context, args, argv);
    }

    /** Runs {@code argv}, already allowed, with the call's options, killed at its timeout or the deadline. */
    static Outcome execute(String function, FunctionContext context, Arguments args, List<String> argv)
            throws FunctionException, InterruptedException {
        Double timeout = args.number("timeout");
        if (timeout != null && !(timeout > 0)) {
            throw new FunctionException(function + ": timeout must be a positive number of seconds, got " + timeout);
        }
        if (!context.deadline().isAfter(Instant.now())) {
            throw new FunctionException(function + ": the job's deadline has passed; not starting the command");
        }
        Command command = Command.of(argv).withCwd(args.string("cwd") == null ? null : Path.of(args.string("cwd")))
                .withEnv(env(function, args.map("env"))).withRunas(args.string("runas"))
                .withStdin(args.string("stdin"))
                .withTimeout(timeout == null ? null : Duration.ofNanos((long) (timeout * 1e9)))
                .withOutputCap(OUTPUT_CAP).waitingForOutput();
        boolean ownTimeoutFirst = timeout != null && Instant.now().plus(command.timeout()).isBefore(context.deadline());
        CommandResult r;
        try {
            r = context.commands().run(command);
        } catch (IOException e) {
            throw new FunctionException(function + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FunctionException(function + ": interrupted, so killed the command and its children");
        }
        List<String> notes = new ArrayList<>();
        if (r.timedOut()) {
            notes.add("timed out after " + (ownTimeoutFirst ? timeout + " s" : "the job's deadline")
                    + "; killed process " + r.pid() + " and its children");
        }
        if (!r.truncated().isEmpty()) {
            notes.add(String.join(" and ", r.truncated()) + " cut to the first " + OUTPUT_CAP / (1024 * 1024)
                    + " MiB");
        }
        return new Outcome(r, notes.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", notes)));
    }

    /**
     * Refuses, with retcode 77, what the minion's policy does not allow: the function, the command line as the
     * caller wrote it ({@code commandLine}), a chosen shell or environment under {@code cmd_allowed}.
     */
    static void requireAllowed(String function, FunctionContext context, Arguments args, String commandLine)
            throws FunctionException {
        Optional<String> refused = context.policy().refusal(function, commandLine);
        if (refused.isEmpty()) {
            refused = context.policy().optionRefusal(function, args.bool("python_shell") ? args.string("shell") : null,
                    args.map("env"));
        }
        if (refused.isPresent()) {
            throw new FunctionException(refused.get(), 77);
        }
    }

    private static Map<String, String> env(String function, Map<String, Object> env) throws FunctionException {
        Map<String, String> changes = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : env.entrySet()) {
            Object v = e.getValue();
            if (v != null && !(v instanceof String || v instanceof Number || v instanceof Boolean)) {
                throw new FunctionException(function + ": env value of " + e.getKey() + " must be a string, got " + v);
            }
            changes.put(e.getKey(), v == null ? null : v.toString());
        }
        return changes;
    }
}
