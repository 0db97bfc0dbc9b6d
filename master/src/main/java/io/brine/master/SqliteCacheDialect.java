package io.brine.master;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * The job cache's statements in SQLite ({@code cachedir/jobs.sqlite}): one master writes the file, so rows go in the
 * order they were recorded and pruning needs no lock beyond the writer's connection. JSON columns are text, read by
 * SQLite's JSON functions.
 */
final class SqliteCacheDialect implements CacheDialect {
    @Override
    public String insertJob() {
        return "INSERT OR REPLACE INTO jobs (jid, function, args, kwargs, target, tgt_type, caller, start_ms, "
                + "timeout_ms, expected, unreachable, unknown, queue_until_ms, disconnected, killed) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    }

    @Override
    public String insertAck() {
        return "INSERT OR IGNORE INTO acks (jid, minion) VALUES (?, ?)";
    }

    @Override
    public String insertReturn() {
        return "INSERT OR IGNORE INTO returns (jid, minion, success, retcode, ret, start_ms, end_ms) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?)";
    }

    @Override
    public String upsertQueued() {
        return "INSERT OR REPLACE INTO queued (jid, minion, until_ms) VALUES (?, ?, ?)";
    }

    @Override
    public String upsertMine() {
        return "INSERT OR REPLACE INTO mine (minion, fun, value, updated_ms) VALUES (?, ?, ?, ?)";
    }

    @Override
    public String expects() {
        // searched by json_each, not parsed into a list of the job's ids
        return "EXISTS (SELECT 1 FROM json_each(jobs.expected) WHERE value = ?)";
    }

    @Override
    public String expectedCount() {
        return "json_array_length(j.expected)";
    }

    @Override
    public String idsOf() {
        return "SELECT value FROM json_each(?)";
    }

    @Override
    public String allButNewest() {
        return "SELECT jid FROM jobs ORDER BY jid DESC LIMIT -1 OFFSET ?";
    }

    @Override
    public List<CacheRow> writeOrder(List<Object> batch) {
        return batch.stream().filter(CacheRow.class::isInstance).map(CacheRow.class::cast).toList();
    }

    @Override
    public boolean refusedForGood(SQLException e) {
        return false; // SQLite stores any text; what it refuses (a full disk, a lock) passes
    }

    @Override
    public int prune(Connection c, CacheWriter.Work prune) throws SQLException {
        return prune.run(c);
    }
}
