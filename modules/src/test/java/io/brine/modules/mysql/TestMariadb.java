package io.brine.modules.mysql;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A MariaDB server of the test's own: Debian's binaries ({@code mariadb-server}), {@code mariadb-install-db} into a
 * fresh temporary directory and {@code mariadbd} on a unix socket there, without networking and without reading the
 * machine's option files; root logs in without a password. As root (CI) the server runs as the {@code mysql} system
 * user, as it refuses to run as root. Starting costs seconds, so the test classes of one JVM share one server
 * ({@link #shared}), stopped and deleted when the JVM exits; each test takes names of its own ({@link #name}).
 * Skips the test when MariaDB is not installed.
 */
public final class TestMariadb implements AutoCloseable {
    static final Path SERVER = Path.of("/usr/sbin/mariadbd");
    static final Path INSTALL = Path.of("/usr/bin/mariadb-install-db");
    static final Path CLIENT = Path.of("/usr/bin/mariadb");
    private static final Duration START_LIMIT = Duration.ofSeconds(90);
    private static final AtomicInteger NAMES = new AtomicInteger();
    private static TestMariadb shared;

    private final Path dir;
    private Process server;

    private TestMariadb(Path dir) {
        this.dir = dir;
    }

    /** One server for every test class of this JVM, started on first use and stopped when the JVM exits. */
    public static synchronized TestMariadb shared() throws IOException, InterruptedException {
        if (shared == null) {
            TestMariadb db = start();
            Runtime.getRuntime().addShutdownHook(new Thread(db::close, "test-mariadb-stop"));
            shared = db;
        }
        return shared;
    }

    public static TestMariadb start() throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(SERVER) && Files.isExecutable(INSTALL) && Files.isExecutable(CLIENT),
                "MariaDB is not installed (Debian's mariadb-server)");
        boolean root = "root".equals(System.getProperty("user.name"));
        // a short path: a unix socket's path has at most 107 bytes
        Path base = Files.isDirectory(Path.of("/tmp")) ? Path.of("/tmp") : Path.of(System.getProperty("java.io.tmpdir"));
        TestMariadb db = new TestMariadb(Files.createTempDirectory(base, "brine-mariadb-"));
        try {
            Files.createDirectories(db.dir.resolve("tmp"));
            if (root) {
                db.run(List.of("chown", "-R", "mysql:", db.dir.toString()), null);
            }
            db.run(db.withUser(root, List.of(INSTALL.toString(), "--no-defaults", "--datadir=" + db.dir.resolve("data"),
                    "--tmpdir=" + db.dir.resolve("tmp"), "--auth-root-authentication-method=normal",
                    "--skip-test-db")), null);
            db.server = new ProcessBuilder(db.withUser(root, List.of(SERVER.toString(), "--no-defaults",
                    "--datadir=" + db.dir.resolve("data"), "--socket=" + db.socket(), "--skip-networking",
                    "--pid-file=" + db.dir.resolve("mariadbd.pid"), "--tmpdir=" + db.dir.resolve("tmp"),
                    "--log-error=" + db.dir.resolve("error.log"), "--innodb-buffer-pool-size=32M",
                    "--innodb-flush-log-at-trx-commit=0", "--skip-log-bin")))
                    .redirectErrorStream(true).redirectOutput(db.dir.resolve("server.out").toFile()).start();
            db.awaitReady();
            return db;
        } catch (IOException | RuntimeException e) {
            db.close();
            throw e;
        }
    }

    private List<String> withUser(boolean root, List<String> argv) {
        List<String> out = new ArrayList<>(argv);
        if (root) {
            out.add(2, "--user=mysql"); // after --no-defaults, which must come first
        }
        return out;
    }

    /** Polls until the server answers, for at most {@link #START_LIMIT}; fails at once if it dies. */
    private void awaitReady() throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(START_LIMIT);
        while (Instant.now().isBefore(deadline)) {
            if (Files.exists(socket()) && tryRun(List.of(CLIENT.toString(), "--no-defaults", "--socket=" + socket(),
                    "-uroot", "-e", "SELECT 1"), null) == 0) {
                return;
            }
            if (server.waitFor(100, TimeUnit.MILLISECONDS)) {
                throw new IOException("mariadbd exited " + server.exitValue() + ": " + log());
            }
        }
        throw new IOException("mariadbd did not answer within " + START_LIMIT.toSeconds() + " s: " + log());
    }

    private String log() throws IOException {
        Path log = dir.resolve("error.log");
        return Files.exists(log) ? Files.readString(log) : "(no log)";
    }

    public Path socket() {
        return dir.resolve("mysqld.sock");
    }

    /** Debian's client, for the module's constructor. */
    public Path client() {
        return CLIENT;
    }

    /** A name no other test uses: {@code prefix_3_4242}. */
    public String name(String prefix) {
        return prefix + "_" + NAMES.incrementAndGet() + "_" + ProcessHandle.current().pid();
    }

    /** The state arguments that connect as root to this server, as SLS lines of a state's list. */
    public String connectionArgs() {
        return "    - connection_unix_socket: " + socket() + "\n    - connection_user: root\n";
    }

    /** Runs SQL as root; the output, tab-separated without column names, raw. */
    public String sql(String sql) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "sql-", ".out");
        try {
            int rc = tryRun(List.of(CLIENT.toString(), "--no-defaults", "--socket=" + socket(), "-uroot", "--batch",
                    "--raw", "--skip-column-names"), sql, out);
            String text = Files.readString(out);
            if (rc != 0) {
                throw new IOException("SQL failed (" + rc + "): " + text);
            }
            return text;
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** {@code X'...'}: a value as a hexadecimal literal, for the test's own SQL. */
    public static String hex(String value) {
        return "X'" + HexFormat.of().formatHex(value.getBytes(StandardCharsets.UTF_8)) + "'";
    }

    public boolean databaseExists(String name) throws IOException, InterruptedException {
        return !sql("SELECT 1 FROM information_schema.SCHEMATA WHERE BINARY SCHEMA_NAME = " + hex(name)).isBlank();
    }

    public boolean userExists(String user, String host) throws IOException, InterruptedException {
        return !sql("SELECT 1 FROM mysql.user WHERE BINARY User = " + hex(user) + " AND BINARY Host = " + hex(host))
                .isBlank();
    }

    private void run(List<String> cmd, String stdin) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "cmd-", ".log");
        int rc = tryRun(cmd, stdin, out);
        if (rc != 0) {
            throw new IOException(cmd + " exited " + rc + ": " + Files.readString(out));
        }
    }

    private int tryRun(List<String> cmd, String stdin) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "cmd-", ".log");
        try {
            return tryRun(cmd, stdin, out);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private int tryRun(List<String> cmd, String stdin, Path out) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
        Process p = pb.start();
        try (var in = p.getOutputStream()) {
            if (stdin != null) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        }
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(cmd + " did not finish within 60 s");
        }
        return p.exitValue();
    }

    @Override
    public void close() {
        try {
            if (server != null && server.isAlive()) {
                server.destroy(); // SIGTERM: mariadbd shuts down cleanly
                if (!server.waitFor(60, TimeUnit.SECONDS)) {
                    server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            }
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
