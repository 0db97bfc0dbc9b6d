package io.brine.master;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobState;
import io.brine.jobs.MinionResult;
import io.brine.targeting.TargetType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads jobs back out of the cache tables described in {@link CacheSchema}; the few expressions that differ between
 * databases come from their {@link CacheDialect}.
 */
final class CacheQueries {
    private static final TypeReference<List<Object>> LIST = new TypeReference<>() { };
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() { };
    private static final TypeReference<List<String>> IDS = new TypeReference<>() { };

    private CacheQueries() {
    }

    static Optional<JobState> job(Connection c, String jid) throws SQLException, JsonProcessingException {
        try (PreparedStatement p = c.prepareStatement("SELECT function, args, kwargs, target, tgt_type, caller, "
                + "start_ms, timeout_ms, expected, unreachable, unknown, queue_until_ms, disconnected, killed FROM jobs "
                + "WHERE jid = ?")) {
            p.setString(1, jid);
            try (ResultSet rs = p.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                long queueUntil = rs.getLong(12); // 0: not queued
                return Optional.of(new JobState(jid, rs.getString(1), CacheJson.parse(rs.getString(2), LIST),
                        CacheJson.parse(rs.getString(3), MAP), rs.getString(4), TargetType.parse(rs.getString(5)),
                        rs.getString(6), Instant.ofEpochMilli(rs.getLong(7)), Duration.ofMillis(rs.getLong(8)),
                        CacheJson.parse(rs.getString(9), IDS), CacheJson.parse(rs.getString(10), IDS), acks(c, jid),
                        returns(c, jid), CacheJson.parse(rs.getString(11), IDS),
                        queueUntil > 0 ? Instant.ofEpochMilli(queueUntil) : null,
                        CacheJson.parse(rs.getString(13), IDS), CacheJson.parse(rs.getString(14), IDS)));
            }
        }
    }

    /**
     * A job's fixed facts (caller, start, expected ids), or empty when the database has no such job; a job expecting
     * more than {@code maxIds} minions comes without its ids (null), which are then searched by the database for
     * each return ({@link #lateJob}) rather than parsed and held.
     */
    static Optional<LateJobFacts.Facts> lateJobFacts(Connection c, CacheDialect d, String jid, int maxIds)
            throws SQLException, JsonProcessingException {
        try (PreparedStatement p = c.prepareStatement("SELECT caller, start_ms, CASE WHEN " + d.expectedCount()
                + " <= ? THEN expected END FROM jobs j WHERE jid = ?")) {
            p.setInt(1, maxIds);
            p.setString(2, jid);
            try (ResultSet rs = p.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                String ids = rs.getString(3);
                return Optional.of(new LateJobFacts.Facts(rs.getString(1), rs.getLong(2),
                        ids == null ? null : java.util.Set.copyOf(CacheJson.parse(ids, IDS))));
            }
        }
    }

