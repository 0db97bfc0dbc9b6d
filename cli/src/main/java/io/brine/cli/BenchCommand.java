package io.brine.cli;

import io.brine.bench.Bench;
import io.brine.bench.BenchOptions;
import io.brine.bench.Report;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Start a real master and a swarm of real minions on loopback and measure latency, broadcast, "
                + "throughput, restart storm, CLI and memory; see docs/performance.md.",
        footer = {"", "Scenarios: " + "latency, throughput, cli, broadcast, connect, state, transfer, footprint", "",
                "Exit code 1 when a scenario failed (a return that did not arrive, a check or a target it enforces);",
                "the failures are listed on standard error after the report.", "",
                "Examples:", "  brine bench                                   # every scenario but the soak, 100 minions",
                "  brine bench --minions 100,1000 --scenario broadcast --out json",
                "  brine bench --processes --minions 50 --scenario broadcast",
                "  brine bench --scenario soak --duration 1h     # heap, RSS, threads, fds over time; lost returns",
                "  brine bench --scenario ssh                    # brine ssh to 2 sshd hosts, cold and warm (root)"})
final class BenchCommand implements Callable<Integer> {
    @Option(names = "--minions", split = ",", paramLabel = "N", defaultValue = "100",
            description = "swarm sizes, ascending; broadcast and connect run at each (default: ${DEFAULT-VALUE})")
    List<Integer> minions;

    @Option(names = "--scenario", paramLabel = "NAME", description = "run only these (repeatable; default: all but soak, cluster, https, ssh and update)")
    List<String> scenarios = new ArrayList<>();

    @Option(names = "--processes", description = "one 'brine minion' process per minion instead of an in-JVM swarm")
    boolean processes;

    @Option(names = "--minions-per-process", defaultValue = "2000", paramLabel = "K",
            description = "swarm minions per child JVM; the first 500 run in the benchmark's own JVM "
                    + "(default: ${DEFAULT-VALUE})")
    int perProcess;

    @Option(names = "--out", defaultValue = "text", description = "text or json")
    String out;

    @Option(names = "--dir", paramLabel = "DIR", description = "work directory (default: a temporary one, removed)")
    Path dir;

    @Option(names = "--latency-calls", defaultValue = "2000", description = "timed pings (default: ${DEFAULT-VALUE})")
    int latencyCalls;

    @Option(names = "--rounds", defaultValue = "20", description = "broadcast rounds per size (default: ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--throughput-jobs", defaultValue = "2000",
            description = "jobs cast at 10 minions per throughput round (default: ${DEFAULT-VALUE})")
    int throughputJobs;

    @Option(names = "--cli-runs", defaultValue = "20", description = "timed 'brine run' processes (default: ${DEFAULT-VALUE})")
    int cliRuns;

    @Option(names = "--state-rounds", defaultValue = "20",
            description = "timed first and second applies of the state tree (default: ${DEFAULT-VALUE})")
    int stateRounds;

    @Option(names = "--transfer-mib", defaultValue = "1024", paramLabel = "MIB",
            description = "size of the file the transfer scenario pushes (default: ${DEFAULT-VALUE})")
    int transferMib;

    @Option(names = "--duration", defaultValue = "1h", paramLabel = "TIME",
            description = "how long --scenario soak runs: 90s, 30m, 1h (default: ${DEFAULT-VALUE})")
    String duration;

    private java.time.Duration soakDuration() {
        try {
            return io.brine.api.TokenStore.lifetime(duration);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--duration " + e.getMessage());
        }
    }

    @Option(names = "--transfer-rounds", defaultValue = "3", description = "timed pushes (default: ${DEFAULT-VALUE})")
    int transferRounds;

    @Option(names = "--cpu-hogs", defaultValue = "0", paramLabel = "N", description = "run N busy processes "
            + "(sh loops) beside the whole benchmark, so the master gets only a share of the machine (default: none)")
    int cpuHogs;

