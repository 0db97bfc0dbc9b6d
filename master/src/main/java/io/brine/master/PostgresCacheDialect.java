package io.brine.master;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The job cache's statements in PostgreSQL, where the masters of a cluster write the same tables at once
 * ({@code db/brine-postgresql/V2__job_cache.sql}). Every write is an upsert, so that two masters recording the same
 * return, acknowledgement or delivery never fail each other; and every master writes a batch's rows in one order
 * (table, then jid, then minion), so that two batches touching the same rows wait for each other instead of
 * deadlocking. The expected ids are {@code jsonb}, searched and counted by the server; other JSON is {@code json},
 * kept as written (its key order, and an escaped NUL, which {@code jsonb} refuses).
 */
final class PostgresCacheDialect implements CacheDialect {
    /**
     * The NOTIFY channel of queued deliveries: {@code +minion} when one is queued for the minion (through any master),
     * {@code -jid minion} when it is done (taken, cancelled or expired); see {@link DeliveryQueue#noticed}.
     */
    static final String QUEUED = "brine_queued";
    /** The key of the advisory lock a master holds while it prunes: {@code "brinepru"} in ASCII. */
    static final long PRUNING_LOCK = 0x6272696e_6570_7275L;

    /**
     * A placeholder a master files for a return whose job it had not seen ({@link OrphanReturns}) never replaces a
     * job another master published: that one only had not been written yet when the return came.
     */
    private static final String ORPHAN = "'" + OrphanReturns.NOTE.replace("'", "''") + "'";

    @Override
    public String insertJob() {
        return "INSERT INTO jobs (jid, function, args, kwargs, target, tgt_type, caller, start_ms, timeout_ms, "
                + "expected, unreachable, unknown, queue_until_ms, disconnected, killed) VALUES (?, ?, ?::json, "
                + "?::json, ?, ?, ?, ?, ?, ?::jsonb, ?::json, ?::json, ?, ?::json, ?::json) "
                + "ON CONFLICT (jid) DO UPDATE SET function = excluded.function, args = excluded.args, "
                + "kwargs = excluded.kwargs, target = excluded.target, tgt_type = excluded.tgt_type, "
                + "caller = excluded.caller, start_ms = excluded.start_ms, timeout_ms = excluded.timeout_ms, "
                + "expected = excluded.expected, unreachable = excluded.unreachable, unknown = excluded.unknown, "
                + "queue_until_ms = excluded.queue_until_ms, disconnected = excluded.disconnected, "
                + "killed = excluded.killed WHERE excluded.caller <> " + ORPHAN + " OR jobs.caller = " + ORPHAN;
    }

    @Override
    public String insertAck() {
        return "INSERT INTO acks (jid, minion) VALUES (?, ?) ON CONFLICT DO NOTHING";
    }

    @Override
    public String insertReturn() {
        return "INSERT INTO returns (jid, minion, success, retcode, ret, start_ms, end_ms) "
                + "VALUES (?, ?, ?, ?, ?::json, ?, ?) ON CONFLICT DO NOTHING";
    }

    @Override
    public String upsertQueued() {
        return "INSERT INTO queued (jid, minion, until_ms) VALUES (?, ?, ?) "
                + "ON CONFLICT (jid, minion) DO UPDATE SET until_ms = excluded.until_ms";
    }

    @Override
    public String upsertMine() {
        return "INSERT INTO mine (minion, fun, value, updated_ms) VALUES (?, ?, ?::json, ?) "
                + "ON CONFLICT (minion, fun) DO UPDATE SET value = excluded.value, updated_ms = excluded.updated_ms";
    }

    @Override
    public String expects() {
        return "jobs.expected @> jsonb_build_array(?::text)";
    }

    @Override
    public String expectedCount() {
        return "jsonb_array_length(j.expected)";
    }

    @Override
    public String idsOf() {
        return "SELECT json_array_elements_text(?::json)";
    }

    @Override
    public String allButNewest() {
        return "SELECT jid FROM jobs ORDER BY jid DESC OFFSET ?";
    }