    /** The job's caller, start, and whether it expects and has a return from {@code minion}; empty if unknown. */
    static Optional<JobCache.LateJob> lateJob(Connection c, CacheDialect d, String jid, String minion)
            throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT caller, start_ms, " + d.expects() + ", EXISTS (SELECT "
                + "1 FROM returns WHERE jid = ? AND minion = ?) FROM jobs WHERE jid = ?")) {
            p.setString(1, minion);
            p.setString(2, jid);
            p.setString(3, minion);
            p.setString(4, jid);
            try (ResultSet rs = p.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new JobCache.LateJob(rs.getString(1), rs.getLong(2), rs.getBoolean(3),
                        rs.getBoolean(4)));
            }
        }
    }

    /**
     * Whether the database still holds the job (another master of a cluster may have pruned it) and a return of
     * {@code minion} for it: two primary-key lookups, {@code [job, return]}.
     */
    static boolean[] jobAndReturn(Connection c, String jid, String minion) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT EXISTS (SELECT 1 FROM jobs WHERE jid = ?), "
                + "EXISTS (SELECT 1 FROM returns WHERE jid = ? AND minion = ?)")) {
            p.setString(1, jid);
            p.setString(2, jid);
            p.setString(3, minion);
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                return new boolean[] {rs.getBoolean(1), rs.getBoolean(2)};
            }
        }
    }

    private static List<String> acks(Connection c, String jid) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT minion FROM acks WHERE jid = ? ORDER BY minion")) {
            p.setString(1, jid);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    private static Map<String, MinionResult> returns(Connection c, String jid) throws SQLException,
            JsonProcessingException {
        Map<String, MinionResult> out = new LinkedHashMap<>();
        try (PreparedStatement p = c.prepareStatement("SELECT minion, success, retcode, ret, start_ms, end_ms "
                + "FROM returns WHERE jid = ? ORDER BY minion")) {
            p.setString(1, jid);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), new MinionResult(CacheJson.parseValue(rs.getString(4)), rs.getInt(3),
                            rs.getBoolean(2), Instant.ofEpochMilli(rs.getLong(5)),
                            Instant.ofEpochMilli(rs.getLong(6))));
                }
            }
        }
        return out;
    }

    /** Jobs matching {@code f} (among {@code onlyJids}, when not null), newest first: at most {@code limit}. */
    static List<JobOverview> recent(Connection c, CacheDialect d, JobFilter f, java.util.Collection<String> onlyJids,
            int limit) throws SQLException {
        StringBuilder where = new StringBuilder(" WHERE j.start_ms >= ?");
        List<String> values = new ArrayList<>();
        for (String[] column : new String[][] {{"function", f.function()}, {"target", f.target()}}) {
            if (column[1] != null) {
                where.append(" AND j.").append(column[0]).append(" = ?");
                values.add(column[1]);
            }
        }
        if (f.caller() != null && CallerPattern.isGlob(f.caller())) {
            where.append(" AND j.caller LIKE ? ESCAPE '\\'");
            values.add(CallerPattern.like(f.caller()));
        } else if (f.caller() != null) {
            where.append(" AND j.caller = ?");
            values.add(f.caller());
        }
        if (f.queued()) {
            // still waiting: an expired delivery is only removed when its minion next connects
            where.append(" AND j.jid IN (SELECT q.jid FROM queued q WHERE q.until_ms > ")
                    .append(System.currentTimeMillis()).append(")");
        }
        if (onlyJids != null) {
            // jids are generated here (20 digits), checked again so that nothing else reaches the SQL text
            where.append(" AND j.jid IN (").append(onlyJids.stream().filter(io.brine.protocol.Jid::isValid)
                    .map(j -> "'" + j + "'").collect(java.util.stream.Collectors.joining(","))).append(")");
        }
        List<JobOverview> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement(overview(d) + where + " ORDER BY j.jid DESC LIMIT ?")) {
            int i = 1;
            p.setLong(i++, f.sinceMillis());
            for (String v : values) {
                p.setString(i++, v);
            }
            p.setInt(i, limit);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    out.add(overview(rs));
                }
            }
        }
        return out;
    }

    private static String overview(CacheDialect d) {
        return "SELECT j.jid, j.function, j.target, j.tgt_type, j.caller, j.start_ms, " + d.expectedCount()
                + ", (SELECT count(*) FROM returns r WHERE r.jid = j.jid) FROM jobs j";
    }

    private static JobOverview overview(ResultSet rs) throws SQLException {
        return new JobOverview(rs.getString(1), rs.getString(2), rs.getString(3), TargetType.parse(rs.getString(4)),
                rs.getString(5), Instant.ofEpochMilli(rs.getLong(6)), rs.getInt(7), rs.getInt(8));
    }

    /** One job's line of a listing, whatever the filters; empty if the cache has no such job. */
    static Optional<JobOverview> overview(Connection c, CacheDialect d, String jid) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(overview(d) + " WHERE j.jid = ?")) {
            p.setString(1, jid);
            try (ResultSet rs = p.executeQuery()) {
                return rs.next() ? Optional.of(overview(rs)) : Optional.empty();
            }
        }
    }

    /** One job's deliveries waiting for minions that are away: until when, by minion. */
    static Map<String, Long> queued(Connection c, String jid) throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        try (PreparedStatement p = c.prepareStatement("SELECT minion, until_ms FROM queued WHERE jid = ?")) {
            p.setString(1, jid);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getLong(2));
                }
            }
        }
        return out;
    }

    /** How many returns of {@code jid} are written, and how many of those are {@code minions}'. */
    static long[] returnCounts(Connection c, CacheDialect d, String jid, java.util.Collection<String> minions)
            throws SQLException {
        String ids;
        try {
            ids = CacheJson.json(minions);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("minion ids as JSON", e); // a list of strings always is JSON
        }
        try (PreparedStatement p = c.prepareStatement("SELECT count(*), count(CASE WHEN minion IN (" + d.idsOf()
                + ") THEN 1 END) FROM returns WHERE jid = ?")) {
            p.setString(1, ids);
            p.setString(2, jid);
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                return new long[] {rs.getLong(1), rs.getLong(2)};
            }
        }
    }
}