    @Option(names = "--cluster-database", paramLabel = "URL", description = "an empty PostgreSQL database "
            + "(postgresql://HOST:PORT/NAME; user brine, or PGUSER) for the cluster scenario's two masters")
    String clusterDatabase;

    @Option(names = "--fleet-addresses", description = "admit the swarm (every minion from 127.0.0.1) as a fleet of "
            + "as many addresses: the master's per-address handshake limits raised (default: the master's defaults)")
    boolean fleetAddresses;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Logging.configure("warning");
        // Dealers in this JVM are simulated minions (up to 500; larger swarms' children log to files): hundreds of
        // them handshaking again with a restarted master is the connect scenario itself (it counts them), not
        // hundreds of warnings for the operator. Set before the first dealer exists: loggers read it when made.
        System.setProperty("brine.log.level.io.brine.transport.DealerEndpoint", "error");
        if (!out.equals("text") && !out.equals("json")) {
            throw CliException.usage("--out must be text or json");
        }
        Path work = dir != null ? dir : Files.createTempDirectory("brine-bench");
        BenchOptions options = BenchOptions.defaults(work)
                .withMinionCounts(minions)
                .withScenarios(scenarios.isEmpty() ? Bench.DEFAULT_SCENARIOS : scenarios)
                .withSoak(soakDuration())
                .withProcesses(processes, perProcess)
                .withBrineJar(runningJar(), launcher(), launcherOptions())
                .withRepetitions(latencyCalls, rounds, throughputJobs, cliRuns, 1000)
                .withStateAndTransfer(stateRounds, transferMib, transferRounds)
                .withClusterDatabase(clusterDatabase)
                .withFleetAddresses(fleetAddresses);
        if (processes && options.brineJar() == null) {
            throw CliException.usage("--processes needs the brine jar: run 'java -jar cli/target/brine.jar bench'");
        }
        PrintWriter progress = spec.commandLine().getErr();
        java.util.List<Process> hogs = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < cpuHogs; i++) {
                hogs.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
            }
            if (cpuHogs > 0) {
                progress.printf("%d CPU hogs running beside the benchmark%n", cpuHogs);
            }
            Report report = Bench.run(options, progress);
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.print(out.equals("json") ? report.json() : report.text());
            stdout.flush();
            // A figure beside a failed scenario is no pass: scripts and CI read the exit code, not the table.
            if (!report.failures().isEmpty()) {
                progress.printf("brine bench: %d scenario(s) failed:%n", report.failures().size());
                report.failures().forEach(f -> progress.printf("  %s%n", f));
                progress.flush();
                return ExitCodes.FAILED;
            }
            return ExitCodes.OK;
        } finally {
            hogs.forEach(Process::destroyForcibly);
            if (dir == null) {
                deleteTree(work);
            }
        }
    }

    /**
     * The jar this command runs from (or a brine.jar on the class path), which the benchmark starts as
     * 'brine run', 'brine master' and 'brine minion'; null when there is none.
     */
    private static Path runningJar() {
        try {
            Path p = Path.of(BenchCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (p.toString().endsWith(".jar")) {
                return p;
            }
        } catch (Exception e) {
            // fall through to the class path
        }
        return Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .filter(entry -> entry.endsWith("brine.jar")).map(Path::of).findFirst().orElse(null);
    }

    /**
     * The 'brine' launcher script, which names itself in brine.launcher when it starts the benchmark; the
     * benchmark then starts its 'brine run', 'brine master' and 'brine minion' processes through it. Null when
     * run as 'java -jar brine.jar bench'.
     */
    private static Path launcher() {
        String p = System.getProperty("brine.launcher");
        return p == null || p.isBlank() || !Files.isExecutable(Path.of(p)) ? null : Path.of(p);
    }

    /** BRINE_JAVA_OPTS, for child processes started with 'java' when there is no launcher. */
    private static List<String> launcherOptions() {
        String opts = System.getenv("BRINE_JAVA_OPTS");
        return opts == null || opts.isBlank() ? List.of() : Arrays.asList(opts.trim().split("\\s+"));
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
