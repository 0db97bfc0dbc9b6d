package io.brine.master;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * The few statements of the job cache that differ between its databases ({@link SqliteCacheDialect},
 * {@link PostgresCacheDialect}), and how each takes a batch's rows and pruning. The tables and their meaning are one
 * ({@link CacheSchema}); every other statement is shared SQL.
 */
interface CacheDialect {
    /** Inserts a job's 15 columns, replacing the row written before (its acknowledgements and returns aside). */
    String insertJob();

    /** Inserts an acknowledgement {@code (jid, minion)}; a copy of one written changes nothing. */
    String insertAck();

    /** Inserts a return's 7 columns; the first return of a minion for a job stands (issue 11). */
    String insertReturn();

    /** Inserts a queued delivery {@code (jid, minion, until_ms)}, or replaces its time. */
    String upsertQueued();

    /** Inserts a mine entry {@code (minion, fun, value JSON, updated_ms)}, or replaces its value. */
    String upsertMine();

    /** A boolean expression over {@code jobs.expected}: its one parameter, a minion id, is among them. */
    String expects();

    /** An integer expression: how many ids {@code j.expected} holds. */
    String expectedCount();

    /** A subquery of the ids in its one parameter, a JSON list of strings. */
    String idsOf();

    /** A subquery of the jids of all jobs but the newest; its one parameter: how many newest are kept. */
    String allButNewest();

    /**
     * The rows of {@code batch} (a writer's batch, markers included) in the order they are written; what stands once
     * they are is what {@link PendingRecords} says stands.
     */
    List<CacheRow> writeOrder(List<Object> batch);

    /**
     * Tells the other masters sharing the database, in the transaction that writes {@code rows}, of the changes they
     * act on at once (queued deliveries, {@link DeliveryQueue#noticed}); nothing where the database is one master's.
     */
    default void announce(Connection c, List<CacheRow> rows) throws SQLException {
    }

    /** Whether {@code e} says a row can never be written, so that retrying its batch would fail for ever. */
    boolean refusedForGood(SQLException e);

    /** Runs {@code prune} on {@code c} (autocommit), as this database lets one master prune at a time. */
    int prune(Connection c, CacheWriter.Work prune) throws SQLException;
}
