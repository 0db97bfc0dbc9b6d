package io.brine.master;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.protocol.JobRecord;
import io.brine.protocol.MinionReturn;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The job cache's tables. JSON columns hold msgpack values converted to JSON.
 *
 * <pre>
 * jobs(jid TEXT PRIMARY KEY, function TEXT, args JSON, kwargs JSON, target TEXT, tgt_type TEXT,
 *      caller TEXT, start_ms INTEGER, timeout_ms INTEGER, expected JSON list of ids,
 *      unreachable JSON list of the expected ids that had no session at publication, unknown, queue_until_ms,
 *      disconnected, killed JSON list of the ids away whose queued deliveries a kill cancelled)
 * acks(jid TEXT, minion TEXT, PRIMARY KEY (jid, minion))         -- the minion had the job
 * returns(jid TEXT, minion TEXT, success INTEGER, retcode INTEGER, ret JSON, start_ms INTEGER,
 *         end_ms INTEGER, PRIMARY KEY (jid, minion))
 * </pre>
 */
final class CacheSchema {
    static final int VERSION = 6;

    static final String INSERT_JOB = "INSERT OR REPLACE INTO jobs (jid, function, args, kwargs, target, tgt_type, "
            + "caller, start_ms, timeout_ms, expected, unreachable, unknown, queue_until_ms, disconnected, killed) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    static final String INSERT_QUEUED = "INSERT OR REPLACE INTO queued (jid, minion, until_ms) VALUES (?, ?, ?)";
    static final String DELETE_QUEUED = "DELETE FROM queued WHERE jid = ? AND minion = ?";
    static final String INSERT_ACK = "INSERT OR IGNORE INTO acks (jid, minion) VALUES (?, ?)";
    /** The first return of a minion for a job stands; a later one never replaces it (issue 11: rewritten returns). */
    static final String INSERT_RETURN = "INSERT OR IGNORE INTO returns (jid, minion, success, retcode, ret, "
            + "start_ms, end_ms) VALUES (?, ?, ?, ?, ?, ?, ?)";

    private CacheSchema() {
    }

