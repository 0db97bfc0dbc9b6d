package io.brine.api;

import io.brine.master.ClusterDatabase;
import io.brine.master.internal.Transactions;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The tokens of a cluster's masters, in its database ({@code api_tokens}): SHA-256 hashes only, as in the file. A
 * change locks the table for its transaction, so changes through several masters at once are one after another. A
 * request is authenticated against entries at most {@value #FRESH_MILLIS} ms old: a revocation through any master
 * holds on all within that, and a busy API costs the database one read a second.
 */
final class ClusterTokenTable implements TokenTable {
    private static final Logger LOG = System.getLogger(ClusterTokenTable.class.getName());
    static final long FRESH_MILLIS = 1000;

    private record Read(long atNanos, List<StoredToken> tokens) {
    }

    private final javax.sql.DataSource source;
    /** The pool this table opened for itself and closes, or null when it borrows a running master's. */
    private final ClusterDatabase owned;
    private volatile Read last = new Read(0, null);

    ClusterTokenTable(ClusterDatabase db, boolean ownsDatabase) {
        this.source = db.dataSource();
        this.owned = ownsDatabase ? db : null;
    }

    /** On a running master's connections ({@code Master.clusterDataSource()}), which it leaves open. */
    ClusterTokenTable(javax.sql.DataSource borrowed) {
        this.source = borrowed;
        this.owned = null;
    }

    @Override
    public List<StoredToken> read() throws IOException {
        try (Connection c = source.getConnection()) {
            return read(c);
        } catch (SQLException e) {
            throw new IOException("cannot read the API tokens from the cluster's database: " + e.getMessage(), e);
        }
    }

    private static List<StoredToken> read(Connection c) throws SQLException {
        List<StoredToken> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                "SELECT name, sha256, created_at, expires_at FROM api_tokens ORDER BY created_at, name")) {
            while (r.next()) {
                Timestamp expires = r.getTimestamp(4);
                out.add(new StoredToken(r.getString(1), r.getBytes(2), r.getTimestamp(3).toInstant(),
                        expires == null ? null : expires.toInstant()));
            }
        }
        return out;
    }

    @Override
    public List<StoredToken> current() {
        Read r = last;
        long now = System.nanoTime();
        if (r.tokens() != null && now - r.atNanos() < FRESH_MILLIS * 1_000_000) {
            return r.tokens();
        }
        try {
            List<StoredToken> tokens = List.copyOf(read());
            last = new Read(now, tokens);
            return tokens;
        } catch (IOException e) {
            LOG.log(Level.ERROR, e.getMessage() + "; refusing every token");
            return List.of();
        }
    }

    @Override
    public void update(UnaryOperator<List<StoredToken>> change) throws IOException {
        try (Connection c = source.getConnection()) {
            Transactions.run(c, t -> {
                try (Statement s = t.createStatement()) {
                    s.execute("LOCK TABLE api_tokens IN EXCLUSIVE MODE");
                }
                List<StoredToken> after = change.apply(new ArrayList<>(read(t)));
                try (Statement s = t.createStatement()) {
                    s.execute("DELETE FROM api_tokens");
                }
                try (PreparedStatement i = t.prepareStatement(
                        "INSERT INTO api_tokens (name, sha256, created_at, expires_at) VALUES (?, ?, ?, ?)")) {
                    for (StoredToken token : after) {
                        i.setString(1, token.name());
                        i.setBytes(2, token.sha256());
                        i.setTimestamp(3, Timestamp.from(token.created()));
                        i.setTimestamp(4, token.expires() == null ? null : Timestamp.from(token.expires()));
                        i.addBatch();
                    }
                    i.executeBatch();
                }
                return null;
            });
            last = new Read(0, null); // this master reads its own change at once
        } catch (SQLException e) {
            throw new IOException("cannot change the API tokens in the cluster's database: " + e.getMessage(), e);
        }
    }

    @Override
    public String describe() {
        return "the cluster's database";
    }

    @Override
    public void close() {
        if (owned != null) {
            owned.close();
        }
    }
}
