package io.brine.master;

import io.brine.master.internal.Transactions;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.MinionId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/**
 * Minion keys in the cluster's database ({@code minion_keys}), shared by every master of the cluster: a key
 * accepted through one master is accepted on all. Each change is announced on {@value #CHANNEL} with the minion's
 * id in the change's own transaction; every master listens ({@link ClusterDatabase#listen}) and checks that
 * minion's session again, so a key deleted through one master cuts its minion off on all of them.
 *
 * <p>The listings by status are cached, as {@link KeyDirectory} caches its directories' (the master resolves
 * targets against the accepted ones on every publication), and read again after every announced change
 * ({@link #changed}). While the database does not answer, the listings last read stand in for it: a master goes on
 * publishing to the minions it knows (it has their sessions) instead of to none.
 */
final class ClusterKeys implements KeyStore {
    /** The NOTIFY channel of key changes; the payload is the minion's id. */
    static final String CHANNEL = "brine_keys";

    private final DataSource db;
    private final Map<KeyStatus, List<String>> listings = new ConcurrentHashMap<>();
    /** The listings as last read, kept through changes: what stands in while the database is away. */
    private final Map<KeyStatus, List<String>> lastRead = new ConcurrentHashMap<>();
    /** Where listings are read again after a change: off the thread that heard of it. */
    private final java.util.concurrent.Executor refresher;
    private final java.util.concurrent.atomic.AtomicBoolean refreshing = new java.util.concurrent.atomic.AtomicBoolean();
    private volatile boolean away;
    /** Bumped by every change seen, so that a listing read across a change is not kept. */
    private final AtomicLong changes = new AtomicLong();

    ClusterKeys(DataSource db) {
        this(db, Runnable::run);
    }

    /** As above, reading the listings again after a change on {@code refresher}. */
    ClusterKeys(DataSource db, java.util.concurrent.Executor refresher) {
        this.db = db;
        this.refresher = refresher;
    }

    /** A change to {@code id}'s keys (null: to any), made here or announced by another master. */
    void changed(String id) {
        changes.incrementAndGet();
        listings.clear();
        if (refreshing.compareAndSet(false, true)) {
            refresher.execute(() -> {
                refreshing.set(false);
                try {
                    list();
                } catch (UncheckedIOException e) {
                    // read when next needed
                }
            });
        }
    }

