package io.brine.master;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

/**
 * Another process holding a SQLite database locked: a child JVM (this class's {@link #main}, from the test class
 * path) that takes an exclusive lock, says {@code locked} on its output, and lets go when its input closes.
 *
 * <p>Example: {@code try (DatabaseLocker lock = DatabaseLocker.lock(dir.resolve("jobs.sqlite"))) { ... }}
 */
final class DatabaseLocker implements AutoCloseable {
    private final Process process;

    private DatabaseLocker(Process process) {
        this.process = process;
    }

    /** Starts the child and returns once it holds the lock. */
    static DatabaseLocker lock(Path database) throws IOException {
        Path tmp = Files.createDirectories(database.resolveSibling("locker-tmp")); // its SQLite native library
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"),
                DatabaseLocker.class.getName(), database.toString()).redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine(); // blocks until the child holds the lock, or ends
        if (!"locked".equals(line)) {
            p.destroyForcibly();
            throw new IOException("the locking process did not lock " + database + ": " + line);
        }
        return new DatabaseLocker(p);
    }

    long pid() {
        return process.pid();
    }

    /** Lets go: the child rolls back and exits. */
    @Override
    public void close() throws IOException {
        try (OutputStream in = process.getOutputStream()) {
            in.write('\n');
        }
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("the locking process did not end");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    public static void main(String[] args) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + new File(args[0]));
                Statement s = c.createStatement()) {
            s.execute("BEGIN EXCLUSIVE");
            System.out.println("locked");
            System.out.flush();
            System.in.read(); // until the test lets go (or dies: end of input)
            s.execute("ROLLBACK");
        }
    }
}
