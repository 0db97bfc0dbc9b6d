package io.brine.modules.postgres;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL server of the tests' own, set up as Debian sets up its cluster: the superuser is {@code postgres},
 * local (socket) connections are trusted for the system user of that name, and TCP connections on 127.0.0.1 need a
 * password (md5). Debian's binaries ({@code scripts/install-test-packages}), {@code initdb} in a fresh temporary
 * directory, the socket in that directory and a free loopback port; stopped and deleted when the JVM exits. The
 * server and psql run as the {@code postgres} system user, so the tests need root (CI is root) and skip otherwise.
 */
final class TestPostgresServer {
    private static TestPostgresServer shared;

    final Path bin;
    final Path dir;
    final int port;

    private TestPostgresServer(Path bin, Path dir, int port) {
        this.bin = bin;
        this.dir = dir;
        this.port = port;
    }

    static synchronized TestPostgresServer shared() throws IOException, InterruptedException {
        if (shared == null) {
            Path bin = binaries();
            assumeTrue(bin != null, "PostgreSQL is not installed (scripts/install-test-packages installs it)");
            assumeTrue("root".equals(System.getProperty("user.name")), "psql runs as the postgres user: needs root");
            Path dir = Files.createTempDirectory("brine-pgmod-");
            TestPostgresServer pg = new TestPostgresServer(bin, dir, freePort());
            run(List.of("chown", "postgres", dir.toString()));
            run(asPostgres(bin.resolve("initdb").toString(), "-D", dir.resolve("data").toString(), "-U", "postgres",
                    "--auth-local=trust", "--auth-host=md5", "--no-sync", "-E", "UTF8", "--locale=C"));
            run(asPostgres(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-l",
                    dir.resolve("log").toString(), "-w", "-t", "30", "-o", "-p " + pg.port + " -k " + dir
                            + " -c listen_addresses=127.0.0.1 -c fsync=off", "start"));
            Runtime.getRuntime().addShutdownHook(new Thread(pg::close, "test-postgres-stop"));
            shared = pg;
        }
        return shared;
    }

    /** The connection arguments of a state that connects over the socket as postgres (Salt's default). */
    String socketArgs() {
        return "    - db_host: " + dir + "\n    - db_port: " + port + "\n";
    }

    /** Runs SQL as the superuser over the socket, for a test's own setup and checks; its output. */
    String sql(String database, String script) throws IOException, InterruptedException {
        List<String> argv = asPostgres(bin.resolve("psql").toString(), "-X", "-q", "-A", "-t", "-v",
                "ON_ERROR_STOP=1", "-h", dir.toString(), "-p", String.valueOf(port), "-d", database);
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        p.getOutputStream().write(script.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("psql failed: " + out);
        }
        return out.strip();
    }

    /**
     * Whether {@code role} can log in over TCP with {@code password} (the server checks it: md5 on 127.0.0.1), as
     * an application would.
     */
    boolean canLogIn(String role, String password) throws IOException, InterruptedException {
        Path pass = Files.createTempFile(dir, "pass-", "");
        Files.writeString(pass, "*:*:*:*:" + password.replace("\\", "\\\\").replace(":", "\\:") + "\n");
        run(List.of("chown", "postgres", pass.toString()));
        run(List.of("chmod", "600", pass.toString()));
        ProcessBuilder pb = new ProcessBuilder(asPostgres(bin.resolve("psql").toString(), "-X", "-w", "-c",
                "SELECT 1", "postgres")).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("PGHOST", "127.0.0.1");
        pb.environment().put("PGPORT", String.valueOf(port));
        pb.environment().put("PGUSER", role);
        pb.environment().put("PGPASSFILE", pass.toString());
        Process p = pb.start();
        boolean done = p.waitFor(30, TimeUnit.SECONDS);
        Files.delete(pass);
        return done && p.exitValue() == 0;
    }

    private static List<String> asPostgres(String... argv) {
        List<String> all = new ArrayList<>(List.of("runuser", "-u", "postgres", "--"));
        all.addAll(List.of(argv));
        return all;
    }

    private static void run(List<String> argv) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(argv + " failed: " + out);
        }
    }

    /** The newest {@code /usr/lib/postgresql/N/bin} with initdb, or null. */
    private static Path binaries() throws IOException {
        Path base = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(base)) {
            return null;
        }
        try (Stream<Path> versions = Files.list(base)) {
            return versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
                    .max(Comparator.comparing(b -> b.getParent().getFileName().toString(),
                            Comparator.comparingInt(TestPostgresServer::number)))
                    .orElse(null);
        }
    }

    private static int number(String name) {
        return name.matches("\\d+") ? Integer.parseInt(name) : -1;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private void close() {
        try {
            run(asPostgres(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-m", "immediate",
                    "-w", "stop"));
        } catch (IOException e) {
            // deleted below either way
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