    /**
     * The rows that will stand, one per table row (the last job row of a jid, a minion's first return, the last
     * change to a delivery), sorted by table, jid and minion: the order every master takes row locks in. One
     * statement's rows also go together, as one JDBC batch.
     */
    @Override
    public List<CacheRow> writeOrder(List<Object> batch) {
        TreeMap<String, CacheRow> jobs = new TreeMap<>();
        TreeMap<String, CacheRow> acks = new TreeMap<>();
        TreeMap<String, CacheRow> returns = new TreeMap<>();
        TreeMap<String, CacheRow> queued = new TreeMap<>();
        for (Object op : batch) {
            if (op instanceof CacheRow.JobRow r) {
                jobs.put(r.jid(), r);
            } else if (op instanceof CacheRow.AckRow r) {
                acks.putIfAbsent(key(r.jid(), r.minion()), r);
            } else if (op instanceof CacheRow.ReturnRow r) {
                returns.putIfAbsent(key(r.jid(), r.minion()), r);
            } else if (op instanceof CacheRow.QueuedRow r) {
                queued.put(key(r.jid(), r.minion()), r);
            }
        }
        List<CacheRow> rows = new ArrayList<>(jobs.size() + acks.size() + returns.size() + queued.size());
        rows.addAll(jobs.values());
        rows.addAll(acks.values());
        rows.addAll(returns.values());
        rows.addAll(queued.values());
        return rows;
    }

    /**
     * One notice per queued delivery written, sent when the rows commit: a master holding the minion's session
     * delivers a job queued through another master at once, and a master holding a delivery another master took
     * lets it go. The server folds notices equal within a transaction into one.
     */
    @Override
    public void announce(Connection c, List<CacheRow> rows) throws SQLException {
        List<String> notices = new ArrayList<>();
        for (CacheRow row : rows) {
            if (row instanceof CacheRow.QueuedRow q) {
                notices.add(q.until() > 0 ? "+" + q.minion() : "-" + q.jid() + " " + q.minion());
            }
        }
        if (notices.isEmpty()) {
            return;
        }
        try (PreparedStatement n = c.prepareStatement("SELECT pg_notify('" + QUEUED + "', p) FROM unnest(?) p")) {
            n.setArray(1, c.createArrayOf("text", notices.toArray()));
            n.execute();
        }
    }

    /** Jids have no control characters: a newline sorts a jid's rows together, ahead of any longer jid. */
    private static String key(String jid, String minion) {
        return jid + '\n' + minion;
    }

    /**
     * Class 22, a data exception: a value the server cannot store (a NUL in a text, which the driver refuses
     * itself; an escaped NUL in {@code jsonb}) fails every try alike.
     */
    @Override
    public boolean refusedForGood(SQLException e) {
        Throwable t = e;
        for (int depth = 0; t != null && depth < 8; depth++, t = t.getCause() != null ? t.getCause() : nextOf(t)) {
            if (t instanceof SQLException s && s.getSQLState() != null && s.getSQLState().startsWith("22")) {
                return true;
            }
        }
        return false;
    }

    private static Throwable nextOf(Throwable t) {
        return t instanceof SQLException s ? s.getNextException() : null;
    }

    /**
     * In one transaction, while this master holds the pruning lock: another master pruning meanwhile prunes the same
     * jobs, so this one skips its turn (0) rather than wait for it, or race it row by row into a deadlock.
     */
    @Override
    public int prune(Connection c, CacheWriter.Work prune) throws SQLException {
        c.setAutoCommit(false);
        try {
            int pruned = 0;
            if (pruningLock(c)) {
                pruned = prune.run(c);
            }
            c.commit();
            return pruned;
        } catch (SQLException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true);
        }
    }

    /** Takes the pruning lock for this transaction, if no other master holds it. */
    private static boolean pruningLock(Connection c) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT pg_try_advisory_xact_lock(?)")) {
            p.setLong(1, PRUNING_LOCK);
            try (ResultSet rs = p.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }
}
