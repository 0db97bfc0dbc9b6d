package io.brine.minion.functions;

import io.brine.minion.function.Arguments;
import io.brine.minion.function.Function;
import io.brine.minion.function.FunctionContext;
import io.brine.minion.function.FunctionException;
import io.brine.minion.function.FunctionResult;
import io.brine.minion.function.Param;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class CmdRun implements Function {
    /** Exit status reported for a command we killed on timeout, as coreutils' timeout(1) does. */
    static final int TIMED_OUT = 124;
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
    public Object call(FunctionContext context, Arguments args) throws FunctionException {
        java.util.Optional<String> refused = context.policy().refusal(name(),
                io.brine.minion.function.FunctionPolicy.commandLine(args.get("cmd")));
        if (refused.isPresent()) {
            throw new FunctionException(refused.get(), 77);
        }
        ProcessBuilder builder = CommandLine.builder(args.get("cmd"), args.string("cwd"), args.map("env"));
        Instant deadline = deadline(context.deadline(), args.number("timeout"));
        RunningCommand command;
        try {
            command = RunningCommand.start(builder, args.string("stdin"), OUTPUT_CAP);
        } catch (IOException e) {
            throw new FunctionException("cmd.run: " + e.getMessage());
        }
        try {
            if (command.awaitUntil(deadline)) {
                return result(command, command.exitCode(), null);
            }
        } catch (InterruptedException e) {
            command.kill();
            Thread.currentThread().interrupt();
            throw new FunctionException("cmd.run: interrupted, so killed process " + command.pid()
                    + " and its children");
        }
        command.kill();
        String limit = deadline.equals(context.deadline()) ? "the job's deadline" : args.number("timeout") + " s";
        return result(command, TIMED_OUT, "timed out after " + limit + "; killed process " + command.pid()
                + " and its children");
    }

    private static Instant deadline(Instant jobDeadline, Double timeoutSeconds) throws FunctionException {
        if (!jobDeadline.isAfter(Instant.now())) {
            throw new FunctionException("cmd.run: the job's deadline has passed; not starting the command");
        }
        if (timeoutSeconds == null) {
            return jobDeadline;
        }
        if (!(timeoutSeconds > 0)) {
            throw new FunctionException("cmd.run: timeout must be a positive number of seconds, got "
                    + timeoutSeconds);
        }
        Instant own = Instant.now().plusNanos((long) (timeoutSeconds * 1e9));
        return own.isBefore(jobDeadline) ? own : jobDeadline;
    }

    private static FunctionResult result(RunningCommand command, Integer retcode, String comment) {
        Map<String, Object> ret = new LinkedHashMap<>();
        ret.put("pid", command.pid());
        ret.put("retcode", retcode);
        ret.put("stdout", command.stdout().text());
        ret.put("stderr", command.stderr().text());
        List<String> truncated = new ArrayList<>();
        if (command.stdout().truncated()) {
            truncated.add("stdout");
        }
        if (command.stderr().truncated()) {
            truncated.add("stderr");
        }
        if (!truncated.isEmpty()) {
            ret.put("truncated", truncated);
            comment = (comment == null ? "" : comment + "; ") + String.join(" and ", truncated)
                    + " cut to the first " + OUTPUT_CAP / (1024 * 1024) + " MiB";
        }
        if (comment != null) {
            ret.put("comment", comment);
        }
        return new FunctionResult(ret, retcode);
    }
}
