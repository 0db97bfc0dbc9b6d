package io.brine.master;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Where a {@link JobCache} keeps its tables: a master's own SQLite file ({@link CacheFile}) or the PostgreSQL
 * database the masters of a cluster share ({@link ClusterCacheTables}). It lends the writer and the readers their
 * connections and says which SQL it speaks ({@link CacheDialect}); the writer, the readers and the records waiting
 * between them are the same over either.
 */
interface CacheDatabase {
    /** Work on the writer's connection: a batch, or pruning. */
    interface Write<T> {
        T on(Connection c) throws SQLException;
    }

    /** One read of the tables. */
    interface Read<T> {
        T from(Connection c) throws SQLException, JsonProcessingException;
    }

    CacheDialect dialect();

    /** Runs {@code work} on the writer's connection; the writer's lock keeps its callers to one at a time. */
    <T> T write(Write<T> work) throws SQLException;

    /**
     * A write failed: a connection that failed mid-transaction (a full disk, a lock timeout, a database restarted)
     * can stay in a state where every later batch fails, so the writer's next one starts clean.
     */
    void writeFailed();

    /** Runs {@code read} on a reader's connection; the caller reads one at a time. */
    <T> T read(Read<T> read) throws SQLException, JsonProcessingException;

    /** Closes the connections this database holds for the writer and the readers, once the writer has stopped. */
    void close() throws SQLException;
}
