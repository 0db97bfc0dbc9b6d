package io.brine.master;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The job cache's retention ({@code keep_jobs}, {@code keep_jobs_count}): old jobs dropped with their
 * acknowledgements and returns. It runs on the master's timer thread, on the writer's connection between two of its
 * batches, after what was recorded before it is written; as its {@link CacheDialect} lets one master prune at a time.
 */
final class CachePruning {
    /** Logged as the job cache's, where an operator looks for it. */
    private static final Logger LOG = System.getLogger(JobCache.class.getName());

    private final CacheWriter writer;
    private final CacheDialect dialect;

    CachePruning(CacheWriter writer, CacheDialect dialect) {
        this.writer = writer;
        this.dialect = dialect;
    }

    /** Drops jobs that started before {@code cutoffMillis}, with their returns; how many went. */
    int olderThan(long cutoffMillis) {
        return pruned(c -> olderThan(c, cutoffMillis));
    }

    /** Keeps only the newest {@code keep} jobs; how many went. */
    int toCount(int keep) {
        return pruned(c -> toCount(c, dialect.allButNewest(), keep));
    }

    private int pruned(CacheWriter.Work prune) {
        writer.flush();
        try {
            return writer.onConnection(c -> dialect.prune(c, prune));
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "pruning the job cache failed: " + e.getMessage());
            return 0;
        }
    }

    private static int toCount(Connection c, String oldest, int keep) throws SQLException {
        int removed;
        try (PreparedStatement links = c.prepareStatement("DELETE FROM minion_jobs WHERE jid IN (" + oldest + ")");
                PreparedStatement returns = c.prepareStatement("DELETE FROM returns WHERE jid IN (" + oldest + ")");
                PreparedStatement acks = c.prepareStatement("DELETE FROM acks WHERE jid IN (" + oldest + ")");
                PreparedStatement jobs = c.prepareStatement("DELETE FROM jobs WHERE jid IN (" + oldest + ")")) {
            links.setInt(1, keep);
            links.executeUpdate();
            returns.setInt(1, keep);
            returns.executeUpdate();
            acks.setInt(1, keep);
            acks.executeUpdate();
            jobs.setInt(1, keep);
            removed = jobs.executeUpdate();
        }
        return removed;
    }

    private static int olderThan(Connection c, long cutoffMillis) throws SQLException {
        try (PreparedStatement links = c.prepareStatement(
                "DELETE FROM minion_jobs WHERE jid IN (SELECT jid FROM jobs WHERE start_ms < ?)");
                PreparedStatement returns = c.prepareStatement(
                "DELETE FROM returns WHERE jid IN (SELECT jid FROM jobs WHERE start_ms < ?)");
                PreparedStatement acks = c.prepareStatement(
                        "DELETE FROM acks WHERE jid IN (SELECT jid FROM jobs WHERE start_ms < ?)");
                PreparedStatement jobs = c.prepareStatement("DELETE FROM jobs WHERE start_ms < ?")) {
            links.setLong(1, cutoffMillis);
            links.executeUpdate();
            returns.setLong(1, cutoffMillis);
            returns.executeUpdate();
            acks.setLong(1, cutoffMillis);
            acks.executeUpdate();
            jobs.setLong(1, cutoffMillis);
            return jobs.executeUpdate();
        }
    }
}
