package io.brine.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What one {@code brine bench} run measures and how hard it tries.
 *
 * @param minionCounts       swarm sizes, ascending; broadcast and connect run at each, the rest at the first
 * @param scenarios          scenario names, in {@link Bench#SCENARIOS}
 * @param processes          one real {@code brine minion} process per minion instead of an in-JVM swarm
 * @param minionsPerProcess  how many swarm minions each child JVM hosts, past the first 500 in the bench's JVM
 *                           (descriptors and threads are limited per process)
 * @param workDir            where keys, configurations and job caches go (a fresh directory)
 * @param brineJar           the brine jar, for scenarios that run the real CLI or daemons as processes;
 *                           null when not running from the jar (those scenarios then report why they cannot run)
 * @param launcher           the {@code brine} launcher script that started this benchmark, through which it starts
 *                           those processes too (see {@link BrineProcess}); null to start them with {@code java}
 * @param jvmOptions         options for those processes when started with {@code java} (BRINE_JAVA_OPTS)
 * @param latencyCalls       calls timed by the latency scenario (after a warm-up)
 * @param broadcastRounds    rounds timed by the broadcast scenario at each size
 * @param throughputJobs     jobs cast at 10 minions per throughput round
 * @param cliRuns            CLI processes timed by the cli scenario
 * @param footprintJobs      jobs the standalone minion runs before its RSS is read again
 * @param stateRounds        timed rounds of the state scenario (each a first and a second apply)
 * @param transferMib        size of the file the transfer scenario pushes, in MiB
 * @param transferRounds     timed pushes of that file
 * @param soak               how long the soak scenario runs (only when named: it is not among the defaults)
 * @param clusterDatabase    the PostgreSQL database ({@code postgresql://host:port/name}, as {@code cluster:
 *                           database} takes it; its user {@code brine} unless the URL names one) that the
 *                           cluster scenario's two masters share; null: that scenario is not available
 * @param fleetAddresses     the bench's master admits its swarm (every minion from 127.0.0.1) as a fleet of as many
 *                           addresses: the per-address handshake limits raised, as an operator would for a fleet
 *                           behind one NAT address; false: the master's defaults, which bound one address to 2,000
 *                           handshakes at once and 500 a second
 */
public record BenchOptions(List<Integer> minionCounts, List<String> scenarios, boolean processes,
        int minionsPerProcess, Path workDir, Path brineJar, Path launcher, List<String> jvmOptions,
        int latencyCalls, int broadcastRounds, int throughputJobs, int cliRuns, int footprintJobs, int stateRounds,
        int transferMib, int transferRounds, java.time.Duration soak, String clusterDatabase,
        boolean fleetAddresses) {

    public BenchOptions {
        minionCounts = List.copyOf(minionCounts);
        if (minionCounts.isEmpty()) {
            throw new IllegalArgumentException("give at least one swarm size (--minions)");
        }
        for (int i = 0; i < minionCounts.size(); i++) {
            if (minionCounts.get(i) < 1) {
                throw new IllegalArgumentException("--minions must be positive: " + minionCounts.get(i));
            }
            if (i > 0 && minionCounts.get(i) <= minionCounts.get(i - 1)) {
                throw new IllegalArgumentException("--minions sizes must ascend: " + minionCounts);
            }
        }
        scenarios = List.copyOf(scenarios);
        for (String s : scenarios) {
            if (!Bench.SCENARIOS.contains(s)) {
                throw new IllegalArgumentException("unknown scenario '" + s + "'; choose from " + Bench.SCENARIOS);
            }
        }
        Objects.requireNonNull(workDir, "workDir");
        jvmOptions = List.copyOf(jvmOptions);
        if (minionsPerProcess < 1 || latencyCalls < 1 || broadcastRounds < 1 || throughputJobs < 1 || cliRuns < 1
                || footprintJobs < 0 || stateRounds < 1 || transferMib < 1 || transferRounds < 1) {
            throw new IllegalArgumentException("counts must be positive");
        }
    }

    /** Every scenario, 100 minions, the repetition counts. */
    public static BenchOptions defaults(Path workDir) {
        return new BenchOptions(List.of(100), Bench.DEFAULT_SCENARIOS, false, 2000, workDir, null, null, List.of(),
                2000, 20, 2000, 20, 1000, 20, 1024, 3, java.time.Duration.ofHours(1), null, false);
    }

    public BenchOptions withMinionCounts(List<Integer> counts) {
        return new BenchOptions(counts, scenarios, processes, minionsPerProcess, workDir, brineJar, launcher, jvmOptions,
                latencyCalls, broadcastRounds, throughputJobs, cliRuns, footprintJobs, stateRounds, transferMib,
                transferRounds, soak, clusterDatabase, fleetAddresses);
    }

    public BenchOptions withScenarios(List<String> names) {
        return new BenchOptions(minionCounts, names, processes, minionsPerProcess, workDir, brineJar, launcher, jvmOptions,
                latencyCalls, broadcastRounds, throughputJobs, cliRuns, footprintJobs, stateRounds, transferMib,
                transferRounds, soak, clusterDatabase, fleetAddresses);
    }

    public BenchOptions withProcesses(boolean p, int perProcess) {
        return new BenchOptions(minionCounts, scenarios, p, perProcess, workDir, brineJar, launcher, jvmOptions, latencyCalls,
                broadcastRounds, throughputJobs, cliRuns, footprintJobs, stateRounds, transferMib, transferRounds, soak,
                clusterDatabase, fleetAddresses);
    }

    /** The jar to run as {@code brine}, through {@code launcher} if not null, else with {@code java options -jar}. */
    public BenchOptions withBrineJar(Path jar, Path launcher, List<String> options) {
        return new BenchOptions(minionCounts, scenarios, processes, minionsPerProcess, workDir, jar, launcher, options,
                latencyCalls, broadcastRounds, throughputJobs, cliRuns, footprintJobs, stateRounds, transferMib,
                transferRounds, soak, clusterDatabase, fleetAddresses);
    }

    public BenchOptions withRepetitions(int latency, int broadcast, int throughput, int cli, int footprint) {
        return new BenchOptions(minionCounts, scenarios, processes, minionsPerProcess, workDir, brineJar, launcher, jvmOptions,
                latency, broadcast, throughput, cli, footprint, stateRounds, transferMib, transferRounds, soak,
                clusterDatabase, fleetAddresses);
    }

    /** State rounds, the transfer's file size in MiB and its rounds: small ones keep a test run short. */
    public BenchOptions withStateAndTransfer(int rounds, int mib, int pushes) {
        return new BenchOptions(minionCounts, scenarios, processes, minionsPerProcess, workDir, brineJar, launcher, jvmOptions,
                latencyCalls, broadcastRounds, throughputJobs, cliRuns, footprintJobs, rounds, mib, pushes, soak,
                clusterDatabase, fleetAddresses);
    }

    /** The database the cluster scenario's masters share (null: that scenario cannot run). */
    public BenchOptions withClusterDatabase(String database) {
        return new BenchOptions(minionCounts, scenarios, processes, minionsPerProcess, workDir, brineJar, launcher,
                jvmOptions, latencyCalls, broadcastRounds, throughputJobs, cliRuns, footprintJobs, stateRounds,
                transferMib, transferRounds, soak, database, fleetAddresses);
    }

    /** The per-address handshake limits raised for the swarm (see {@code fleetAddresses}). */
    public BenchOptions withFleetAddresses(boolean fleet) {
        return new BenchOptions(minionCounts, scenarios, processes, minionsPerProcess, workDir, brineJar, launcher,
                jvmOptions, latencyCalls, broadcastRounds, throughputJobs, cliRuns, footprintJobs, stateRounds,
                transferMib, transferRounds, soak, clusterDatabase, fleet);
    }

    boolean wants(String scenario) {
        return scenarios.contains(scenario);
    }

    public BenchOptions withSoak(java.time.Duration d) {
        return new BenchOptions(minionCounts, scenarios, processes, minionsPerProcess, workDir, brineJar, launcher,
                jvmOptions, latencyCalls, broadcastRounds, throughputJobs, cliRuns, footprintJobs, stateRounds,
                transferMib, transferRounds, d, clusterDatabase, fleetAddresses);
    }
}
