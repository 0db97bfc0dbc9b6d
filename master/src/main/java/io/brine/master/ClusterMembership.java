package io.brine.master;

import io.brine.config.ConfigException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * This master's place in its cluster: it holds the cluster's key (the first master to start records its key's
 * fingerprint in {@code cluster_identity}; a master with another key is refused, since minions pin one), and its row
 * in {@code cluster_masters} says where it listens and when it was last alive ({@link #alive}, every second),
 * so that the others know which masters are up. A master that stops cleanly takes its row away.
 */
final class ClusterMembership implements AutoCloseable {
    private final DataSource db;
    private final String masterId;

    private ClusterMembership(DataSource db, String masterId) {
        this.db = db;
        this.masterId = masterId;
    }

    /**
     * Joins the cluster as {@code masterId}, listening on {@code address}, holding the key of {@code fingerprint}.
     *
     * @throws ConfigException when the cluster's masters hold another key, naming both fingerprints
     */
    static ClusterMembership join(DataSource db, String masterId, String address, String fingerprint) {
        try (Connection c = db.getConnection()) {
            try (PreparedStatement first = c.prepareStatement("INSERT INTO cluster_identity (master_fingerprint) "
                    + "VALUES (?) ON CONFLICT (singleton) DO NOTHING")) {
                first.setString(1, fingerprint);
                first.executeUpdate();
            }
            String clusters;
            try (PreparedStatement q = c.prepareStatement("SELECT master_fingerprint FROM cluster_identity");
                    ResultSet r = q.executeQuery()) {
                r.next();
                clusters = r.getString(1);
            }
            if (!clusters.equals(fingerprint)) {
                throw new ConfigException("cluster: this master's key (" + fingerprint + ") is not the cluster's ("
                        + clusters + "), which its minions pin: copy master.pem from a master of the cluster into "
                        + "this master's pki_dir");
            }
            try (PreparedStatement u = c.prepareStatement("INSERT INTO cluster_masters (master_id, address, "
                    + "started_at, seen_at) VALUES (?, ?, now(), now()) ON CONFLICT (master_id) DO UPDATE SET "
                    + "address = EXCLUDED.address, started_at = now(), seen_at = now()")) {
                u.setString(1, masterId);
                u.setString(2, address);
                u.executeUpdate();
            }
        } catch (SQLException e) {
            throw new ConfigException("cluster: cannot join the cluster as " + masterId + ": " + e.getMessage());
        }
        return new ClusterMembership(db, masterId);
    }

    /**
     * A name for this run of a master among the cluster's: the host's name and a random part, since several masters
     * may share a host (and a process, in tests) and a master's port may be chosen when it binds.
     */
    static String newId() {
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            host = "localhost";
        }
        return host + "/" + java.util.UUID.randomUUID().toString().substring(0, 8);
    }

    String masterId() {
        return masterId;
    }

    /** Says this master is alive; a database that cannot be reached now is said by the caller's log. */
    void alive() {
        try (Connection c = db.getConnection(); PreparedStatement u = c.prepareStatement(
                "UPDATE cluster_masters SET seen_at = now() WHERE master_id = ?")) {
            u.setString(1, masterId);
            u.executeUpdate();
        } catch (SQLException e) {
            throw new UncheckedIOException("cannot reach the cluster's database: " + e.getMessage(), new IOException(e));
        }
    }

    /** Leaves the cluster: this master's row goes, so the others stop routing to it at once. */
    @Override
    public void close() {
        try (Connection c = db.getConnection(); PreparedStatement d = c.prepareStatement(
                "DELETE FROM cluster_masters WHERE master_id = ?")) {
            d.setString(1, masterId);
            d.executeUpdate();
        } catch (SQLException e) {
            // the row ages out: the others see it not alive
        }
    }
}
