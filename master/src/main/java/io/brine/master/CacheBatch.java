package io.brine.master;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.brine.jobs.JobState;
import io.brine.jobs.MinionResult;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * Writes the rows of one batch of the job cache's writer in one transaction; what else the batch holds (a flush's
 * latch, the close marker) is passed over. Once committed, the rows leave {@link PendingRecords} and what waited for
 * the returns among them runs ({@link ReturnCommits}).
 */
final class CacheBatch {
    /** Logged as the job cache's, where an operator looks for it. */
    private static final Logger LOG = System.getLogger(JobCache.class.getName());

    static final String INSERT_JOB = "INSERT OR REPLACE INTO jobs (jid, function, args, kwargs, target, tgt_type, "
            + "caller, start_ms, timeout_ms, expected, unreachable, unknown, queue_until_ms, disconnected, killed) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    static final String INSERT_QUEUED = "INSERT OR REPLACE INTO queued (jid, minion, until_ms) VALUES (?, ?, ?)";
    static final String DELETE_QUEUED = "DELETE FROM queued WHERE jid = ? AND minion = ?";
    static final String INSERT_ACK = "INSERT OR IGNORE INTO acks (jid, minion) VALUES (?, ?)";
    /** The first return of a minion for a job stands; a later one never replaces it (issue 11: rewritten returns). */
    static final String INSERT_RETURN = "INSERT OR IGNORE INTO returns (jid, minion, success, retcode, ret, "
            + "start_ms, end_ms) VALUES (?, ?, ?, ?, ?, ?, ?)";

    private final PendingRecords pending;
    private final ReturnCommits returns;
    private final LongAdder commits = new LongAdder();

    CacheBatch(PendingRecords pending, ReturnCommits returns) {
        this.pending = pending;
        this.returns = returns;
    }

    /** Transactions written so far. */
    long commits() {
        return commits.sum();
    }

    /**
     * Writes the rows of {@code batch} in one transaction on {@code writer}; null when committed, the error otherwise
     * (rolled back). Rows that can never be written (a value that is not JSON) are dropped from {@code batch}.
     */
    SQLException write(Connection writer, List<Object> batch) {
        try (PreparedStatement job = writer.prepareStatement(INSERT_JOB);
                PreparedStatement ack = writer.prepareStatement(INSERT_ACK);
                PreparedStatement ret = writer.prepareStatement(INSERT_RETURN);
                PreparedStatement queue = writer.prepareStatement(INSERT_QUEUED);
                PreparedStatement dequeue = writer.prepareStatement(DELETE_QUEUED)) {
            writer.setAutoCommit(false);
            for (Object op : batch) {
                if (op instanceof CacheRow.JobRow r) {
                    bindJob(job, r.job());
                    job.executeUpdate();
                } else if (op instanceof CacheRow.AckRow r) {
                    ack.setString(1, r.jid());
                    ack.setString(2, r.minion());
                    ack.executeUpdate();
                } else if (op instanceof CacheRow.ReturnRow r) {
                    bindReturn(ret, r.jid(), r.minion(), r.ret());
                    ret.executeUpdate();
                } else if (op instanceof CacheRow.QueuedRow q && q.until() > 0) {
                    queue.setString(1, q.jid());
                    queue.setString(2, q.minion());
                    queue.setLong(3, q.until());
                    queue.executeUpdate();
                } else if (op instanceof CacheRow.QueuedRow q) {
                    dequeue.setString(1, q.jid());
                    dequeue.setString(2, q.minion());
                    dequeue.executeUpdate();
                }
            }
            writer.commit();
            commits.increment();
            pending.settled(batch); // on disk: readers find them there from now on
            writer.setAutoCommit(true);
        } catch (SQLException e) {
            try {
                writer.rollback();
                writer.setAutoCommit(true);
            } catch (SQLException ignored) {
                // the connection is replaced before the next try
            }
            return e;
        } catch (JsonProcessingException e) {
            // A value that cannot be written as JSON never will be: the batch would fail for ever, so it goes.
            LOG.log(Level.ERROR, "job cache records dropped: a value cannot be written as JSON: " + e.getMessage());
            // Copies of these returns stay unacknowledged: the minions send them again.
            batch.stream().filter(CacheRow.ReturnRow.class::isInstance).map(CacheRow.ReturnRow.class::cast)
                    .forEach(returns::dropped);
            pending.settled(batch);
            batch.removeIf(CacheRow.class::isInstance);
            return null;
        }
        // Only now may a minion forget these returns (ReturnAck): a master killed before the commit never
        // acknowledged them, and the minion sends them again.
        for (Object op : batch) {
            if (op instanceof CacheRow.ReturnRow r) {
                returns.committed(r);
            }
        }
        return null;
    }

    private static void bindJob(PreparedStatement p, JobState job) throws SQLException, JsonProcessingException {
        p.setString(1, job.jid());
        p.setString(2, job.function());
        p.setString(3, CacheJson.json(job.args()));
        p.setString(4, CacheJson.json(job.kwargs()));
        p.setString(5, job.target());
        p.setString(6, job.targetType().wireName());
        p.setString(7, job.caller());
        p.setLong(8, job.startTime().toEpochMilli());
        p.setLong(9, job.timeout().toMillis());
        p.setString(10, CacheJson.json(job.expected()));
        p.setString(11, CacheJson.json(job.unreachable()));
        p.setString(12, CacheJson.json(job.unknown()));
        p.setLong(13, job.queueUntil() == null ? 0 : job.queueUntil().toEpochMilli()); // 0: not queued
        p.setString(14, CacheJson.json(job.disconnected()));
        p.setString(15, CacheJson.json(job.killed()));
    }

    private static void bindReturn(PreparedStatement p, String jid, String minion, MinionResult r)
            throws SQLException, JsonProcessingException {
        p.setString(1, jid);
        p.setString(2, minion);
        p.setInt(3, r.success() ? 1 : 0);
        p.setInt(4, r.retcode());
        p.setString(5, CacheJson.json(r.ret()));
        p.setLong(6, r.start().toEpochMilli());
        p.setLong(7, r.end().toEpochMilli());
    }
}
