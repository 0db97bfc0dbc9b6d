package io.brine.master;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Where a {@link JobCache} keeps its tables: a master's own SQLite file ({@link CacheFile}), or another database
 * with the same tables. It gives the writer its connection, lends
 * readers one, and says which SQL it speaks ({@link CacheDialect}); the writer, the readers and the records waiting
 * between them are the same over either.
 */
interface CacheDatabase {
    /** One read of the tables, on a connection lent for its length. */
    interface Read<T> {
        T from(Connection c) throws SQLException, JsonProcessingException;
    }

    CacheDialect dialect();

    /** The writer's connection, opened with the database; the writer closes it. */
    Connection writer();

    /**
     * A fresh connection for the writer, after a write failed on its last one: a connection that failed
     * mid-transaction is not trusted again.
     */
    Connection newWriter() throws SQLException;

    /** Runs {@code read} on a reader's connection; the caller reads one at a time. */
    <T> T read(Read<T> read) throws SQLException, JsonProcessingException;

    /** Lets go of what the readers hold (once the writer is closed). */
    void close() throws SQLException;
}