    static void apply(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
            s.execute("PRAGMA synchronous=NORMAL");
            s.execute("CREATE TABLE IF NOT EXISTS jobs (jid TEXT PRIMARY KEY, function TEXT NOT NULL, "
                    + "args TEXT NOT NULL, kwargs TEXT NOT NULL, target TEXT NOT NULL, tgt_type TEXT NOT NULL, "
                    + "caller TEXT NOT NULL, start_ms INTEGER NOT NULL, timeout_ms INTEGER NOT NULL, "
                    + "expected TEXT NOT NULL, unreachable TEXT NOT NULL DEFAULT '[]', "
                    + "unknown TEXT NOT NULL DEFAULT '[]', queue_until_ms INTEGER NOT NULL DEFAULT 0, "
                    + "disconnected TEXT NOT NULL DEFAULT '[]', killed TEXT NOT NULL DEFAULT '[]')");
            int version = userVersion(s);
            if (version == 1) {
                s.execute("ALTER TABLE jobs ADD COLUMN unreachable TEXT NOT NULL DEFAULT '[]'");
            }
            if (version >= 1 && version < 3) {
                s.execute("ALTER TABLE jobs ADD COLUMN unknown TEXT NOT NULL DEFAULT '[]'");
            }
            if (version >= 1 && version < 4) {
                s.execute("ALTER TABLE jobs ADD COLUMN queue_until_ms INTEGER NOT NULL DEFAULT 0");
            }
            if (version >= 1 && version < 5) {
                s.execute("ALTER TABLE jobs ADD COLUMN disconnected TEXT NOT NULL DEFAULT '[]'");
            }
            if (version >= 1 && version < 6) {
                s.execute("ALTER TABLE jobs ADD COLUMN killed TEXT NOT NULL DEFAULT '[]'");
            }
            // Deliveries waiting for minions that were away when their job was published (--queue).
            s.execute("CREATE TABLE IF NOT EXISTS queued (jid TEXT NOT NULL, minion TEXT NOT NULL, "
                    + "until_ms INTEGER NOT NULL, PRIMARY KEY (jid, minion))");
            s.execute("CREATE INDEX IF NOT EXISTS jobs_by_start ON jobs (start_ms)");
            s.execute("CREATE INDEX IF NOT EXISTS jobs_by_function ON jobs (function, jid)");
            s.execute("CREATE INDEX IF NOT EXISTS jobs_by_caller ON jobs (caller, jid)");
            s.execute("CREATE TABLE IF NOT EXISTS acks (jid TEXT NOT NULL, minion TEXT NOT NULL, "
                    + "PRIMARY KEY (jid, minion))");
            s.execute("CREATE TABLE IF NOT EXISTS returns (jid TEXT NOT NULL, minion TEXT NOT NULL, "
                    + "success INTEGER NOT NULL, retcode INTEGER NOT NULL, ret TEXT, start_ms INTEGER, "
                    + "end_ms INTEGER, PRIMARY KEY (jid, minion))");
            s.execute("PRAGMA user_version=" + VERSION);
        }
    }

    static void bindJob(PreparedStatement p, JobRecord job, ObjectMapper json) throws SQLException,
            JsonProcessingException {
        p.setString(1, job.jid());
        p.setString(2, job.function());
        p.setString(3, json.writeValueAsString(job.args()));
        p.setString(4, json.writeValueAsString(job.kwargs()));
        p.setString(5, job.target());
        p.setString(6, job.targetType());
        p.setString(7, job.caller());
        p.setLong(8, job.startMillis());
        p.setLong(9, job.timeoutMillis());
        p.setString(10, json.writeValueAsString(job.expected()));
        p.setString(11, json.writeValueAsString(job.unreachable()));
        p.setString(12, json.writeValueAsString(job.unknown()));
        p.setLong(13, job.queueUntilMillis());
        p.setString(14, json.writeValueAsString(job.disconnected()));
        p.setString(15, json.writeValueAsString(job.killed()));
    }

    static void bindReturn(PreparedStatement p, String jid, String minion, MinionReturn r, ObjectMapper json)
            throws SQLException, JsonProcessingException {
        p.setString(1, jid);
        p.setString(2, minion);
        p.setInt(3, r.success() ? 1 : 0);
        p.setInt(4, r.retcode());
        p.setString(5, json.writeValueAsString(r.ret()));
        p.setLong(6, r.startMillis());
        p.setLong(7, r.endMillis());
    }

    private static int userVersion(Statement s) throws SQLException {
        try (java.sql.ResultSet rs = s.executeQuery("PRAGMA user_version")) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    /** Keeps at most {@code keep} jobs, dropping the oldest. */
    static int pruneToCount(Connection c, int keep) throws SQLException {
        String oldest = "SELECT jid FROM jobs ORDER BY jid DESC LIMIT -1 OFFSET ?";
        int removed;
        try (PreparedStatement returns = c.prepareStatement("DELETE FROM returns WHERE jid IN (" + oldest + ")");
                PreparedStatement acks = c.prepareStatement("DELETE FROM acks WHERE jid IN (" + oldest + ")");
                PreparedStatement jobs = c.prepareStatement("DELETE FROM jobs WHERE jid IN (" + oldest + ")")) {
            returns.setInt(1, keep);
            returns.executeUpdate();
            acks.setInt(1, keep);
            acks.executeUpdate();
            jobs.setInt(1, keep);
            removed = jobs.executeUpdate();
        }
        return removed;
    }

    static int prune(Connection c, long cutoffMillis) throws SQLException {
        try (PreparedStatement returns = c.prepareStatement(
                "DELETE FROM returns WHERE jid IN (SELECT jid FROM jobs WHERE start_ms < ?)");
                PreparedStatement acks = c.prepareStatement(
                        "DELETE FROM acks WHERE jid IN (SELECT jid FROM jobs WHERE start_ms < ?)");
                PreparedStatement jobs = c.prepareStatement("DELETE FROM jobs WHERE start_ms < ?")) {
            returns.setLong(1, cutoffMillis);
            returns.executeUpdate();
            acks.setLong(1, cutoffMillis);
            acks.executeUpdate();
            jobs.setLong(1, cutoffMillis);
            return jobs.executeUpdate();
        }
    }
}
