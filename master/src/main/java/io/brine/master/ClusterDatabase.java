package io.brine.master;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.brine.config.ConfigException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * The PostgreSQL database the masters of a cluster share ({@link ClusterConfig}): a pool of connections (HikariCP)
 * and the schema, migrated to this build's version when a master opens it (Flyway, from the versioned SQL under
 * {@code db/brine-postgresql}; its history in {@code brine_schema_history}). Flyway holds a PostgreSQL advisory lock
 * while it migrates, so masters of a cluster starting together migrate once; a database already at this version is
 * only checked; one migrated by a newer build is refused, naming both versions.
 *
 * <pre>{@code
 * try (ClusterDatabase db = ClusterDatabase.open(config.cluster())) {
 *     try (Connection c = db.dataSource().getConnection()) { ... }
 * }
 * }</pre>
 */
public final class ClusterDatabase implements AutoCloseable {
    /** The classpath folder of the migrations: not a package name, so a named module's encapsulation keeps none. */
    static final String MIGRATIONS = "classpath:db/brine-postgresql";
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    /**
     * How long a store waits for a pooled connection. Short: while the database is away every write and read waits
     * this long before it fails and the store falls back (backlog, listings last read), and a master's workers must
     * not be held for long.
     */
    private static final Duration POOL_WAIT = Duration.ofSeconds(2);

    private final HikariDataSource pool;
    private final String schemaVersion;

    private ClusterDatabase(HikariDataSource pool, String schemaVersion) {
        this.pool = pool;
        this.schemaVersion = schemaVersion;
    }

    /**
     * Connects to {@code cfg}'s database and migrates its schema.
     *
     * @throws ConfigException when the password file cannot be read, the database cannot be reached within 5 s, or
     *                         its schema cannot be brought to this build's version: naming the database and why
     */
    public static ClusterDatabase open(ClusterConfig cfg) {
        HikariConfig settings = hikari(cfg);
        HikariDataSource pool = null;
        try {
            pool = new HikariDataSource(settings);
            Flyway flyway = Flyway.configure(ClusterDatabase.class.getClassLoader()).dataSource(pool)
                    .locations(MIGRATIONS).table("brine_schema_history").load();
            String version = flyway.migrate().targetSchemaVersion;
            if (version == null) {
                version = flyway.info().current().getVersion().getVersion();
            }
            return new ClusterDatabase(pool, version);
        } catch (RuntimeException e) { // FlywayException, or the pool's own
            if (pool != null) {
                pool.close();
            }
            throw new ConfigException("cluster: the database " + cfg + " cannot be used: " + reason(e));
        }
    }

    private static HikariConfig hikari(ClusterConfig cfg) {
        HikariConfig h = new HikariConfig();
        h.setPoolName("brine-cluster");
        h.setJdbcUrl(cfg.jdbcUrl());
        if (cfg.user() != null) {
            h.setUsername(cfg.user());
        }
        if (cfg.passwordFile() != null) {
            h.setPassword(password(cfg));
        }
        h.setMaximumPoolSize(cfg.poolSize());
        h.setMinimumIdle(1);
        h.setConnectionTimeout(POOL_WAIT.toMillis());
        // one connection made at construction, once: a database that is not there, a role refused, fail at once
        // (the driver's connectTimeout bounds a host that does not answer) instead of the pool retrying for 5 s
        h.setInitializationFailTimeout(1);
        h.addDataSourceProperty("ApplicationName", "brine-master");
        // an error's message never carries a statement's values or a row's (the server's DETAIL, the driver's
        // batch entries): a job's arguments or a return would reach the log, and a caller refused for it
        h.addDataSourceProperty("logServerErrorDetail", "false");
        // A batch of INSERTs (the job cache's returns, routed replies, audit lines) sent as multi-row statements:
        // one row at a time, the server's per-statement work capped the job cache near 6,000 returns a second.
        h.addDataSourceProperty("reWriteBatchedInserts", "true");
        h.addDataSourceProperty("connectTimeout", String.valueOf(CONNECT_TIMEOUT.toSeconds()));
        put(h, "sslmode", cfg.sslMode());
        put(h, "sslrootcert", cfg.sslRootCert());
        put(h, "sslcert", cfg.sslCert());
        put(h, "sslkey", cfg.sslKey());
        return h;
    }

    private static void put(HikariConfig h, String name, Object value) {
        if (value != null) {
            h.addDataSourceProperty(name, value.toString());
        }
    }

    private static String password(ClusterConfig cfg) {
        try {
            String s = Files.readString(cfg.passwordFile(), StandardCharsets.UTF_8);
            return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
        } catch (IOException e) {
            throw new ConfigException("cluster: password_file " + cfg.passwordFile() + " cannot be read: " + e);
        }
    }

    /**
     * The message worth showing: the innermost SQLException's, the driver's own (refused, unreachable, no such
     * database), not the pool's or Flyway's wrapping; else the outermost.
     */
    private static String reason(Throwable e) {
        Throwable shown = e;
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof SQLException) {
                shown = t;
            }
        }
        return shown.getMessage() == null ? shown.toString() : shown.getMessage().strip();
    }

    /** The pool every store of the cluster takes its connections from. */
    public DataSource dataSource() {
        return pool;
    }

    /** The schema's version after {@link #open}: the newest migration this build has. */
    public String schemaVersion() {
        return schemaVersion;
    }

    /** A connection from the pool, for the caller to close. */
    Connection connection() throws SQLException {
        return pool.getConnection();
    }

    @Override
    public void close() {
        pool.close();
    }
}
