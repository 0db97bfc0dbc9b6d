package io.brine.minion.modules;

import io.brine.functions.Arguments;
import io.brine.functions.ExecutionFunction;
import io.brine.functions.FunctionContext;
import io.brine.functions.FunctionException;
import io.brine.functions.FunctionResult;
import io.brine.functions.Param;
import java.io.IOException;
import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class CmdRun implements ExecutionFunction {
    /** Exit status reported for a command we killed on timeout, as coreutils' timeout(1) does. */
    static final int TIMED_OUT = CommandResult.TIMED_OUT;
    private static final int OUTPUT_CAP = 16 * 1024 * 1024;

    @Override
    public String name() {
        return "cmd.run";
    }

    @Override
    public String doc() {
        return "Runs a command and returns its pid, retcode, stdout and stderr. A string runs through /bin/sh -c; "
                + "a list is run directly as argv. Each output keeps its first 16 MiB. At the timeout or the job's "
                + "deadline, whichever is first, the command and its children are killed and retcode is 124.";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required("cmd", Param.Type.ANY, "shell command line, or list of program and arguments"),
                Param.optional("cwd", Param.Type.STRING, null, "directory to run in; default the minion's"),
                Param.optional("env", Param.Type.MAP, null, "variables to set (null removes one) over the minion's"),
                Param.optional("stdin", Param.Type.STRING, null, "text to give the command on standard input"),
                Param.optional("timeout", Param.Type.NUMBER, null, "seconds before the command is killed"));
    }

    @Override
    public Object call(FunctionContext context, Arguments args) throws FunctionException, InterruptedException {
        java.util.Optional<String> refused = context.policy().refusal(name(),
                io.brine.functions.FunctionPolicy.commandLine(args.get("cmd")));
        if (refused.isPresent()) {
            throw new FunctionException(refused.get(), 77);
        }
        Double timeout = args.number("timeout");
        if (timeout != null && !(timeout > 0)) {
            throw new FunctionException("cmd.run: timeout must be a positive number of seconds, got " + timeout);
        }
        if (!context.deadline().isAfter(java.time.Instant.now())) {
            throw new FunctionException("cmd.run: the job's deadline has passed; not starting the command");
        }
        Command command = CommandLine.command(args.get("cmd"), args.string("cwd"), args.map("env"))
                .withStdin(args.string("stdin"))
                .withTimeout(timeout == null ? null : Duration.ofNanos((long) (timeout * 1e9)))
                .withOutputCap(OUTPUT_CAP)
                .waitingForOutput();
        boolean ownTimeoutFirst = timeout != null
                && java.time.Instant.now().plus(command.timeout()).isBefore(context.deadline());
        CommandResult r;
        try {
            r = context.commands().run(command);
        } catch (IOException e) {
            throw new FunctionException("cmd.run: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FunctionException("cmd.run: interrupted, so killed the command and its children");
        }
        String comment = null;
        if (r.timedOut()) {
            String limit = ownTimeoutFirst ? timeout + " s" : "the job's deadline";
            comment = "timed out after " + limit + "; killed process " + r.pid() + " and its children";
        }
        return result(r, comment);
    }

    private static FunctionResult result(CommandResult r, String comment) {
        Map<String, Object> ret = new LinkedHashMap<>();
        ret.put("pid", r.pid());
        ret.put("retcode", r.exitCode());
        ret.put("stdout", r.stdout());
        ret.put("stderr", r.stderr());
        if (!r.truncated().isEmpty()) {
            ret.put("truncated", r.truncated());
            comment = (comment == null ? "" : comment + "; ") + String.join(" and ", r.truncated())
                    + " cut to the first " + OUTPUT_CAP / (1024 * 1024) + " MiB";
        }
        if (comment != null) {
            ret.put("comment", comment);
        }
        return new FunctionResult(ret, r.exitCode());
    }
}
