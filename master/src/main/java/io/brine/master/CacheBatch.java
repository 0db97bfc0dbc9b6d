package io.brine.master;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * Writes the rows of one batch of the job cache's writer in one transaction ({@link CacheStatements}, in its
 * database's {@link CacheDialect}); what else the batch holds (a flush's latch, the close marker) is passed over.
 * Once committed, the rows leave {@link PendingRecords} and what waited for the returns among them runs
 * ({@link ReturnCommits}).
 */
final class CacheBatch {
    /** Logged as the job cache's, where an operator looks for it. */
    private static final Logger LOG = System.getLogger(JobCache.class.getName());

    private final CacheDialect dialect;
    private final PendingRecords pending;
    private final ReturnCommits returns;
    private final LongAdder commits = new LongAdder();
    private final LongAdder refused = new LongAdder();
    /** Only the writer thread logs. */
    private long lastRefusalLog;

    CacheBatch(CacheDialect dialect, PendingRecords pending, ReturnCommits returns) {
        this.dialect = dialect;
        this.pending = pending;
        this.returns = returns;
    }

    /** Transactions written so far. */
    long commits() {
        return commits.sum();
    }

    /** Records the database refused for good ({@link CacheDialect#refusedForGood}) and that were dropped. */
    long refused() {
        return refused.sum();
    }

    /**
     * Writes the rows of {@code batch} in one transaction on {@code writer}; null when committed, the error otherwise
     * (rolled back). Rows that can never be written (a value that is not JSON, one the database refuses for good)
     * are dropped from {@code batch}.
     */
    SQLException write(Connection writer, List<Object> batch) {
        List<CacheRow> rows = dialect.writeOrder(batch);
        try (CacheStatements statements = new CacheStatements(writer, dialect)) {
            writer.setAutoCommit(false);
            try {
                statements.send(rows);
            } catch (SQLException e) {
                if (!dialect.refusedForGood(e)) {
                    throw e;
                }
                // one row, or a few, would fail the batch for ever: the others are written without them
                writer.rollback();
                drop(statements.sendEach(rows, dialect), batch, ownError(e));
            }
            dialect.announce(writer, rows);
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
            return ownError(e);
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

    /**
     * The error of the row that failed, not the batch's wrapping of it: PostgreSQL's driver repeats there the
     * statement with its values (a job's arguments, a return), which would reach the log and, through
     * {@link JobCache#failing}, a refused caller.
     */
    private static SQLException ownError(SQLException e) {
        return e instanceof BatchUpdateException && e.getNextException() != null ? e.getNextException() : e;
    }

    /**
     * {@code rows} will never be written: they leave the batch and the records waiting, counted, and their returns
     * stay unacknowledged. Logged once a minute at most, with the count: a caller sending such values again and
     * again must not also fill the log.
     */
    private void drop(List<CacheRow> rows, List<Object> batch, SQLException why) {
        if (rows.isEmpty()) {
            return; // written one by one after all
        }
        // every row of the batch for what a refused row stands for goes with it: the copies it stood for were not
        // written either (a return's second copy, a job's earlier row)
        Set<Object> gone = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Object op : batch) {
            if (op instanceof CacheRow row && rows.stream().anyMatch(r -> sameRecord(r, row))) {
                gone.add(row);
            }
        }
        gone.stream().filter(CacheRow.ReturnRow.class::isInstance).map(CacheRow.ReturnRow.class::cast)
                .forEach(returns::dropped);
        pending.settled(new ArrayList<>(gone));
        batch.removeIf(gone::contains);
        refused.add(gone.size());
        long now = System.currentTimeMillis();
        if (now - lastRefusalLog >= 60_000) {
            lastRefusalLog = now;
            LOG.log(Level.ERROR, "job cache records dropped: the database refuses them for good (" + why.getMessage()
                    + "); " + refused.sum() + " so far, the last of job " + rows.get(0).jid());
        }
    }

    /** Whether {@code a} and {@code b} are written to one row of one table. */
    private static boolean sameRecord(CacheRow a, CacheRow b) {
        return a.getClass() == b.getClass() && a.jid().equals(b.jid()) && Objects.equals(minion(a), minion(b));
    }

    private static String minion(CacheRow row) {
        if (row instanceof CacheRow.AckRow r) {
            return r.minion();
        } else if (row instanceof CacheRow.ReturnRow r) {
            return r.minion();
        } else if (row instanceof CacheRow.QueuedRow r) {
            return r.minion();
        }
        return null; // a job's row
    }
}
