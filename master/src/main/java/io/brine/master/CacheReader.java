package io.brine.master;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobState;
import java.lang.System.Logger.Level;
import java.lang.System.Logger;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads the job cache on a reader's connection, beside the writer: what the database holds ({@link CacheQueries})
 * with the records waiting to be written laid over it ({@link PendingRecords}), so that a job is found as it will be
 * once written. The caller decides whether to let the writer catch up first, and reads one at a time (the
 * {@link JobCache}'s lock). What other masters wrote to a shared database is read as this one's.
 */
final class CacheReader {
    /** Logged as the job cache's, where an operator looks for it. */
    private static final Logger LOG = System.getLogger(JobCache.class.getName());

    private final CacheDatabase database;
    private final CacheDialect dialect;
    private final PendingRecords pending;
    private final LateJobFacts facts = new LateJobFacts(LateJobFacts.DEFAULT_MAX_IDS);

    CacheReader(CacheDatabase database, PendingRecords pending) {
        this.database = database;
        this.dialect = database.dialect();
        this.pending = pending;
    }

    /** Jobs were pruned: facts remembered of them must not make their late returns look wanted. */
    void pruned() {
        facts.clear();
    }

    /** The job as recorded, written or not. */
    Optional<JobState> find(String jid) {
        try {
            Optional<PendingRecords.Pending> waiting = pending.of(jid); // before the database: see PendingRecords
            Optional<JobState> stored = database.read(c -> CacheQueries.job(c, jid));
            return waiting.isEmpty() ? stored : waiting.get().over(stored);
        } catch (SQLException | JsonProcessingException e) {
            throw new IllegalStateException("cannot read job " + jid + " from the cache: " + e.getMessage(), e);
        }
    }

    /** Jobs matching {@code filter} (among {@code onlyJids}, when not null), those waiting to be written included. */
    List<JobOverview> recent(JobFilter filter, Collection<String> onlyJids) {
        try {
            TreeMap<String, PendingRecords.Pending> waiting = pending.all(onlyJids);
            return database.read(c -> PendingListing.recent(c, dialect, filter, onlyJids, waiting));
        } catch (SQLException | JsonProcessingException e) {
            throw new IllegalStateException("cannot list jobs: " + e.getMessage(), e);
        }
    }

    /** What a late return of {@code minion} learns of {@code jid}: see {@link JobCache#lateJob}. */
    Optional<JobCache.LateJob> lateJob(String jid, String minion) {
        try {
            Optional<PendingRecords.Pending> waiting = pending.of(jid); // before the database: see PendingRecords
            // while a record of the job waits to be written, the row read may be older than it: not remembered
            Optional<JobCache.LateJob> stored = storedLateJob(jid, minion, waiting.isEmpty());
            return waiting.isEmpty() ? stored : waiting.get().over(stored, minion);
        } catch (SQLException | JsonProcessingException e) {
            throw new IllegalStateException("cannot read job " + jid + " from the cache: " + e.getMessage(), e);
        }
    }

    private Optional<JobCache.LateJob> storedLateJob(String jid, String minion, boolean remember)
            throws SQLException, JsonProcessingException {
        LateJobFacts.Facts job = facts.get(jid);
        if (job == null) {
            Optional<LateJobFacts.Facts> read = database.read(c -> CacheQueries.lateJobFacts(c, dialect, jid,
                    LateJobFacts.DEFAULT_MAX_IDS));
            if (read.isEmpty()) {
                return Optional.empty();
            }
            job = read.get();
            if (job.expected() == null) {
                // too many ids to hold: searched by the database, as before the facts were remembered
                return database.read(c -> CacheQueries.lateJob(c, dialect, jid, minion));
            }
            if (remember) {
                facts.put(jid, job);
            }
        }
        boolean[] held = database.read(c -> CacheQueries.jobAndReturn(c, jid, minion));
        if (!held[0]) {
            facts.forget(jid); // pruned meanwhile, perhaps by another master of a cluster
            return Optional.empty();
        }
        return Optional.of(new JobCache.LateJob(job.caller(), job.startMillis(), job.expected().contains(minion),
                held[1]));
    }

    /** {@code jid}'s record changes (an orphan's expected ids widen): what was remembered of it is read again. */
    void changed(String jid) {
        facts.forget(jid);
    }

    /** Deliveries written as still waiting, oldest first: (jid, minion, until_ms). */
    List<Object[]> queued() {
        return queuedWhere(null);
    }

    /** The same for one minion. */
    List<Object[]> queuedFor(String minion) {
        return queuedWhere(minion);
    }

    private List<Object[]> queuedWhere(String minion) {
        List<Object[]> out = new ArrayList<>();
        try {
            database.read(c -> {
                try (PreparedStatement s = c.prepareStatement("SELECT jid, minion, until_ms FROM queued"
                        + (minion == null ? "" : " WHERE minion = ?") + " ORDER BY jid")) {
                    if (minion != null) {
                        s.setString(1, minion);
                    }
                    try (ResultSet rs = s.executeQuery()) {
                        while (rs.next()) {
                            out.add(new Object[] {rs.getString(1), rs.getString(2), rs.getLong(3)});
                        }
                    }
                }
                return out;
            });
        } catch (SQLException | JsonProcessingException e) {
            LOG.log(Level.WARNING, "reading queued deliveries failed: " + e.getMessage());
        }
        return out;
    }
}
