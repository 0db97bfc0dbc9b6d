package io.brine.master;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.master.internal.Transactions;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Minions' grains in a cluster's database ({@code minion_grains}), so that a master targets by the grains of minions
 * connected to another. Each report is announced on {@value #CHANNEL} with the minion's id, in its transaction: the
 * other masters forget what they held in memory for it ({@link MinionFactsCache#forget}) and read it again when next
 * needed.
 */
final class ClusterGrains implements GrainsStore {
    private static final Logger LOG = System.getLogger(ClusterGrains.class.getName());
    static final String CHANNEL = "brine_grains";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() { };

    private final DataSource db;

    ClusterGrains(DataSource db) {
        this.db = db;
    }

    @Override
    public void store(String id, Map<String, Object> grains) {
        try (Connection c = db.getConnection()) {
            String json = JSON.writeValueAsString(grains);
            Transactions.run(c, t -> {
                try (PreparedStatement u = t.prepareStatement("INSERT INTO minion_grains (minion_id, grains) VALUES "
                        + "(?, ?::json) ON CONFLICT (minion_id) DO UPDATE SET grains = EXCLUDED.grains, "
                        + "reported_at = now()"); PreparedStatement n = t.prepareStatement(
                                "SELECT pg_notify('" + CHANNEL + "', ?)")) {
                    u.setString(1, id);
                    u.setString(2, json);
                    u.executeUpdate();
                    n.setString(1, id);
                    n.execute();
                }
                return null;
            });
        } catch (SQLException | IOException e) {
            LOG.log(Level.WARNING, "cannot store the grains of " + id + " in the cluster's database: " + e.getMessage());
        }
    }

    @Override
    public Map<String, Object> read(String id) {
        try (Connection c = db.getConnection(); PreparedStatement q = c.prepareStatement(
                "SELECT grains FROM minion_grains WHERE minion_id = ?")) {
            q.setString(1, id);
            try (ResultSet r = q.executeQuery()) {
                return r.next() ? JSON.readValue(r.getString(1), MAP) : null;
            }
        } catch (SQLException | IOException e) {
            LOG.log(Level.WARNING, "cannot read the grains of " + id + " from the cluster's database: "
                    + e.getMessage());
            return null;
        }
    }
}
