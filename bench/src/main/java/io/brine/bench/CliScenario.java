package io.brine.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The whole {@code brine run -c master.yaml m1 test.ping} process against the running master, JVM start
 * included: what an operator waits for at the shell, started as the shell would (see {@link BrineProcess}). The
 * warm-up runs also let the launcher make the command's class-data archive if it has none yet.
 */
final class CliScenario implements Scenario {
    private static final int WARM_UP = 2;

    @Override
    public String name() {
        return "cli";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        String missing = run.needsJar();
        if (missing != null) {
            return ScenarioResult.notAvailable(missing);
        }
        List<String> args = List.of("run", "-c", run.cluster.masterYaml.toString(), MinionDirs.id(1), "test.ping");
        for (int i = 0; i < WARM_UP; i++) {
            runOnce(run, args);
        }
        List<Long> nanos = new ArrayList<>();
        for (int i = 0; i < run.options.cliRuns(); i++) {
            nanos.add(runOnce(run, args));
        }
        Samples s = Samples.ofNanos(nanos);
        return ScenarioResult.measured()
                .figure("median_ms", s.medianMs())
                .figure("p90_ms", s.ms(90))
                .row("brine run median", Report.num(s.medianMs()) + " ms", "<= 350 ms", "760 ms", s.spread());
    }

    private static long runOnce(BenchRun run, List<String> args) throws Exception {
        long t0 = System.nanoTime();
        try (JavaProcess p = BrineProcess.start(run.options, args, run.cluster.root.resolve("cli.log"))) {
            int exit = p.waitFor(60);
            long nanos = System.nanoTime() - t0;
            if (exit != 0) {
                throw new IllegalStateException("brine run exited with " + exit + "; see "
                        + run.cluster.root.resolve("cli.log"));
            }
            return nanos;
        }
    }
}
