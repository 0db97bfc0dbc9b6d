package io.brine.master;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The mine's table in the job cache's database: one row per minion and mine function, its last value as JSON,
 * replaced by each update ({@code mine(minion, fun, value, updated_ms)}, {@link CacheSchema}). Written on the
 * writer's connection between two of its batches, each update one transaction; read on a reader's.
 */
final class MineTable {
    /** The most mine functions one minion keeps: its updates name them, so they must not grow the table for ever. */
    static final int MAX_FUNCTIONS = 256;

    private MineTable() {
    }

    /** Applies one minion's update: {@code flush} first, then the deletions, then the values set. */
    static int update(Connection c, CacheDialect dialect, String minion, Map<String, Object> set,
            List<String> delete, boolean flush, long nowMillis) throws SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            if (flush) {
                forget(c, minion);
            }
            try (PreparedStatement drop = c.prepareStatement("DELETE FROM mine WHERE minion = ? AND fun = ?")) {
                for (String fun : delete) {
                    drop.setString(1, minion);
                    drop.setString(2, fun);
                    drop.executeUpdate();
                }
            }
            try (PreparedStatement put = c.prepareStatement(dialect.upsertMine())) {
                for (Map.Entry<String, Object> e : set.entrySet()) {
                    put.setString(1, minion);
                    put.setString(2, e.getKey());
                    put.setString(3, CacheJson.json(e.getValue()));
                    put.setLong(4, nowMillis);
                    put.executeUpdate();
                }
            }
            int held = count(c, minion);
            if (held > MAX_FUNCTIONS) {
                throw new MineFullException(minion + " would hold " + held + " mine functions, more than "
                        + MAX_FUNCTIONS + "; nothing of this update was stored");
            }
            c.commit();
            return set.size();
        } catch (SQLException | JsonProcessingException | RuntimeException e) {
            c.rollback();
            throw e instanceof SQLException sql ? sql : new SQLException(e.getMessage(), e);
        } finally {
            c.setAutoCommit(auto);
        }
    }

    /** An update refused because its minion would hold too many functions; nothing of it is stored. */
    static final class MineFullException extends SQLException {
        MineFullException(String message) {
            super(message);
        }
    }

    private static int count(Connection c, String minion) throws SQLException {
        try (PreparedStatement read = c.prepareStatement("SELECT COUNT(*) FROM mine WHERE minion = ?")) {
            read.setString(1, minion);
            try (ResultSet rs = read.executeQuery()) {
                return rs.next() ? rs.getInt(1) : 0;
            }
        }
    }

    /** Drops every mine entry of {@code minion} (its key was deleted, or it flushed its mine). */
    static int forget(Connection c, String minion) throws SQLException {
        try (PreparedStatement drop = c.prepareStatement("DELETE FROM mine WHERE minion = ?")) {
            drop.setString(1, minion);
            return drop.executeUpdate();
        }
    }

    /** Drops the entries of every minion not among {@code kept} (keys deleted while no master was running). */
    static int keepOnly(Connection c, CacheDialect dialect, Collection<String> kept) throws SQLException {
        try (PreparedStatement drop = c.prepareStatement(
                "DELETE FROM mine WHERE minion NOT IN (" + dialect.idsOf() + ")")) {
            drop.setString(1, idsJson(kept));
            return drop.executeUpdate();
        }
    }

    /** {@code fun}'s value on every minion that has one, by minion id. */
    static Map<String, Object> values(Connection c, String fun) throws SQLException, JsonProcessingException {
        Map<String, Object> values = new TreeMap<>();
        try (PreparedStatement read = c.prepareStatement("SELECT minion, value FROM mine WHERE fun = ?")) {
            read.setString(1, fun);
            try (ResultSet rs = read.executeQuery()) {
                while (rs.next()) {
                    values.put(rs.getString(1), CacheJson.parseValue(rs.getString(2)));
                }
            }
        }
        return values;
    }

    /** The functions {@code minion} has mine entries for. */
    static List<String> functions(Connection c, String minion) throws SQLException {
        List<String> funs = new java.util.ArrayList<>();
        try (PreparedStatement read = c.prepareStatement("SELECT fun FROM mine WHERE minion = ? ORDER BY fun")) {
            read.setString(1, minion);
            try (ResultSet rs = read.executeQuery()) {
                while (rs.next()) {
                    funs.add(rs.getString(1));
                }
            }
        }
        return funs;
    }

    private static String idsJson(Collection<String> ids) throws SQLException {
        try {
            return CacheJson.json(List.copyOf(ids));
        } catch (JsonProcessingException e) {
            throw new SQLException("ids as JSON: " + e.getMessage(), e);
        }
    }
}
