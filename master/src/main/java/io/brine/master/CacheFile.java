package io.brine.master;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.brine.config.PrivateFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Properties;

/**
 * The job cache's file, {@code cachedir/jobs.sqlite}, opened: its schema applied ({@link CacheSchema}) and its
 * pages checked, with one connection for the writer and one for readers (WAL mode lets them run side by side). A
 * damaged file is set aside and a new one started.
 */
final class CacheFile implements CacheDatabase {
    /** Logged as the job cache's, where an operator looks for it. */
    private static final Logger LOG = System.getLogger(JobCache.class.getName());
    static final String NAME = "jobs.sqlite";
    /** How long a statement waits for another process's lock before it fails (and its batch waits to be retried). */
    static final Duration BUSY_TIMEOUT = Duration.ofSeconds(3);

    private final String url;
    private final Properties connection;
    private final Connection reader;
    /** Replaced after a failed write; used under the writer's lock, closed after the writer stopped. */
    private Connection writer;

    private CacheFile(String url, Properties connection, Connection writer, Connection reader) {
        this.url = url;
        this.connection = connection;
        this.writer = writer;
        this.reader = reader;
    }

    /** Opens (or creates) the file in {@code cacheDir}, or a new one beside a damaged one. */
    static CacheFile open(Path cacheDir) {
        return open(cacheDir, BUSY_TIMEOUT);
    }

    /** As above, its statements waiting up to {@code busyTimeout} for a lock held elsewhere. */
    static CacheFile open(Path cacheDir, Duration busyTimeout) {
        try {
            PrivateFiles.directory(cacheDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + cacheDir, e);
        }
        try {
            SqliteNativeLibrary.load(cacheDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
        try {
            return connect(cacheDir, busyTimeout);
        } catch (SQLException damaged) {
            // Only history lives here: a damaged file is kept aside for whoever wants to look, and the master
            // starts with an empty one rather than not at all (a supervisor would restart it in a loop).
            Path aside = moveAside(cacheDir, damaged);
            LOG.log(Level.ERROR, "the job cache " + cacheDir.resolve(NAME) + " is damaged (" + damaged.getMessage()
                    + "); moved it to " + aside + " and started a new one: earlier jobs are not listed");
            try {
                return connect(cacheDir, busyTimeout);
            } catch (SQLException e) {
                throw new IllegalStateException("cannot open the job cache in " + cacheDir + ": " + e.getMessage(), e);
            }
        }
    }

    /**
     * Opens the file, applies the schema and checks its pages ({@code PRAGMA quick_check}: damage in the middle of
     * the file is found at start, not when some later query reaches it).
     */
    private static CacheFile connect(Path cacheDir, Duration busyTimeout) throws SQLException {
        String url;
        try {
            // SQLite gives the -wal and -shm files the database file's mode: a private database keeps them private.
            url = "jdbc:sqlite:" + PrivateFiles.file(cacheDir.resolve(NAME));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + cacheDir.resolve(NAME), e);
        }
        Properties connection = new Properties();
        connection.setProperty("busy_timeout", Long.toString(busyTimeout.toMillis()));
        Connection w = DriverManager.getConnection(url, connection);
        try {
            CacheSchema.apply(w);
            try (Statement st = w.createStatement(); ResultSet rs = st.executeQuery("PRAGMA quick_check")) {
                String verdict = rs.next() ? rs.getString(1) : "no answer";
                if (!"ok".equals(verdict)) {
                    throw new SQLException("quick_check: " + verdict);
                }
            }
            Connection r = DriverManager.getConnection(url, connection);
            return new CacheFile(url, connection, w, r);
        } catch (SQLException e) {
            w.close();
            throw e;
        }
    }

    @Override
    public CacheDialect dialect() {
        return new SqliteCacheDialect();
    }

    /** On the writer's one connection, kept from one batch to the next. */
    @Override
    public <T> T write(Write<T> work) throws SQLException {
        return work.on(writer);
    }

    /**
     * Replaces the writer's connection with a new one, its schema applied again; kept even when that fails (the
     * file locked, full): the next batch tried on it tells whether the file can be written now.
     */
    @Override
    public void writeFailed() {
        try {
            writer.close();
        } catch (SQLException ignored) {
            // it is being replaced
        }
        try {
            writer = DriverManager.getConnection(url, connection);
            CacheSchema.apply(writer);
        } catch (SQLException e) {
            LOG.log(Level.DEBUG, "job cache reconnect failed (tried again later): " + e.getMessage());
        }
    }

    /** On the one reader connection: the {@link JobCache}'s lock keeps its readers to one at a time. */
    @Override
    public <T> T read(Read<T> read) throws SQLException, JsonProcessingException {
        return read.from(reader);
    }

    @Override
    public void close() throws SQLException {
        writer.close();
        reader.close();
    }

    private static Path moveAside(Path cacheDir, SQLException why) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path aside = cacheDir.resolve(NAME + ".damaged-" + stamp);
        try {
            Files.move(cacheDir.resolve(NAME), aside);
            for (String extra : new String[] {"-wal", "-shm"}) {
                Files.deleteIfExists(cacheDir.resolve(NAME + extra));
            }
        } catch (IOException e) {
            throw new IllegalStateException("the job cache " + cacheDir.resolve(NAME) + " is damaged ("
                    + why.getMessage() + ") and cannot be moved aside: " + e.getMessage(), e);
        }
        return aside;
    }
}
