package io.brine.master;

import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobState;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A job listing as the database will give it once the records waiting to be written ({@link PendingRecords}) land:
 * the database's rows, with those the waiting records change or add, every filter applied to both alike. Only
 * what may change a row's place in the listing is read again, one jid at a time: a delivery cancelled or added
 * (the {@code queued} filter), and the returns already written of the jobs finally listed.
 */
final class PendingListing {
    /** A row of the listing before its returns are counted: the database's row (may be null), what waits. */
    private record Candidate(JobOverview stored, PendingRecords.Pending waiting, JobOverview columns) {
    }

    private PendingListing() {
    }

    /** Jobs matching {@code f} (among {@code onlyJids}, when not null), newest first, {@code waiting} included. */
    static List<JobOverview> recent(Connection c, CacheDialect d, JobFilter f, Collection<String> onlyJids,
            TreeMap<String, PendingRecords.Pending> waiting) throws SQLException {
        if (waiting.isEmpty()) {
            return CacheQueries.recent(c, d, f, onlyJids, f.limit());
        }
        long now = System.currentTimeMillis();
        // Only a cancelled delivery drops a row the database lists (the queued filter): read as many more rows.
        long droppable = f.queued() ? waiting.values().stream().filter(p -> !p.queued().isEmpty()).count() : 0;
        int asked = (int) Math.min(Integer.MAX_VALUE - 1, f.limit() + droppable);
        List<JobOverview> stored = CacheQueries.recent(c, d, f, onlyJids, asked);
        Map<String, JobOverview> storedByJid = new HashMap<>();
        TreeMap<String, Candidate> out = new TreeMap<>(java.util.Comparator.reverseOrder());
        for (JobOverview s : stored) {
            storedByJid.put(s.jid(), s);
            if (!waiting.containsKey(s.jid())) {
                out.put(s.jid(), new Candidate(s, null, s));
            }
        }
        // A jid below the last row read, the database not listing it, stays below `limit` rows whatever waits.
        String lowest = stored.size() < asked ? null : stored.get(stored.size() - 1).jid();
        for (Map.Entry<String, PendingRecords.Pending> e : waiting.entrySet()) {
            String jid = e.getKey();
            JobOverview s = storedByJid.get(jid);
            if (s == null && lowest != null && jid.compareTo(lowest) < 0) {
                break; // newest first: every later one is lower still
            }
            Candidate candidate = candidate(c, d, f, jid, e.getValue(), s, now);
            if (candidate != null && admits(f, candidate.columns())) {
                out.put(jid, candidate);
            }
        }
        List<JobOverview> listed = new ArrayList<>();
        for (Candidate candidate : out.values()) {
            if (listed.size() == f.limit()) {
                break;
            }
            listed.add(counted(c, d, candidate));
        }
        return listed;
    }

    /**
     * {@code jid} as the listing will show it, or null when it cannot match: the database did not list it (it
     * matched nothing there, or is not there yet) and nothing waiting can make it match.
     */
    private static Candidate candidate(Connection c, CacheDialect d, JobFilter f, String jid,
            PendingRecords.Pending p, JobOverview s, long now) throws SQLException {
        JobOverview stored = s;
        if (stored == null && p.job() == null) {
            // its job row is the database's, so are the columns it failed to match; only a delivery added may count
            if (!f.queued() || p.queued().values().stream().noneMatch(until -> until > now)) {
                return null;
            }
            stored = CacheQueries.overview(c, d, jid).orElse(null);
            if (stored == null) {
                return null;
            }
        }
        if (f.queued()) {
            boolean queued = p.queued().isEmpty() ? s != null // the database listed it: queued there
                    : p.queuedAt(CacheQueries.queued(c, jid), now);
            if (!queued) {
                return null;
            }
        }
        return new Candidate(stored, p, p.job() != null ? columns(p.job(), stored) : stored);
    }

    /** A waiting job row's columns; the returns are counted once the row is listed ({@link #counted}). */
    private static JobOverview columns(JobState job, JobOverview stored) {
        return new JobOverview(job.jid(), job.function(), job.target(), job.targetType(), job.caller(),
                job.startTime(), job.expected().size(), stored == null ? 0 : stored.returnedCount());
    }

    /** The candidate with its returns counted: those written, and those waiting that no written one precedes. */
    private static JobOverview counted(Connection c, CacheDialect d, Candidate candidate) throws SQLException {
        PendingRecords.Pending p = candidate.waiting();
        JobOverview row = candidate.columns();
        if (p == null || candidate.stored() != null && p.returns().isEmpty()) {
            return row;
        }
        // both counts read now: a waiting return written since the listing began counts once
        long[] counts = CacheQueries.returnCounts(c, d, row.jid(), p.returns().keySet());
        long returned = counts[0] + p.returns().size() - counts[1];
        return new JobOverview(row.jid(), row.function(), row.target(), row.targetType(), row.caller(),
                row.startTime(), row.expectedCount(), (int) Math.min(Integer.MAX_VALUE, returned));
    }

    /** The listing's filters but {@code queued} (decided with the deliveries) and the jids (decided by the caller). */
    private static boolean admits(JobFilter f, JobOverview s) {
        return s.startTime().toEpochMilli() >= f.sinceMillis() && (f.function() == null || f.function().equals(s.function()))
                && (f.target() == null || f.target().equals(s.target()))
                && (f.caller() == null || CallerPattern.matches(f.caller(), s.caller()));
    }
}
