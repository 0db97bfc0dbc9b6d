package io.brine.cli;

import io.brine.master.MasterConfig;
import io.brine.protocol.ClientResponse;
import io.brine.protocol.Failure;
import io.brine.protocol.JobReport;
import io.brine.protocol.PublishRequest;
import io.brine.protocol.Published;
import io.brine.protocol.ReturnNotice;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run a function on the minions a target selects: wait for their returns (call), "
                + "or print the job id at once (cast, --async).",
        footer = {"", "Examples:", "  brine run '*' test.ping", "  brine run -L web1,web2 cmd.run 'df -h' cwd=/tmp",
                "  brine run -E 'db[0-9]+' --async test.sleep 30", "  brine run --out json 'web*' grains.get os"})
final class RunCommand implements Callable<Integer> {
    @Mixin
    MasterConfigOption config;

    @ArgGroup(exclusive = true)
    TargetTypeOptions targetType = new TargetTypeOptions();

    @Option(names = "--timeout", paramLabel = "S", description = "seconds to wait for returns; also bounds the job "
            + "on each minion (default: the master's timeout)")
    Integer timeoutSeconds;

    @Option(names = "--async", description = "cast: print the jid and return at once; see 'brine job show JID'")
    boolean async;

    @Option(names = "--out", defaultValue = "text", description = "text, json or yaml")
    String out;

    @Parameters(index = "0", paramLabel = "TARGET", description = "which minions: a glob, or a list/regex with -L/-E")
    String target;

    @Parameters(index = "1", paramLabel = "FUNCTION", description = "module.function, e.g. cmd.run")
    String function;

    @Parameters(index = "2..*", paramLabel = "ARG", description = "arguments; key=value ones are keyword arguments")
    List<String> words = new ArrayList<>();

    @Spec
    CommandSpec spec;

    static final class TargetTypeOptions {
        @Option(names = {"-L", "--list"}, description = "TARGET is a comma-separated list of ids")
        boolean list;

        @Option(names = {"-E", "--pcre"}, description = "TARGET is a regular expression matched against ids")
        boolean pcre;

        String type() {
            return list ? "list" : pcre ? "pcre" : "glob";
        }
    }

    @Override
    public Integer call() throws Exception {
        Logging.configure("warning");
        OutputFormat.check(out);
        MasterConfig cfg = config.load();
        CallArguments a = CallArguments.parse(words);
        Duration timeout = timeoutSeconds == null ? cfg.timeout() : Duration.ofSeconds(timeoutSeconds);
        if (timeout.isNegative() || timeout.isZero()) {
            throw CliException.usage("--timeout must be positive");
        }
        try (MasterConnection master = MasterConnection.open(cfg, Duration.ofSeconds(5))) {
            PublishRequest request = new PublishRequest(master.nextRequestId(), target, targetType.type(), function,
                    a.args(), a.kwargs(), timeout.toMillis(), async);
            Progress progress = new Progress(spec.commandLine().getErr());
            ClientResponse answer = master.request(request, progress::update, timeout.plusSeconds(15));
            progress.clear();
            return finish(answer);
        }
    }

    private int finish(ClientResponse answer) {
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
            return p.expected().isEmpty() ? noMinions() : ExitCodes.OK;
        }
        JobReport report = (JobReport) answer;
        if (report.job().expected().isEmpty()) {
            return noMinions();
        }
        stdout.print(JobOutput.render(report.job(), out));
        stdout.flush();
        return JobOutput.exitCode(report.job());
    }

    private int noMinions() {
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
