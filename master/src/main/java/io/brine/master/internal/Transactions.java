package io.brine.master.internal;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One JDBC transaction on a connection the caller holds: the work committed, or rolled back when it throws, and the
 * connection's auto-commit put back either way. The shape every store of a cluster's database writes in.
 *
 * <pre>{@code
 * try (Connection c = db.getConnection()) {
 *     boolean changed = Transactions.run(c, t -> update.executeUpdate() > 0);
 * }
 * }</pre>
 */
public final class Transactions {
    /** What runs inside the transaction. */
    @FunctionalInterface
    public interface Work<T> {
        T apply(Connection c) throws SQLException;
    }

    private Transactions() {
    }

    public static <T> T run(Connection c, Work<T> work) throws SQLException {
        c.setAutoCommit(false);
        try {
            T result = work.apply(c);
            c.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true);
        }
    }
}
