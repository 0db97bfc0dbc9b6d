package io.brine.master;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The job cache's tables, and the migrations that bring a file written by an earlier version to them (its
 * {@code PRAGMA user_version} tells which). JSON columns hold msgpack values converted to JSON ({@link CacheJson}).
 * The cluster's PostgreSQL holds the same tables ({@code db/brine-postgresql/V2__job_cache.sql}): a column added
 * here is a new migration there.
 *
 * <pre>
 * jobs(jid TEXT PRIMARY KEY, function TEXT, args JSON, kwargs JSON, target TEXT, tgt_type TEXT,
 *      caller TEXT, start_ms INTEGER, timeout_ms INTEGER, expected JSON list of ids,
 *      unreachable JSON list of the expected ids that had no session at publication, unknown, queue_until_ms,
 *      disconnected, killed JSON list of the ids away whose queued deliveries a kill cancelled)
 * acks(jid TEXT, minion TEXT, PRIMARY KEY (jid, minion))         -- the minion had the job
 * queued(jid TEXT, minion TEXT, until_ms INTEGER, PRIMARY KEY (jid, minion))  -- a delivery waiting (--queue)
 * returns(jid TEXT, minion TEXT, success INTEGER, retcode INTEGER, ret JSON, start_ms INTEGER,
 *         end_ms INTEGER, PRIMARY KEY (jid, minion))
 * mine(minion TEXT, fun TEXT, value JSON, updated_ms INTEGER, PRIMARY KEY (minion, fun))  -- {@link MineTable}
 * minion_jobs(minion TEXT, minion_jid TEXT, jid TEXT, PRIMARY KEY (minion, minion_jid))  -- {@link MinionJobs}
 * </pre>
 */
final class CacheSchema {
    static final int VERSION = 7;

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
            s.execute("CREATE TABLE IF NOT EXISTS mine (minion TEXT NOT NULL, fun TEXT NOT NULL, value TEXT NOT NULL, "
                    + "updated_ms INTEGER NOT NULL, PRIMARY KEY (minion, fun))");
            s.execute("CREATE TABLE IF NOT EXISTS minion_jobs (minion TEXT NOT NULL, minion_jid TEXT NOT NULL, "
                    + "jid TEXT NOT NULL, PRIMARY KEY (minion, minion_jid))");
            s.execute("PRAGMA user_version=" + VERSION);
        }
    }

    private static int userVersion(Statement s) throws SQLException {
        try (java.sql.ResultSet rs = s.executeQuery("PRAGMA user_version")) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }
}
