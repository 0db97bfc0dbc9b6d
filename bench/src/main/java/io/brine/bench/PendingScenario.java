package io.brine.bench;

/**
 * A scenario whose feature is still being built (state apply, file transfer): it reports why it cannot run.
 * When the feature lands, a real scenario class replaces this one in {@link Bench}.
 */
final class PendingScenario implements Scenario {
    private final String name;
    private final String why;

    PendingScenario(String name, String why) {
        this.name = name;
        this.why = why;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ScenarioResult run(BenchRun run) {
        return ScenarioResult.notAvailable(why);
    }
}
