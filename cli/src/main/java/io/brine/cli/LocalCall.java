package io.brine.cli;

import io.brine.jobs.Job;
import io.brine.minion.MasterlessCall;
import io.brine.minion.MinionCall;
import io.brine.output.JobOutput;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code brine call} and {@code brine state apply --local} in the full CLI: with {@code --local} the minion's
 * {@link MasterlessCall}, without it the running minion's {@link MinionCall}; printed exactly as the master path
 * prints a job with one minion, with the same exit codes.
 */
final class LocalCall {
    private LocalCall() {
    }

    static int execute(CommandSpec spec, Path minionConfig, String out, Integer timeoutSeconds, String function,
            List<Object> args, Map<String, Object> kwargs, Function<Job, String> text)
            throws IOException, InterruptedException {
        return execute(spec, minionConfig, out, timeoutSeconds, function, args, kwargs, text, true);
    }

    static int execute(CommandSpec spec, Path minionConfig, String out, Integer timeoutSeconds, String function,
            List<Object> args, Map<String, Object> kwargs, Function<Job, String> text, boolean masterless)
            throws IOException, InterruptedException {
        Logging.configure("warning");
        if (!out.equals("jsonl")) {
            OutputFormat.check(out);
        }
        Duration timeout = timeoutSeconds == null ? MasterlessCall.DEFAULT_TIMEOUT : Duration.ofSeconds(timeoutSeconds);
        Job job = masterless ? new MasterlessCall(minionConfig).call(function, args, kwargs, timeout)
                : new MinionCall(minionConfig).call(function, args, kwargs, timeout);
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(JobOutput.renderFinished(job, out, text));
        stdout.flush();
        return JobOutput.exitCode(job);
    }

    /** Whether the minion config at {@code file} says {@code file_client: local}. */
    static boolean fileClientLocal(Path file) {
        return MasterlessCall.fileClientLocal(file);
    }
}
