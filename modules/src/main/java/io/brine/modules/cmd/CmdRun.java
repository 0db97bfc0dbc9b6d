package io.brine.modules.cmd;

import io.brine.functions.Arguments;
import io.brine.functions.CommandResult;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionPolicy;
import io.brine.functions.FunctionResult;
import io.brine.functions.Param;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code cmd.run} and its Salt siblings, which run a command the same way and differ only in what they
 * return, as Salt's do: {@code cmd.run} and {@code cmd.run_stdout} the standard output (formulas compare it as
 * a string), {@code cmd.run_stderr} the standard error, {@code cmd.run_all} the dict
 * {@code {pid, retcode, stdout, stderr}} (with {@code truncated} and {@code comment} when there is something to
 * say), {@code cmd.retcode} the exit status. The job's retcode is the command's in every case.
 */
final class CmdRun implements ExecutionFunction {
    /** What a cmd function returns of a finished command. */
    enum Shape { ALL, STDOUT, STDERR, RETCODE }

    private final String name;
    private final Shape shape;

    CmdRun(String name, Shape shape) {
        this.name = name;
        this.shape = shape;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String doc() {
        String returns = switch (shape) {
            case ALL -> "its pid, retcode, stdout and stderr";
            case STDOUT -> "its standard output";
            case STDERR -> "its standard error";
            case RETCODE -> "its exit status";
        };
        return "Runs a command and returns " + returns + ". A string runs through the minion's shell (its shell "
                + "grain: /bin/bash where it exists, else /bin/sh; or shell=...), or split into words with "
                + "python_shell=false; a list is run directly as argv. Each "
                + "output keeps its first 16 MiB. At the timeout or the job's deadline, whichever is first, the "
                + "command and its children are killed and retcode is 124.";
    }

    @Override
    public List<Param> params() {
        List<Param> params = new ArrayList<>();
        params.add(Param.required("cmd", Param.Type.ANY, "command line, or list of program and arguments"));
        params.addAll(CommandOptions.PARAMS);
        return params;
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws FunctionException, InterruptedException {
        CommandOptions options = CommandOptions.of(name, args);
        List<String> argv = options.argv(name, args.get("cmd"));
        Object cmd = args.get("cmd");
        require(options.refusal(name, context.policy(), cmd instanceof String line ? line
                : FunctionPolicy.commandLine(argv)));
        return result(execute(name, context, options, argv), shape);
    }

    /** Refuses, with retcode 77, what the minion's policy does not allow. */
    static void require(Optional<String> refusal) throws FunctionException {
        if (refusal.isPresent()) {
            throw new FunctionException(refusal.get(), 77);
        }
    }

    /** Runs an allowed command within the job: an interrupt (the job killed) is a failure saying so. */
    static CmdExecution.Outcome execute(String function, FunctionContext context, CommandOptions options,
            List<String> argv) throws FunctionException {
        if (!context.deadline().isAfter(Instant.now())) {
            throw new FunctionException(function + ": the job's deadline has passed; not starting the command");
        }
        try {
            return CmdExecution.run(function, context.commands(), options, argv);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FunctionException(function + ": interrupted, so killed the command and its children");
        }
    }

    static FunctionResult result(CmdExecution.Outcome out, Shape shape) {
        CommandResult r = out.result();
        Object ret = switch (shape) {
            case STDOUT -> r.stdout();
            case STDERR -> r.stderr();
            case RETCODE -> r.exitCode();
            case ALL -> dict(out);
        };
        // what the output was in full, for the marker of a return cut on its way out (after the output cap, maybe)
        long uncut = switch (shape) {
            case STDOUT -> r.stdoutBytes();
            case STDERR -> r.stderrBytes();
            case RETCODE -> 0;
            case ALL -> r.stdoutBytes() + r.stderrBytes();
        };
        return new FunctionResult(ret, r.exitCode(), uncut);
    }

    private static Map<String, Object> dict(CmdExecution.Outcome out) {
        CommandResult r = out.result();
        Map<String, Object> ret = new LinkedHashMap<>();
        ret.put("pid", r.pid());
        ret.put("retcode", r.exitCode());
        ret.put("stdout", r.stdout());
        ret.put("stderr", r.stderr());
        if (!r.truncated().isEmpty()) {
            ret.put("truncated", r.truncated());
        }
        out.note().ifPresent(c -> ret.put("comment", c));
        return ret;
    }
}
