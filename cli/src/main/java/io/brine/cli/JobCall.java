package io.brine.cli;

import io.brine.master.MasterConfig;
import io.brine.protocol.ClientResponse;
import io.brine.protocol.Failure;
import io.brine.protocol.JobRecord;
import io.brine.protocol.JobReport;
import io.brine.protocol.PublishRequest;
import io.brine.protocol.Published;
import io.brine.protocol.ReturnNotice;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Publishes one job through the master and prints the outcome: for a call, the returns (with live progress
 * on a terminal); for a cast, the jid. Shared by {@code brine run} and {@code brine state apply}.
 */
final class JobCall {
    private JobCall() {
    }

    static int execute(CommandSpec spec, JobOptions options, String target, String function, List<Object> args,
            Map<String, Object> kwargs, Function<JobRecord, String> text) throws InterruptedException {
        Logging.configure("warning");
        OutputFormat.check(options.out);
        MasterConfig cfg = options.config.load();
        Duration timeout = options.timeoutSeconds == null ? cfg.timeout() : Duration.ofSeconds(options.timeoutSeconds);
        if (timeout.isNegative() || timeout.isZero()) {
            throw CliException.usage("--timeout must be positive");
        }
        try (MasterConnection master = MasterConnection.open(cfg, Duration.ofSeconds(5))) {
            PublishRequest request = new PublishRequest(master.nextRequestId(), target, options.targetType.type(),
                    function, args, kwargs, timeout.toMillis(), options.async);
            Progress progress = new Progress(spec.commandLine().getErr());
            ClientResponse answer = master.request(request, progress::update, timeout.plusSeconds(15));
            progress.clear();
            return finish(spec, options.out, answer, text);
        }
    }

    private static int finish(CommandSpec spec, String out, ClientResponse answer, Function<JobRecord, String> text) {
        PrintWriter stdout = spec.commandLine().getOut();
        if (answer == null) {
            throw new CliException(ExitCodes.FAILED, "the master did not answer in time");
        }
        if (answer instanceof Failure f) {
            throw CliException.usage(f.message());
        }
        if (answer instanceof Published p) {
            stdout.print(out.equals("text") ? "Executed command with job ID: " + p.jid() + "\n"
                    : OutputFormat.render(Map.of("jid", p.jid(), "minions", p.expected()), out));
            stdout.flush();
            return p.expected().isEmpty() ? noMinions(spec) : ExitCodes.OK;
        }
        JobRecord job = ((JobReport) answer).job();
        if (job.expected().isEmpty()) {
            return noMinions(spec);
        }
        stdout.print(out.equals("text") ? text.apply(job) : JobOutput.render(job, out));
        stdout.flush();
        return JobOutput.exitCode(job);
    }

    private static int noMinions(CommandSpec spec) {
        spec.commandLine().getErr().println("No minions matched the target. No command was sent.");
        return ExitCodes.FAILED;
    }

    /** "N of M returned" on stderr, only when a person is watching a terminal. */
    private static final class Progress {
        private final PrintWriter err;
        private final boolean terminal = System.console() != null;
        private int expected = -1;
        private int returned;
        private boolean shown;

        Progress(PrintWriter err) {
            this.err = err;
        }

        void update(ClientResponse r) {
            if (r instanceof Published p) {
                expected = p.expected().size();
            } else if (r instanceof ReturnNotice) {
                returned++;
            }
            if (terminal && expected > 0) {
                err.print("\r" + returned + " of " + expected + " returned");
                err.flush();
                shown = true;
            }
        }

        void clear() {
            if (shown) {
                err.print("\r\033[K");
                err.flush();
            }
        }
    }
}