    @Override
    public List<String> ids(KeyStatus status) {
        List<String> cached = listings.get(status);
        if (cached != null) {
            return new ArrayList<>(cached);
        }
        long before = changes.get();
        List<String> ids = new ArrayList<>();
        try (Connection c = db.getConnection();
                PreparedStatement q = c.prepareStatement("SELECT minion_id FROM minion_keys WHERE status = ?")) {
            q.setString(1, name(status));
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    ids.add(r.getString(1));
                }
            }
        } catch (SQLException e) {
            List<String> known = lastRead.get(status);
            if (known == null) {
                throw failed("list the " + name(status) + " keys", e);
            }
            if (!away) {
                away = true;
                System.getLogger(ClusterKeys.class.getName()).log(System.Logger.Level.WARNING, "the cluster's "
                        + "database does not answer (" + e.getMessage() + "); minion keys as last read meanwhile");
            }
            return new ArrayList<>(known);
        }
        away = false;
        ids.sort(null); // Java's order, as KeyDirectory's, not the database's collation
        lastRead.put(status, List.copyOf(ids));
        if (changes.get() == before) {
            listings.put(status, List.copyOf(ids));
        }
        return ids;
    }

    @Override
    public Optional<KeyStatus> statusOf(String id) {
        MinionId.requireValid(id);
        KeyStatus found = null;
        try (Connection c = db.getConnection();
                PreparedStatement q = c.prepareStatement("SELECT status FROM minion_keys WHERE minion_id = ?")) {
            q.setString(1, id);
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    KeyStatus s = KeyStatus.valueOf(r.getString(1).toUpperCase(Locale.ROOT));
                    if (found == null || s.ordinal() < found.ordinal()) {
                        found = s; // accepted first, as KeyDirectory
                    }
                }
            }
        } catch (SQLException e) {
            throw failed("read the status of " + id, e);
        }
        return Optional.ofNullable(found);
    }

    @Override
    public Optional<byte[]> publicKey(KeyStatus status, String id) {
        MinionId.requireValid(id);
        try (Connection c = db.getConnection(); PreparedStatement q = c.prepareStatement(
                "SELECT public_key FROM minion_keys WHERE minion_id = ? AND status = ?")) {
            q.setString(1, id);
            q.setString(2, name(status));
            try (ResultSet r = q.executeQuery()) {
                return r.next() ? Optional.of(r.getBytes(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw failed("read the key of " + id, e);
        }
    }

    @Override
    public void put(KeyStatus status, String id, byte[] publicKey) {
        MinionId.requireValid(id);
        change(id, "file the key of " + id, c -> {
            try (PreparedStatement u = c.prepareStatement("INSERT INTO minion_keys (minion_id, status, public_key) "
                    + "VALUES (?, ?, ?) ON CONFLICT (minion_id, status) DO UPDATE SET public_key = EXCLUDED.public_key, "
                    + "filed_at = now()")) {
                u.setString(1, id);
                u.setString(2, name(status));
                u.setBytes(3, publicKey);
                return u.executeUpdate() > 0;
            }
        });
    }

    @Override
    public boolean move(String id, KeyStatus from, KeyStatus to) {
        MinionId.requireValid(id);
        if (from == to) {
            return publicKey(from, id).isPresent();
        }
        return change(id, "move the key of " + id, c -> {
            try (PreparedStatement clear = c.prepareStatement(
                    "DELETE FROM minion_keys WHERE minion_id = ? AND status = ? AND EXISTS (SELECT 1 FROM minion_keys "
                            + "WHERE minion_id = ? AND status = ?)");
                    PreparedStatement m = c.prepareStatement(
                            "UPDATE minion_keys SET status = ?, filed_at = now() WHERE minion_id = ? AND status = ?")) {
                clear.setString(1, id);
                clear.setString(2, name(to));
                clear.setString(3, id);
                clear.setString(4, name(from));
                clear.executeUpdate();
                m.setString(1, name(to));
                m.setString(2, id);
                m.setString(3, name(from));
                return m.executeUpdate() > 0;
            }
        });
    }

    @Override
    public boolean delete(String id) {
        MinionId.requireValid(id);
        return change(id, "delete the key of " + id, c -> {
            try (PreparedStatement d = c.prepareStatement("DELETE FROM minion_keys WHERE minion_id = ?")) {
                d.setString(1, id);
                return d.executeUpdate() > 0;
            }
        });
    }

    @Override
    public boolean remove(KeyStatus status, String id) {
        MinionId.requireValid(id);
        return change(id, "remove the key of " + id, c -> {
            try (PreparedStatement d = c.prepareStatement(
                    "DELETE FROM minion_keys WHERE minion_id = ? AND status = ?")) {
                d.setString(1, id);
                d.setString(2, name(status));
                return d.executeUpdate() > 0;
            }
        });
    }

    @FunctionalInterface
    private interface Change {
        boolean apply(Connection c) throws SQLException;
    }

    /**
     * Runs {@code change} in a transaction that, when it changed something, also announces {@code id} on
     * {@link #CHANNEL}: PostgreSQL delivers the notice at commit, and not at all on rollback.
     */
    private boolean change(String id, String what, Change change) {
        try (Connection c = db.getConnection()) {
            boolean changed = Transactions.run(c, t -> {
                boolean any = change.apply(t);
                if (any) {
                    try (PreparedStatement n = t.prepareStatement("SELECT pg_notify(?, ?)")) {
                        n.setString(1, CHANNEL);
                        n.setString(2, id);
                        n.execute();
                    }
                }
                return any;
            });
            if (changed) {
                changed(id);
            }
            return changed;
        } catch (SQLException e) {
            throw failed(what, e);
        }
    }

    private static String name(KeyStatus s) {
        return s.name().toLowerCase(Locale.ROOT);
    }

    /** As {@link KeyDirectory} fails on a disk that refuses: unchecked, saying what could not be done. */
    private static UncheckedIOException failed(String what, SQLException e) {
        return new UncheckedIOException("cannot " + what + " in the cluster's database: " + e.getMessage(),
                new IOException(e));
    }
}
