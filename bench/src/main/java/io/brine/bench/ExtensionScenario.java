package io.brine.bench;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.master.MasterClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Extension modules (issue 29, docs/extensions.md): two minions in processes of their own, one with an extension
 * of {@value #FUNCTIONS} functions registered (a POSIX shell executable answering at once) and one without.
 * Measured: the resident memory the registered extension adds (both idle after their first answers), and one call
 * of an extension function, its process start included, against {@code cmd.run true} on the same minion,
 * alternated, {@value #CALLS} each: medians and their ratio.
 */
final class ExtensionScenario implements Scenario {
    static final int FUNCTIONS = 20;
    static final int CALLS = 200;
    private static final int WARM_UP = 20;
    private static final Duration SETTLE = Duration.ofSeconds(5);

    @Override
    public String name() {
        return "extension";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        Path dir = Files.createDirectories(run.cluster.root.resolve("extension-bench"));
        StringBuilder manifest = new StringBuilder("module: benchext\nfunctions:\n");
        for (int i = 1; i <= FUNCTIONS; i++) {
            manifest.append(String.format("  f%02d:%n    doc: Answers true.%n    params:%n      - {name: x, type: int, "
                    + "default: %d}%n", i, i));
        }
        Files.writeString(dir.resolve("benchext.yaml"), manifest);
        Path exe = Files.writeString(dir.resolve("benchext"), "#!/bin/sh\ncat > /dev/null\necho '{\"ret\": true}'\n");
        Files.setPosixFilePermissions(exe, PosixFilePermissions.fromString("rwxr-xr-x"));
        MasterClient client = run.cluster.client();
        try (SoloMinion plain = SoloMinion.start(run, "ext-plain");
                SoloMinion with = SoloMinion.start(run, "ext-with", "extension_dirs: [" + dir + "]\n")) {
            plain.awaitAnswering(client, Duration.ofSeconds(60));
            with.awaitAnswering(client, Duration.ofSeconds(60));
            Thread.sleep(SETTLE.toMillis()); // idle memory: a settling period, not a wait for an event
            double plainRss = plain.rssMib();
            double withRss = with.rssMib();
            JobSpec extension = JobSpec.of(with.id, "benchext.f01").withTimeout(Duration.ofSeconds(10));
            JobSpec command = JobSpec.of(with.id, "cmd.run").withArgs(List.of("true"))
                    .withTimeout(Duration.ofSeconds(10));
            MissingReturns missing = new MissingReturns("extension calls");
            for (int i = 0; i < WARM_UP; i++) {
                timed(client, extension, with.id, missing);
                timed(client, command, with.id, missing);
            }
            List<Long> ext = new ArrayList<>();
            List<Long> cmd = new ArrayList<>();
            for (int i = 0; i < CALLS; i++) {
                ext.add(timed(client, extension, with.id, missing));
                cmd.add(timed(client, command, with.id, missing));
            }
            if (missing.any()) {
                return missing.failure(run);
            }
            Samples e = Samples.ofNanos(ext);
            Samples c = Samples.ofNanos(cmd);
            return ScenarioResult.measured()
                    .figure("extension_call_median_ms", e.medianMs())
                    .figure("cmd_run_true_median_ms", c.medianMs())
                    .figure("rss_plain_mib", plainRss)
                    .figure("rss_with_extension_mib", withRss)
                    .row("extension call (" + FUNCTIONS + " registered)", Report.num(e.medianMs()) + " ms", "", "",
                            e.spread())
                    .row("cmd.run true, same minion", Report.num(c.medianMs()) + " ms",
                            "", "", c.spread() + String.format("; extension/cmd.run %.2f", e.medianMs() / c.medianMs()))
                    .row("minion RSS, " + FUNCTIONS + " extension functions registered", Report.num(withRss) + " MiB",
                            "", "", String.format("without: %s MiB (%+.1f MiB)", Report.num(plainRss),
                                    withRss - plainRss));
        }
    }

    private static long timed(MasterClient client, JobSpec spec, String id, MissingReturns missing)
            throws InterruptedException {
        long t0 = System.nanoTime();
        Job job = client.call(spec);
        long nanos = System.nanoTime() - t0;
        boolean ok = job.returns().containsKey(id) && job.returns().get(id).success();
        missing.counted(1, ok ? 1 : 0);
        return nanos;
    }
}
