package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brine.master.Master;
import io.brine.master.MasterConfig;
import io.brine.master.TestPorts;
import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import io.brine.protocol.KeyStatus;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A real master and real minions for end-to-end tests: each with its own keys and directories under a
 * temporary root, talking over real ZeroMQ sockets on 127.0.0.1; the CLI is driven in-process through
 * {@link Main}, exactly as an operator's shell would drive it.
 */
final class TestCluster implements AutoCloseable {
    record CliResult(int exit, String out, String err) {
    }

    final Path root;
    final int port;
    final Path masterYaml;
    Master master;
    final List<Minion> minions = new ArrayList<>();

    private TestCluster(Path root, int port, Path masterYaml) {
        this.root = root;
        this.port = port;
        this.masterYaml = masterYaml;
    }

    static TestCluster start(Path root) throws Exception {
        return start(root, "");
    }

    static TestCluster start(Path root, String extraMasterConfig) throws Exception {
        return start(root, extraMasterConfig, "127.0.0.1");
    }

    /** A master listening on {@code iface} (an address of a veth pair a test made, say). */
    static TestCluster start(Path root, String extraMasterConfig, String iface) throws Exception {
        int port = TestPorts.free();
        Path yaml = Files.writeString(root.resolve("master.yaml"), "interface: " + iface + "\nret_port: " + port
                + "\npki_dir: " + root.resolve("master/pki") + "\ncachedir: " + root.resolve("master/cache")
                + "\ntimeout: 10\n" + extraMasterConfig);
        TestCluster c = new TestCluster(root, port, yaml);
        c.master = Master.start(MasterConfig.load(yaml));
        return c;
    }

    Minion addMinion(String id) throws IOException {
        return addMinion(id, c -> c);
    }

    Minion addMinion(String id, UnaryOperator<MinionConfig> customise) throws IOException {
        MinionConfig config = customise.apply(MinionConfig.underDirectory(root.resolve("minions").resolve(id), id, port)
                .withHeartbeat(Duration.ofSeconds(1)));
        Minion m = Minion.start(config);
        minions.add(m);
        return m;
    }

    void restartMaster() throws Exception {
        master.close();
        master = Master.start(MasterConfig.load(masterYaml));
    }

    /** Stops the master and leaves it stopped, the minions running without it, until {@link #startMaster}. */
    void stopMaster() {
        master.close();
        master = null;
    }

    /** Starts the master again after {@link #stopMaster}, with the same configuration, keys and job cache. */
    void startMaster() throws Exception {
        master = Master.start(MasterConfig.load(masterYaml));
    }

    /** Stops minion {@code m} and starts it again as it was (its keys and cachedir); the new one takes its place. */
    Minion restartMinion(Minion m) throws IOException {
        m.close();
        minions.remove(m);
        Minion again = Minion.start(m.config());
        minions.add(again);
        return again;
    }

    CliResult cli(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        boolean takesConfig = args.length > 0 && !args[0].equals("demo") && !args[0].equals("event");
        if (takesConfig) {
            int at = List.of("key", "job", "state", "client", "token", "manage").contains(args[0]) ? 2 : 1;
            all.addAll(Math.min(at, all.size()), List.of("-c", masterYaml.toString()));
        }
        return run(all.toArray(String[]::new));
    }

    /** The brine command run in this process, as typed: its exit code and what it printed. */
    static CliResult run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CliResult(exit, out.toString(), err.toString());
    }

    /** A new minion whose key the CLI accepted, once it knows it is accepted. */
    Minion acceptedMinion(String id) throws Exception {
        return acceptedMinion(id, c -> c);
    }

    /** As above, its configuration changed by {@code customise} first. */
    Minion acceptedMinion(String id, UnaryOperator<MinionConfig> customise) throws Exception {
        Duration wait = Duration.ofSeconds(20);
        Minion m = addMinion(id, customise);
        awaitStatus(m, KeyStatus.PENDING, wait);
        assertEquals(0, cli("key", "accept", id).exit());
        awaitStatus(m, KeyStatus.ACCEPTED, wait);
        return m;
    }

    static void awaitStatus(Minion m, KeyStatus wanted, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (m.status() != wanted && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(wanted, m.status(), "status of minion " + m.id());
    }

    @Override
    public void close() {
        minions.forEach(Minion::close);
        if (master != null) {
            master.close();
        }
    }
}
