package io.brine.master;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A PostgreSQL server of the test's own: Debian's binaries ({@code scripts/install-test-packages} installs them),
 * {@code initdb} in a fresh temporary directory and {@code pg_ctl} on a free loopback port, trusting local
 * connections for the role {@code brine}; stopped and deleted by {@link #close}. As root (CI) the server runs as the
 * {@code postgres} system user, since PostgreSQL refuses to run as root. A test class shares one server (initdb is
 * the slow part, about a second) and takes a database of its own per test ({@link #newDatabase}); test classes of one
 * JVM share one server ({@link #shared}). Skips the test when PostgreSQL is not installed.
 */
public final class TestPostgres implements AutoCloseable {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private final Path bin;
    private final Path dir;
    private final int port;
    private final boolean asPostgres;

    private TestPostgres(Path bin, Path dir, int port, boolean asPostgres) {
        this.bin = bin;
        this.dir = dir;
        this.port = port;
        this.asPostgres = asPostgres;
    }

    private static TestPostgres shared;

    /**
     * One server for every test class of this JVM, started on first use and stopped when the JVM exits: each test
     * takes a database of its own from it, and initdb is paid once.
     */
    public static synchronized TestPostgres shared() throws IOException, InterruptedException {
        if (shared == null) {
            TestPostgres pg = start();
            Runtime.getRuntime().addShutdownHook(new Thread(pg::close, "test-postgres-stop"));
            shared = pg;
        }
        return shared;
    }

    public static TestPostgres start() throws IOException, InterruptedException {
        Path bin = binaries();
        assumeTrue(bin != null, "PostgreSQL is not installed (scripts/install-test-packages installs it)");
        boolean root = "root".equals(System.getProperty("user.name"));
        Path dir = Files.createTempDirectory("brine-pg-");
        TestPostgres pg = new TestPostgres(bin, dir, TestPorts.free(), root);
        try {
            if (root) {
                pg.run(List.of("chown", "postgres", dir.toString()));
            }
            pg.run(pg.asServerUser(bin.resolve("initdb"), "-D", dir.resolve("data").toString(), "-A", "trust",
                    "-U", "brine", "--no-sync", "-E", "UTF8"));
            pg.run(pg.asServerUser(bin.resolve("pg_ctl"), "-D", dir.resolve("data").toString(), "-l",
                    dir.resolve("log").toString(), "-w", "-t", "30", "-o",
                    "-p " + pg.port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c fsync=off", "start"));
            return pg;
        } catch (IOException | RuntimeException e) {
            pg.close();
            throw e;
        }
    }

    /** The newest {@code /usr/lib/postgresql/N/bin} with {@code initdb}, or null. */
    private static Path binaries() throws IOException {
        Path base = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(base)) {
            return null;
        }
        try (Stream<Path> versions = Files.list(base)) {
            return versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
                    .max(Comparator.comparingInt(b -> versionOf(b.getParent().getFileName().toString())))
                    .orElse(null);
        }
    }

    private static int versionOf(String name) {
        try {
            return Integer.parseInt(name);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private List<String> asServerUser(Path program, String... args) {
        List<String> cmd = new ArrayList<>();
        if (asPostgres) {
            cmd.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        cmd.add(program.toString());
        cmd.addAll(List.of(args));
        return cmd;
    }

    private void run(List<String> cmd) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "cmd-", ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(cmd + " did not finish within 60 s: " + Files.readString(out));
        }
        if (p.exitValue() != 0) {
            throw new IOException(cmd + " exited " + p.exitValue() + ": " + Files.readString(out));
        }
    }

    public int port() {
        return port;
    }

    /** A new, empty database; its URL as {@code cluster: database} takes it. */
    public String newDatabase() throws SQLException {
        String name = "brine_test_" + DATABASES.incrementAndGet();
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/postgres", "brine",
                ""); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        return "postgresql://127.0.0.1:" + port + "/" + name;
    }

    /** A cluster of its own for a test: a new, empty database, as user {@code brine}. */
    public ClusterConfig newCluster() throws SQLException {
        return ClusterConfig.of(newDatabase(), "brine");
    }

    /** Stops the server ({@code pg_ctl stop}, fast) without deleting it: see {@link #restart}. */
    public void stop() throws IOException, InterruptedException {
        run(asServerUser(bin.resolve("pg_ctl"), "-D", dir.resolve("data").toString(), "-m", "fast", "-w", "stop"));
    }

    /** Starts a stopped server again on the same port. */
    public void restart() throws IOException, InterruptedException {
        run(asServerUser(bin.resolve("pg_ctl"), "-D", dir.resolve("data").toString(), "-l",
                dir.resolve("log").toString(), "-w", "-t", "30", "-o",
                "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c fsync=off", "start"));
    }

    @Override
    public void close() {
        try {
            if (Files.exists(dir.resolve("data/postmaster.pid"))) {
                run(asServerUser(bin.resolve("pg_ctl"), "-D", dir.resolve("data").toString(), "-m", "immediate",
                        "-w", "stop"));
            }
        } catch (IOException e) {
            // deleted below either way; a server left running dies with the machine
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try (Stream<Path> all = Files.walk(dir)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // a temporary directory
            }
        }
    }
}
