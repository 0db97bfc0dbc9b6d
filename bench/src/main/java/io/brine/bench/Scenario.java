package io.brine.bench;

/**
 * One thing {@code brine bench} measures. A scenario gets a running cluster (master and swarm) and leaves it
 * running for the next one; a feature that does not exist yet makes it return
 * {@link ScenarioResult#notAvailable}, never fail.
 */
interface Scenario {
    String name();

    /** True if it runs once per swarm size, its figures keyed by the size (broadcast, connect). */
    default boolean perSwarmSize() {
        return false;
    }

    ScenarioResult run(BenchRun run) throws Exception;
}
