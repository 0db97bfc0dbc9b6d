package io.brine.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The whole {@code brine run -c master.yaml m1 test.ping} process against the running master, JVM start
 * included: what an operator waits for at the shell, started as the shell would (see {@link CliPing}). The
 * warm-up runs also let the launcher make the command's class-data archive if it has none yet. A run whose
 * printed job lacks the minion's return is counted as missing, not timed.
 */
final class CliScenario implements Scenario {
    private static final int WARM_UP = 2;
    private static final int TIMEOUT_SECONDS = 30;

    @Override
    public String name() {
        return "cli";
    }

    @Override
    public ScenarioResult run(BenchRun run) throws Exception {
        String needsJar = run.needsJar();
        if (needsJar != null) {
            return ScenarioResult.notAvailable(needsJar);
        }
        CliPing cli = new CliPing(run.options, run.cluster.masterYaml, run.cluster.root.resolve("cli.log"),
                TIMEOUT_SECONDS);
        String minion = MinionDirs.id(1);
        MissingReturns missing = new MissingReturns("'brine run' processes");
        for (int i = 0; i < WARM_UP; i++) {
            missing.counted(1, cli.ping(minion).returned() ? 1 : 0);
        }
        List<Long> nanos = new ArrayList<>();
        for (int i = 0; i < run.options.cliRuns(); i++) {
            CliPing.Answer a = cli.ping(minion);
            if (missing.counted(1, a.returned() ? 1 : 0)) {
                nanos.add(a.nanos());
            }
        }
        if (missing.any()) {
            run.say("  see %s", run.cluster.root.resolve("cli.log"));
            return missing.failure(run);
        }
        Samples s = Samples.ofNanos(nanos);
        return ScenarioResult.measured()
                .figure("median_ms", s.medianMs())
                .figure("p90_ms", s.ms(90))
                .figure("missing_returns", missing.count())
                .row("brine run median", Report.num(s.medianMs()) + " ms", "<= 350 ms", "760 ms", s.spread());
    }
}
