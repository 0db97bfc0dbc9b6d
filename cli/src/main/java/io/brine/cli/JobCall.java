package io.brine.cli;

import io.brine.client.BrineClient;
import io.brine.client.ClientException;
import io.brine.jobs.Batch;
import io.brine.jobs.CallListener;
import io.brine.jobs.Job;
import io.brine.jobs.JobReturn;
import io.brine.jobs.JobSpec;
import io.brine.jobs.Publication;
import io.brine.master.MasterConfig;
import io.brine.output.JobOutput;
import io.brine.targeting.TargetExpression;
import io.brine.targeting.TargetSyntaxException;
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
            Map<String, Object> kwargs, Function<Job, String> text) throws InterruptedException {
        return execute(spec, options, target, function, args, kwargs, text, job -> job);
    }

    /** As above, the job spec made as {@code route} says (over SSH, for {@code brine ssh}). */
    static int execute(CommandSpec spec, JobOptions options, String target, String function, List<Object> args,
            Map<String, Object> kwargs, Function<Job, String> text, java.util.function.UnaryOperator<JobSpec> route)
            throws InterruptedException {
        options.config.clientLogging();
        if (!options.out.equals("jsonl")) {
            OutputFormat.check(options.out);
        }
        MasterConfig cfg = options.config.load();
        try {
            TargetExpression.parse(target, options.targetType.type(), cfg.nodegroups());
        } catch (TargetSyntaxException e) {
            throw CliException.usage("malformed target: " + e.describe());
        }
        Batch batch = options.batchValue();
        Duration timeout = options.timeoutSeconds == null ? cfg.timeout() : Duration.ofSeconds(options.timeoutSeconds);
        if (timeout.isNegative() || timeout.isZero()) {
            throw CliException.usage("--timeout must be positive");
        }
        JobSpec job;
        try {
            job = route.apply(new JobSpec(target, options.targetType.type(), function, args, kwargs, timeout,
                    options.queueTime(), batch));
        } catch (IllegalArgumentException e) {
            throw CliException.usage(e.getMessage());
        }
        try (BrineClient master = options.config.connect(cfg)) {
            return options.async ? cast(spec, options.out, master.publish(job))
                    : call(spec, options, master, job, batch, text);
        }
    }

    private static int call(CommandSpec spec, JobOptions options, BrineClient master, JobSpec job, Batch batch,
            Function<Job, String> text) throws InterruptedException {
        Progress progress = new Progress(spec.commandLine().getErr(), batch == null ? null : batch.text());
        boolean jsonl = options.out.equals("jsonl");
        PrintWriter stdout = spec.commandLine().getOut();
        String[] gaveUp = new String[1];
        Job done;
        try {
            // The client's own bound, whatever the master does: the master reports at the timeout (or up to 2 s
            // later, for minions stopping the job at theirs), and across a restart the call follows the job by its jid.
            done = master.call(job, new CallListener() {
                @Override
                public void published(Publication p) {
                    progress.published(p.minions().size());
                    warnUndetermined(spec, p);
                }

                @Override
                public void returned(JobReturn r) {
                    progress.returned();
                    if (jsonl) {
                        Map<String, Object> line = new java.util.LinkedHashMap<>();
                        line.put("jid", r.jid());
                        line.put("id", r.minionId());
                        line.putAll(JobOutput.minion(r.result()));
                        stdout.println(JobOutput.compactJson(line));
                        stdout.flush();
                    }
                }

                @Override
                public void gaveUp(String reason) {
                    gaveUp[0] = reason;
                }
            });
        } catch (ClientException e) {
            progress.clear();
            if (gaveUp[0] != null) {
                return unfinished(spec, options.out, null, gaveUp[0], text);
            }
            throw e; // Main exits 2 for the caller's side (setup), 1 for a failure on the way
        }
        progress.clear();
        if (!done.complete() && gaveUp[0] != null) {
            return unfinished(spec, options.out, done, gaveUp[0], text);
        }
        return finish(spec, options.out, done, text);
    }

    /**
     * The call stopped waiting before the master said how the job ended: the job as far as known, in the format
     * asked for and marked {@code "complete": false} with the reason (in text, a line on stderr naming the jid), and
     * exit 1, as for a minion that did not return. Without a job (the master never named it) there is only the
     * reason to give.
     */
    private static int unfinished(CommandSpec spec, String out, Job job, String reason, Function<Job, String> text) {
        PrintWriter stdout = spec.commandLine().getOut();
        String jid = job == null ? null : job.jid();
        String why = jid == null ? reason + "; see 'brine job list'"
                : "job " + jid + " did not complete: " + reason + "; shown as far as known, see 'brine job "
                        + "show " + jid + "'";
        if (out.equals("text")) {
            if (job != null) {
                stdout.print(text.apply(job));
                stdout.flush();
            }
            throw new CliException(ExitCodes.FAILED, why);
        }
        Map<String, Object> doc = job == null ? JobOutput.unnamed() : JobOutput.document(job);
        doc.put("complete", false);
        doc.put("reason", reason);
        if (out.equals("jsonl")) {
            doc.remove("returns");
            doc.put("returned", job == null ? 0 : job.returns().size());
            doc.put("expected", job == null ? 0 : job.expected().size());
            stdout.println(JobOutput.compactJson(doc));
        } else {
            stdout.print(OutputFormat.render(doc, out));
        }
        stdout.flush();
        spec.commandLine().getErr().println("brine: " + why);
        return ExitCodes.FAILED;
    }

    /** A cast: its jid (and, but in text, the minions it went to). */
    private static int cast(CommandSpec spec, String out, Publication p) {
        warnUndetermined(spec, p);
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(out.equals("text") ? "Executed command with job ID: " + p.jid() + "\n"
                : out.equals("jsonl") ? JobOutput.compactJson(Map.of("jid", p.jid(), "minions", p.minions())) + "\n"
                : OutputFormat.render(Map.of("jid", p.jid(), "minions", p.minions()), out));
        stdout.flush();
        return p.minions().isEmpty() ? noMinions(spec) : ExitCodes.OK;
    }

    private static int finish(CommandSpec spec, String out, Job job, Function<Job, String> text) {
        PrintWriter stdout = spec.commandLine().getOut();
        if (job.expected().isEmpty()) {
            return noMinions(spec);
        }
        if (out.equals("jsonl")) {
            Map<String, Object> summary = JobOutput.document(job);
            summary.remove("returns");
            summary.put("returned", job.returns().size());
            summary.put("expected", job.expected().size());
            stdout.println(JobOutput.compactJson(summary));
            stdout.flush();
            return JobOutput.exitCode(job);
        }
        stdout.print(out.equals("text") ? text.apply(job) : JobOutput.render(job, out));
        stdout.flush();
        return JobOutput.exitCode(job);
    }

    /** Minions whose grains the master does not know were not sent the job: never silently. */
    private static void warnUndetermined(CommandSpec spec, Publication p) {
        if (!p.undetermined().isEmpty()) {
            spec.commandLine().getErr().println("Not targeted, because the master does not know their grains yet: "
                    + String.join(", ", p.undetermined()));
        }
    }

    private static int noMinions(CommandSpec spec) {
        spec.commandLine().getErr().println("No minions matched the target. No command was sent.");
        return ExitCodes.FAILED;
    }

    /** "N of M returned" on stderr (with the batch size), only when a person is watching a terminal. */
    private static final class Progress {
        private final PrintWriter err;
        private final String batch;
        private final boolean terminal = System.console() != null;
        private int expected = -1;
        private int returned;
        private boolean shown;

        Progress(PrintWriter err, String batch) {
            this.err = err;
            this.batch = batch;
        }

        void published(int minions) {
            expected = minions;
            show();
        }

        void returned() {
            returned++;
            show();
        }

        private void show() {
            if (terminal && expected > 0) {
                err.print("\r" + returned + " of " + expected + " returned" + (batch == null ? ""
                        : " (batch of " + batch + ")"));
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
