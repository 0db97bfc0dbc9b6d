package io.brine.master;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.brine.jobs.JobState;
import io.brine.jobs.MinionResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.List;

/**
 * The statements one batch of the job cache's writer runs, prepared once for the batch in its database's dialect,
 * and the rows bound to them. Rows are sent in the order given; a run of rows for one statement goes as one JDBC
 * batch, so that PostgreSQL takes a burst of returns in one round trip rather than one each.
 */
final class CacheStatements implements AutoCloseable {
    static final String DELETE_QUEUED = "DELETE FROM queued WHERE jid = ? AND minion = ?";

    private final Connection writer;
    private final PreparedStatement job;
    private final PreparedStatement ack;
    private final PreparedStatement ret;
    private final PreparedStatement queue;
    private final PreparedStatement dequeue;

    CacheStatements(Connection writer, CacheDialect dialect) throws SQLException {
        this.writer = writer;
        List<PreparedStatement> made = new ArrayList<>();
        try {
            made.add(writer.prepareStatement(dialect.insertJob()));
            made.add(writer.prepareStatement(dialect.insertAck()));
            made.add(writer.prepareStatement(dialect.insertReturn()));
            made.add(writer.prepareStatement(dialect.upsertQueued()));
            made.add(writer.prepareStatement(DELETE_QUEUED));
        } catch (SQLException e) {
            for (PreparedStatement p : made) {
                p.close();
            }
            throw e;
        }
        this.job = made.get(0);
        this.ack = made.get(1);
        this.ret = made.get(2);
        this.queue = made.get(3);
        this.dequeue = made.get(4);
    }

    /** Sends {@code rows} in their order, in the writer's transaction. */
    void send(List<CacheRow> rows) throws SQLException, JsonProcessingException {
        PreparedStatement run = null;
        for (CacheRow row : rows) {
            PreparedStatement p = bound(row);
            if (run != null && run != p) {
                run.executeBatch();
            }
            p.addBatch();
            run = p;
        }
        if (run != null) {
            run.executeBatch();
        }
    }

    /**
     * Sends {@code rows} one by one, each behind a savepoint, in the writer's transaction: the rows the database
     * refuses for good ({@code refusedForGood}) are left out and returned; any other failure is thrown.
     */
    List<CacheRow> sendEach(List<CacheRow> rows, CacheDialect dialect) throws SQLException, JsonProcessingException {
        List<CacheRow> refused = new ArrayList<>();
        for (CacheRow row : rows) {
            Savepoint before = writer.setSavepoint();
            try {
                bound(row).executeUpdate();
                writer.releaseSavepoint(before);
            } catch (SQLException e) {
                if (!dialect.refusedForGood(e)) {
                    throw e;
                }
                writer.rollback(before);
                refused.add(row);
            }
        }
        return refused;
    }

    /** {@code row}'s statement, its values bound. */
    private PreparedStatement bound(CacheRow row) throws SQLException, JsonProcessingException {
        if (row instanceof CacheRow.JobRow r) {
            bindJob(job, r.job());
            return job;
        } else if (row instanceof CacheRow.AckRow r) {
            ack.setString(1, r.jid());
            ack.setString(2, r.minion());
            return ack;
        } else if (row instanceof CacheRow.ReturnRow r) {
            bindReturn(ret, r.jid(), r.minion(), r.ret());
            return ret;
        } else if (row instanceof CacheRow.QueuedRow q && q.until() > 0) {
            queue.setString(1, q.jid());
            queue.setString(2, q.minion());
            queue.setLong(3, q.until());
            return queue;
        } else {
            CacheRow.QueuedRow q = (CacheRow.QueuedRow) row; // until 0: delivered, cancelled or expired
            dequeue.setString(1, q.jid());
            dequeue.setString(2, q.minion());
            return dequeue;
        }
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
        p.setBoolean(3, r.success()); // SQLite stores 1 or 0, as an INTEGER column always held
        p.setInt(4, r.retcode());
        p.setString(5, CacheJson.json(r.ret()));
        p.setLong(6, r.start().toEpochMilli());
        p.setLong(7, r.end().toEpochMilli());
    }

    @Override
    public void close() throws SQLException {
        for (PreparedStatement p : List.of(job, ack, ret, queue, dequeue)) {
            p.close();
        }
    }
}
