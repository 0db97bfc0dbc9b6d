package io.brine.bench;

import io.brine.jobs.JobSpec;
import io.brine.master.Master;
import io.brine.master.MasterClient;
import io.brine.master.MasterConfig;
import io.brine.master.MasterKeys;
import io.brine.targeting.TargetType;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real master (in this JVM, configured from a {@code master.yaml} that the CLI can use too) and a swarm of
 * real minions, each with its own key pair, directory and encrypted session. Keys are pre-seeded as accepted
 * before the minions start, so no operator step is needed. The swarm grows in place: minion {@code mK} is
 * always the same minion with the same key.
 */
final class Cluster implements AutoCloseable {
    /**
     * The swarm is one source address, as a fleet behind one NAT address would be; a real fleet's machines each have
     * their own, which the per-address handshake limits never slow down ({@code --fleet-addresses}).
     */
    static final String FLEET_ADDRESSES = "handshakes_per_address_burst: 100000\n"
            + "handshakes_per_address_per_second: 100000\nmax_handshakes_per_address: 20000\n";

    /**
     * Minions hosted in the benchmark's own JVM; the rest go to child JVMs of {@code --minions-per-process}. Kept
     * small because this JVM also holds the master, with a descriptor per connected minion, and every process
     * here may hold 20,000.
     */
    static final int IN_BENCH_JVM = 500;

    private final BenchOptions options;
    private final PrintWriter progress;
    final Path root;
    final int port;
    final Path masterYaml;
    private final Path pkiDir;
    private Master master;
    private final List<Swarm> swarms = new ArrayList<>();
    private int size;
    /** The master's HTTPS listener, when the run measures the HTTPS transport; null otherwise. */
    final HttpsTarget https;
    /** Whether the minions started from now on reach the master over HTTPS. */
    private boolean overHttps;

    private Cluster(BenchOptions options, PrintWriter progress, int port, Path masterYaml, HttpsTarget https) {
        this.https = https;
        this.options = options;
        this.progress = progress;
        this.root = options.workDir();
        this.port = port;
        this.masterYaml = masterYaml;
        this.pkiDir = MasterConfig.load(masterYaml).pkiDir();
    }

    static Cluster start(BenchOptions options, PrintWriter progress) throws IOException, InterruptedException {
        Path root = options.workDir();
        Files.createDirectories(root);
        int port = freePort();
        HttpsTarget https = options.wants("https") ? HttpsTarget.make(root, freePort()) : null;
        Path yaml = Files.writeString(root.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: " + port
                + "\npki_dir: " + root.resolve("master/pki") + "\ncachedir: " + root.resolve("master/cache")
                + "\ntimeout: 30\nfile_roots:\n  base:\n    - " + states(root) + "\n"
                // the web console's probe (ConsolePaintProbe) signs in as token:bench
                + "publisher_acl:\n  'token:bench': ['*', '@keys', '@jobs', '@events']\n"
                + (options.fleetAddresses() ? FLEET_ADDRESSES : "") + (https == null ? "" : https.masterYaml()));
        // Unless --fleet-addresses, the swarm (one source address) is admitted at the master's default per-address
        // handshake rate (2,000 at once, then 500 a second), as a fleet behind one NAT address would be.
        Files.createDirectories(states(root));
        Cluster c = new Cluster(options, progress, port, yaml, https);
        c.startMaster();
        return c;
    }

    /** The master's file root: scenarios write the state trees they apply here. */
    static Path states(Path root) {
        return root.resolve("master/states");
    }

    Master master() {
        return master;
    }

    MasterClient client() {
        return master.client();
    }

    int size() {
        return size;
    }

