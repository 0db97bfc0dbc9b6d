package io.brine.cli;

import io.brine.client.BrineClient;
import io.brine.jobs.Job;
import io.brine.master.MasterConfig;
import io.brine.output.JobOutput;
import io.brine.targeting.TargetExpression;
import io.brine.targeting.TargetSyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "update", mixinStandardHelpOptions = true,
        description = "Have minions install a signed agent release (the brine-minion .deb or the minion jar) and "
                + "restart into it; each checks the signature against its own update_keys and answers 'updated FROM "
                + "-> TO', 'refused: REASON' or 'rolled-back'. Needs @update (docs/updates.md).",
        footer = {"", "Examples:", "  brine update '*' --bundle brine-minion_0.2.0_all.deb",
                "  brine update -L web1,web2 --bundle brine-minion.jar --sig brine-minion.jar.sig --allow-downgrade"})
final class UpdateCommand implements Callable<Integer> {
    /** A restart and reconnection included: longer than a job's usual default. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);

    @Mixin
    MasterConfigOption config;

    @ArgGroup(exclusive = true, heading = "Target types (TARGET is a glob without one):%n")
    JobOptions.TargetFlags targetType = new JobOptions.TargetFlags();

    @Option(names = "--bundle", required = true, paramLabel = "FILE", description = "the release, on this host")
    Path bundle;

    @Option(names = "--sig", paramLabel = "FILE", description = "its signature (default: BUNDLE.sig)")
    Path sig;

    @Option(names = "--allow-downgrade", description = "install even an older version than a minion runs")
    boolean allowDowngrade;

    @Option(names = "--timeout", paramLabel = "S", description = "seconds for the whole update on each minion, "
            + "restart included (default: 300)")
    Long timeoutSeconds;

    @Option(names = "--out", paramLabel = "FORMAT", defaultValue = "text", description = "text, json or yaml")
    String out;

    @Parameters(paramLabel = "TARGET", description = "the minions to update")
    String target;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        config.clientLogging();
        OutputFormat.check(out);
        MasterConfig cfg = config.load();
        try {
            TargetExpression.parse(target, targetType.type(), cfg.nodegroups());
        } catch (TargetSyntaxException e) {
            throw CliException.usage("malformed target: " + e.describe());
        }
        Path b = bundle.toAbsolutePath().normalize();
        Path s = (sig != null ? sig : Path.of(bundle + ".sig")).toAbsolutePath().normalize();
        for (Path p : new Path[] {b, s}) {
            if (!Files.isRegularFile(p) || !Files.isReadable(p)) {
                throw CliException.usage(p + " is not a readable file");
            }
        }
        if (timeoutSeconds != null && timeoutSeconds <= 0) {
            throw CliException.usage("--timeout must be positive");
        }
        Duration timeout = timeoutSeconds != null ? Duration.ofSeconds(timeoutSeconds) : DEFAULT_TIMEOUT;
        Job job;
        try (BrineClient master = config.connect(cfg)) {
            job = master.update(target, targetType.type(), b, s, allowDowngrade, timeout);
        }
        if (job.expected().isEmpty()) {
            throw new CliException(ExitCodes.FAILED, "No minions matched the target. Nothing was sent.");
        }
        String text = out.equals("text") ? JobOutput.text(job) : OutputFormat.render(JobOutput.document(job), out);
        spec.commandLine().getOut().print(text);
        spec.commandLine().getOut().flush();
        return JobOutput.exitCode(job);
    }
}
