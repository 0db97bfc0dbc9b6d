package io.brine.modules.cmd;

import io.brine.functions.Command;
import io.brine.functions.CommandResult;
import io.brine.functions.CommandRunner;
import io.brine.functions.FunctionException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs a cmd function's or state's command on the job's runner (killed, with its children, at its timeout, the
 * job's deadline, or a kill) and says what there is to say about it: a timeout, an output cut to the cap.
 *
 * <pre>{@code
 * CmdExecution.Outcome out = CmdExecution.run("cmd.run", ctx.commands(), options, argv);
 * out.note(); // e.g. "stdout cut to its first 16 MiB of 40 MiB"
 * }</pre>
 */
final class CmdExecution {
    /** A finished command and what to say about it, if anything. */
    record Outcome(CommandResult result, Optional<String> note) {
    }

    private CmdExecution() {
    }

    /** Runs {@code argv}, already allowed by the minion's policy, with {@code options}. */
    static Outcome run(String function, CommandRunner runner, CommandOptions options, List<String> argv)
            throws FunctionException, InterruptedException {
        Command command = options.command(argv);
        long start = System.nanoTime();
        CommandResult r;
        try {
            r = runner.run(command);
        } catch (IOException e) {
            throw new FunctionException(function + ": " + e.getMessage());
        }
        List<String> notes = new ArrayList<>();
        if (r.timedOut()) {
            // The runner ends a command at the earlier of its own timeout and the job's deadline; which one it was
            // shows in how long it ran.
            boolean own = command.timeout() != null && System.nanoTime() - start >= command.timeout().toNanos();
            notes.add("timed out after " + (own ? seconds(command) + " s" : "the job's deadline") + "; killed process "
                    + r.pid() + " and its children");
        }
        if (!r.truncated().isEmpty()) {
            notes.add(r.truncationNote(CommandOptions.OUTPUT_CAP));
        }
        return new Outcome(r, notes.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", notes)));
    }

    private static String seconds(Command command) {
        double s = command.timeout().toNanos() / 1e9;
        return s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s);
    }
}