    /**
     * Starts the master on the cluster's port. Right after a stop with thousands of connections the port can be
     * briefly still bound while the old sockets close, so binding is retried for up to 30 s.
     */
    void startMaster() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            try {
                master = Master.start(MasterConfig.load(masterYaml));
                return;
            } catch (IllegalStateException e) {
                if (!String.valueOf(e.getMessage()).startsWith("cannot listen") || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(200);
            }
        }
    }

    void stopMaster() {
        if (master != null) {
            master.close();
            master = null;
        }
    }

    /** Starts minions until there are {@code n}, and waits until every one of them answers a ping. */
    void growTo(int n) throws IOException, InterruptedException {
        if (n <= size) {
            return;
        }
        long t0 = System.nanoTime();
        startSwarm(n);
        double startedS = (System.nanoTime() - t0) / 1e9;
        double answeredS = awaitAnswering(n, Duration.ofSeconds(60 + n / 50)) / 1e9;
        progress.printf("  swarm of %d minions: started in %.1f s, all answering %.1f s later%n", n, startedS,
                answeredS);
        progress.flush();
    }

    /**
     * Starts minions until there are {@code n}, without waiting for them. Keys are filed as accepted straight in
     * the master's key directory: {@code master.keys().preseed} would do the same and also ask the master to
     * re-check every live session, once per key, which only matters to minions already connected.
     */
    void startSwarm(int n) throws IOException {
        MasterKeys keys = MasterKeys.inDirectory(pkiDir);
        for (int i = size + 1; i <= n; i++) {
            String id = MinionDirs.id(i);
            keys.preseed(id, MinionDirs.prepare(root, id));
        }
        startMinions(size + 1, n);
        size = n;
    }

    private void startMinions(int first, int last) throws IOException {
        if (options.processes()) {
            swarms.add(MinionProcesses.start(options, root, port, ids(first, last)));
            return;
        }
        int per = options.minionsPerProcess();
        List<ChildSwarm> children = new ArrayList<>();
        for (int from = first; from <= last;) {
            if (from <= IN_BENCH_JVM) {
                from = Math.min(last, IN_BENCH_JVM) + 1;
                continue;
            }
            int chunk = (from - IN_BENCH_JVM - 1) / per;
            int to = Math.min(last, IN_BENCH_JVM + (chunk + 1) * per);
            ChildSwarm child = ChildSwarm.launch(root, port, 0, overHttps ? https : null, from, to - from + 1);
            children.add(child);
            swarms.add(child);
            from = to + 1;
        }
        if (first <= IN_BENCH_JVM) {
            swarms.add(InProcessSwarm.start(root, port, 0, overHttps ? https : null,
                    ids(first, Math.min(last, IN_BENCH_JVM))));
        }
        for (ChildSwarm child : children) {
            child.awaitReady();
        }
    }

    /**
     * From now on, minions reach the master over HTTPS ({@code true}) or its ZeroMQ port: the swarm is stopped, and
     * {@link #growTo} brings the same minions back over the other transport.
     */
    void overHttps(boolean on) {
        if (on && https == null) {
            throw new IllegalStateException("the master has no HTTPS listener in this run");
        }
        stopMinions();
        overHttps = on;
    }

    /** Stops every minion (their keys and directories stay, so {@link #growTo} brings the same ones back). */
    void stopMinions() {
        swarms.forEach(Swarm::close);
        swarms.clear();
        size = 0;
    }

    static List<String> ids(int first, int last) {
        List<String> ids = new ArrayList<>();
        for (int i = first; i <= last; i++) {
            ids.add(MinionDirs.id(i));
        }
        return ids;
    }

    /**
     * Pings the minions that have not answered yet, again and again, until every one of the first {@code n} has
     * answered at least once; returns the nanoseconds from the call until the last first answer arrived. Only the
     * silent ones are pinged: pinging all of them each round, as before, made the master send and collect tens of
     * thousands of jobs during a restart storm, on the two cores the storm is measured on.
     */
    long awaitAnswering(int n, Duration within) throws InterruptedException {
        return awaitAnswering(n, within, id -> { });
    }

    /** As above, telling {@code firstAnswer} of each minion as it answers for the first time. */
    long awaitAnswering(int n, Duration within, java.util.function.Consumer<String> firstAnswer)
            throws InterruptedException {
        return awaitAnswering(master.client(), ids(1, n), within, root, firstAnswer);
    }

    /** Through {@code client}, until each of {@code all} has answered once (see above); logs are under {@code logs}. */
    static long awaitAnswering(MasterClient client, List<String> all, Duration within, Path logs,
            java.util.function.Consumer<String> firstAnswer) throws InterruptedException {
        long t0 = System.nanoTime();
        long deadline = t0 + within.toNanos();
        Set<String> answered = ConcurrentHashMap.newKeySet();
        AtomicLong lastFirstAnswer = new AtomicLong();
        int n = all.size();
        while (answered.size() < n) {
            ThreadBudget.check("waiting for " + n + " minions");
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("only " + answered.size() + " of " + n + " minions answered within "
                        + within.toSeconds() + " s; see the logs under " + logs);
            }
            List<String> silent = all.stream().filter(id -> !answered.contains(id)).toList();
            JobSpec probe = JobSpec.of(String.join(",", silent), "test.ping").withTargetType(TargetType.LIST)
                    .withTimeout(Duration.ofMillis(1000 + silent.size() / 5));
            int before = answered.size();
            client.stream(probe, (id, ret) -> {
                if (answered.add(id)) {
                    lastFirstAnswer.set(System.nanoTime());
                    firstAnswer.accept(id);
                }
            });
            if (answered.size() == before) {
                Thread.sleep(100); // none of them connected yet: a job that ends at once, so do not spin
            }
        }
        return lastFirstAnswer.get() - t0;
    }

    @Override
    public void close() {
        stopMinions();
        stopMaster();
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
