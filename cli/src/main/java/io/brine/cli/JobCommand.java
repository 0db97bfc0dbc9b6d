package io.brine.cli;

import io.brine.jobs.Job;
import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.output.JobOutput;
import io.brine.protocol.Jid;
import io.brine.protocol.JobListRequest;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "job", mixinStandardHelpOptions = true, description = "Look up jobs in the master's job cache.",
        subcommands = {JobCommand.ListJobs.class, JobCommand.Show.class, JobCommand.Kill.class},
        footer = {"", "Examples:", "  brine job list --limit 20 --function cmd.run --since 2h",
                "  brine job show 20261122101500123456", "  brine job kill 20261122101500123456"})
final class JobCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    static void requireJid(String jid) {
        if (!Jid.isValid(jid)) {
            throw CliException.usage("'" + jid + "' is not a jid (20 digits)");
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List recent jobs, newest first.",
            footer = {"", "Example:", "  brine job list --limit 5 --out json"})
    static final class ListJobs implements Callable<Integer> {
        @Mixin
        MasterConfigOption config;

        @Option(names = "--limit", defaultValue = "50", description = "how many jobs (default: ${DEFAULT-VALUE})")
        int limit;

        @Option(names = "--out", defaultValue = "text", description = "text, json or yaml")
        String out;

        @Option(names = "--function", description = "only jobs of this function")
        String function;

        @Option(names = "--target", description = "only jobs with exactly this target expression")
        String target;

        @Option(names = "--queued", description = "only jobs still queued for minions that are away (see --queue)")
        boolean queued;

        @Option(names = "--caller", description = "only jobs asked by this caller (audit trail)")
        String caller;

        @Option(names = "--since", description = "only jobs started since: 30m, 2h, 7d, or a UTC time like "
                + "2026-11-22T10:00")
        String since;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            config.clientLogging();
            OutputFormat.check(out);
            if (limit < 1 || limit > JobListRequest.MAX_LIMIT) {
                throw CliException.usage("--limit must be between 1 and " + JobListRequest.MAX_LIMIT);
            }
            long sinceMillis = since == null ? 0 : Since.parse(since, Instant.now()).toEpochMilli();
            List<JobOverview> listing = config.ask(
                    master -> master.jobs(new JobFilter(limit, function, target, caller, sinceMillis, queued)));
            PrintWriter stdout = spec.commandLine().getOut();
            if (out.equals("text")) {
                stdout.printf("%-20s  %-19s  %-22s  %-20s  %-10s  %s%n", "JID", "STARTED (UTC)", "FUNCTION", "TARGET",
                        "CALLER", "RETURNED");
                for (JobOverview j : listing) {
                    stdout.printf("%-20s  %-19s  %-22s  %-20s  %-10s  %d/%d%n", j.jid(),
                            TIME.format(j.startTime()), j.function(), j.target(), j.caller(),
                            j.returnedCount(), j.expectedCount());
                }
            } else {
                List<Map<String, Object>> rows = new ArrayList<>();
                for (JobOverview j : listing) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    row.put("jid", j.jid());
                    row.put("function", j.function());
                    row.put("target", j.target());
                    row.put("tgt_type", j.targetType().wireName());
                    row.put("caller", j.caller());
                    row.put("start_time", j.startTime().toString());
                    row.put("expected", j.expectedCount());
                    row.put("returned", j.returnedCount());
                    rows.add(row);
                }
                stdout.print(OutputFormat.render(rows, out));
            }
            stdout.flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "kill", mixinStandardHelpOptions = true,
            description = "Stop a running job on every minion still running it, processes included.",
            footer = {"", "Example:", "  brine job kill 20261122101500123456"})
    static final class Kill implements Callable<Integer> {
        @Mixin
        MasterConfigOption config;

        @Parameters(paramLabel = "JID")
        String jid;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            config.clientLogging();
            requireJid(jid);
            if (!config.ask(master -> master.kill(jid))) {
                throw new CliException(ExitCodes.FAILED, "job " + jid + " is not running");
            }
            spec.commandLine().getOut().println("Kill sent for job " + jid + ".");
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "Show what a job returned so far, and which minions are still missing.",
            footer = {"", "Example:", "  brine job show --out json 20261122101500123456"})
    static final class Show implements Callable<Integer> {
        @Mixin
        MasterConfigOption config;

        @Option(names = "--out", defaultValue = "text", description = "text, json or yaml")
        String out;

        @Parameters(paramLabel = "JID")
        String jid;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            config.clientLogging();
            OutputFormat.check(out);
            requireJid(jid);
            Job job = config.ask(master -> master.job(jid))
                    .orElseThrow(() -> new CliException(ExitCodes.FAILED, "no job with jid " + jid));
            PrintWriter stdout = spec.commandLine().getOut();
            if (out.equals("text")) {
                stdout.println("jid " + job.jid() + ": " + job.function() + " on " + job.target() + " by "
                        + job.caller());
            }
            stdout.print(JobOutput.render(job, out));
            stdout.flush();
            return JobOutput.exitCode(job);
        }
    }
}
