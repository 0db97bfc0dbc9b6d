package io.brine.master;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The job cache's tables in the PostgreSQL database the masters of a cluster share ({@link ClusterDatabase}; made by
 * its migration {@code V2__job_cache.sql}). Each batch and each read borrows one of the pool's connections for its
 * length: the pool checks a connection idle for long before lending it and drops one the server closed, so that a
 * connection silently cut while the master was idle never holds up the writer, and a read sees what every master
 * has committed. The pool stays the cluster's.
 */
final class ClusterCacheTables implements CacheDatabase {
    private final DataSource pool;
    private final CacheDialect dialect = new PostgresCacheDialect();

    ClusterCacheTables(DataSource pool) {
        this.pool = pool;
    }

    @Override
    public CacheDialect dialect() {
        return dialect;
    }

    @Override
    public <T> T write(Write<T> work) throws SQLException {
        try (Connection c = pool.getConnection()) {
            return work.on(c);
        }
    }

    /** Nothing to replace: the failed batch rolled back and gave its connection back, the pool checks it. */
    @Override
    public void writeFailed() {
    }

    @Override
    public <T> T read(Read<T> read) throws SQLException, JsonProcessingException {
        try (Connection c = pool.getConnection()) {
            return read.from(c);
        }
    }

    @Override
    public void close() {
        // every connection was given back; the pool is the cluster's
    }
}
