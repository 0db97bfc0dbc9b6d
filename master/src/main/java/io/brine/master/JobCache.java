package io.brine.master;

import io.brine.jobs.JobFilter;
import io.brine.jobs.JobOverview;
import io.brine.jobs.JobState;
import io.brine.jobs.MinionResult;
import java.lang.System.Logger.Level;
import java.lang.System.Logger;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/**
 * The durable job cache, what the master knows of jobs past and present: in one SQLite file,
 * {@code cachedir/jobs.sqlite} ({@link CacheFile}, its tables and migrations in {@link CacheSchema}), or in the
 * PostgreSQL database the masters of a cluster share ({@link ClusterCacheTables}, migrated with the cluster's
 * schema), each behind {@link CacheDatabase} and speaking its {@link CacheDialect}. The rest is one over either, in
 * pieces with one job each: one writer thread that batches records into transactions ({@link CacheWriter},
 * {@link CacheBatch}) and counts what waits ({@link CacheBacklog}), what waits for a return's commit
 * ({@link ReturnCommits}), reads with the records not yet written laid over the database ({@link CacheReader}), and
 * retention ({@link CachePruning}). Reads and pruning take turns on this cache's lock.
 */
final class JobCache implements AutoCloseable {
    private static final Logger LOG = System.getLogger(JobCache.class.getName());
    /**
     * How long the writer gathers records before committing them. Without the wait a master answering one quick
     * job after another woke its writer and committed twice per job: a third of a core on a 2-core machine,
     * taken from the threads carrying the jobs, so that one call in ten waited a scheduler tick (4 ms) for a
     * processor. A flush (every read flushes first) and close do not wait: they wake the writer at once.
     */
    static final long GATHER_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    /** While the cache fails, the most records kept waiting before new jobs are refused. */
    static final long MAX_BACKLOG = 100_000;
    /** While the cache fails, the most bytes of records ({@link ApproximateSize}) kept before new jobs are refused. */
    static final long MAX_BACKLOG_BYTES = 256L << 20;

    private final CacheDatabase database;
    private final CacheBacklog backlog = new CacheBacklog();
    private final ReturnCommits returns = new ReturnCommits();
    private final CacheBatch batches;
    private final CacheWriter writer;
    private final CacheReader reader;
    private final CachePruning pruning;

    private JobCache(CacheDatabase database, ThreadFactory threads, LongConsumer written) {
        // The records not on disk yet, by jid, for readers: the rows of the writer's queue and of its failed batch.
        PendingRecords pending = new PendingRecords();
        this.database = database;
        this.batches = new CacheBatch(database.dialect(), pending, returns);
        this.writer = new CacheWriter(database, pending, backlog, batches, threads, written);
        this.reader = new CacheReader(database, pending);
        this.pruning = new CachePruning(writer, database.dialect());
    }

    /** A job cache whose writer thread is called {@code brine-job-cache} (tests of the cache alone). */
    static JobCache open(Path cacheDir) {
        return open(cacheDir, r -> new Thread(r, "brine-job-cache"));
    }

    /**
     * A job cache whose statements wait only {@code busyTimeout} for another process's lock (tests of a locked
     * file, which need not wait out the default three seconds on every try).
     */
    static JobCache open(Path cacheDir, Duration busyTimeout) {
        return new JobCache(CacheFile.open(cacheDir, busyTimeout), r -> new Thread(r, "brine-job-cache"), nanos -> { });
    }

    /** Opens (or creates) the job cache in {@code cacheDir}; its writer thread comes from {@code threads}. */
    static JobCache open(Path cacheDir, ThreadFactory threads) {
        return open(cacheDir, threads, nanos -> { });
    }

    /** As above; {@code written} is told how long each committed batch took, in nanoseconds. */
    static JobCache open(Path cacheDir, ThreadFactory threads, LongConsumer written) {
        return new JobCache(CacheFile.open(cacheDir), threads, written);
    }

    /**
     * The job cache in the cluster's database {@code db} (its tables made by {@link ClusterDatabase#open}), shared
     * with the other masters: what one writes, every one reads. {@code db} stays open when the cache closes.
     */
    static JobCache open(ClusterDatabase db, ThreadFactory threads, LongConsumer written) {
        return new JobCache(new ClusterCacheTables(db.dataSource()), threads, written);
    }

    void recordJob(JobState job) {
        reader.changed(job.jid());
        writer.enqueue(new CacheRow.JobRow(job));
    }

    void recordAck(String jid, String minion) {
        writer.enqueue(new CacheRow.AckRow(jid, minion));
    }

    /** Keeps a delivery of {@code jid} to {@code minion} until {@code untilMillis}, across restarts. */
    void recordQueued(String jid, String minion, long untilMillis) {
        writer.enqueue(new CacheRow.QueuedRow(jid, minion, untilMillis));
    }

    /** The delivery is done (the minion acknowledged or returned), cancelled or expired. */
    void forgetQueued(String jid, String minion) {
        writer.enqueue(new CacheRow.QueuedRow(jid, minion, 0));
    }

    /** Deliveries still waiting, oldest first: (jid, minion, until_ms). */
    synchronized List<Object[]> queued() {
        flush();
        return reader.queued();
    }

    /**
     * The deliveries to {@code minion} written as still waiting (jid, minion, until_ms), oldest first. Not flushed
     * first: this master holds its own unwritten ones in memory; what it reads is what other masters queued.
     */
    List<Object[]> queuedFor(String minion) {
        return reader.queuedFor(minion);
    }

    /** Every delivery written as still waiting, by any master (not flushed first, as {@link #queuedFor}). */
    List<Object[]> queuedWritten() {
        return reader.queued();
    }

    /**
     * Why the cache cannot be written now (a full disk, a lock held by another process), or null when it can.
     * While it fails, records wait in memory and are written when it works again.
     */
    String failing() {
        return backlog.failing();
    }

    /** Records waiting to be written: what the master refuses new jobs beyond ({@link JobPublisher}). */
    long backlog() {
        return backlog.records();
    }

    /** The approximate bytes of the records waiting to be written. */
    long backlogBytes() {
        return backlog.bytes();
    }

    /** Writes that failed and were kept to be tried again, since the start. */
    long failedWrites() {
        return backlog.failedWrites();
    }

    /** Records dropped because the database refuses them for good (PostgreSQL: a NUL in a text), since the start. */
    long refusedRecords() {
        return batches.refused();
    }

    void recordReturn(String jid, String minion, MinionResult ret) {
        recordReturn(jid, minion, ret, null);
    }

    /** As above; {@code committed} runs (on the writer thread, so quickly) once the return is on disk. */
    void recordReturn(String jid, String minion, MinionResult ret, Runnable committed) {
        returns.recording(jid, minion);
        writer.enqueue(new CacheRow.ReturnRow(jid, minion, ret, committed));
    }

    /**
     * Claims {@code minion}'s return for {@code jid} for a caller about to record it: true if no copy of it is
     * waiting to be written. Otherwise false, and {@code whenWritten} (the acknowledgement of this copy) runs once
     * that copy is on disk: acknowledged before, a copy would let the minion forget a return the master may still
     * lose (a cache that cannot be written, a master stopped before it could). Two copies of a late return (a
     * spool resent on two sessions) are told apart here.
     */
    boolean claimReturn(String jid, String minion, Runnable whenWritten) {
        return returns.claim(jid, minion, whenWritten);
    }

    /** Gives up a claim whose return is not recorded after all; what waited on it runs now. */
    void releaseReturn(String jid, String minion) {
        returns.release(jid, minion);
    }

    /** Runs {@code whenWritten} once {@code minion}'s return for {@code jid} is on disk: now if no copy waits. */
    void whenReturnWritten(String jid, String minion, Runnable whenWritten) {
        returns.whenWritten(jid, minion, whenWritten);
    }

    /**
     * What a return for a job that is no longer live needs to know of it: empty if the cache has no such job.
     * It reads the job's row and that one return's key, never the job's other returns, and does not wait for the
     * writer (a caller tells copies still waiting apart with {@link #claimReturn}): after a broadcast to 10,000
     * minions, every late return used to load all of the job's returns after a flush, one return at a time, and
     * the master fell minutes behind.
     */
    synchronized Optional<LateJob> lateJob(String jid, String minion) {
        return reader.lateJob(jid, minion);
    }

    /** A job no longer live, as a late return sees it; {@code returned}: a return of the minion is on disk. */
    record LateJob(String caller, long startMillis, boolean expects, boolean returned) {
    }

    /** Waits until everything recorded so far is on disk. */
    void flush() {
        writer.flush();
    }

    /**
     * The job as recorded, written or not: while the cache cannot be written, a job published meanwhile is found
     * as it will be once written ({@link PendingRecords}).
     */
    synchronized Optional<JobState> find(String jid) {
        writer.awaitForRead();
        return reader.find(jid);
    }

    List<JobOverview> recent(JobFilter filter) {
        return recent(filter, null);
    }

    /**
     * Jobs matching {@code filter}, and when {@code onlyJids} is not null, among those jids only; those waiting to
     * be written included, as {@link #find} finds them.
     */
    synchronized List<JobOverview> recent(JobFilter filter, Collection<String> onlyJids) {
        writer.awaitForRead();
        return reader.recent(filter, onlyJids);
    }

    /** Drops jobs that started before {@code cutoffMillis}, with their returns. */
    synchronized int prune(long cutoffMillis) {
        reader.pruned();
        return pruning.olderThan(cutoffMillis);
    }

    /** Keeps only the newest {@code keep} jobs. */
    synchronized int pruneToCount(int keep) {
        reader.pruned();
        return pruning.toCount(keep);
    }

    /**
     * Applies {@code minion}'s mine update at once, on the writer's connection between two of its batches: the
     * minion is told whether it is stored. Throws when the database cannot be written.
     */
    void mineUpdate(String minion, Map<String, Object> set, List<String> delete, boolean flush, long nowMillis)
            throws SQLException {
        writer.onConnection(c -> MineTable.update(c, database.dialect(), minion, set, delete, flush, nowMillis));
    }

    /** Drops {@code minion}'s mine entries (its key was deleted); false if the database could not be written. */
    boolean mineForget(String minion) {
        return mineWrite(c -> MineTable.forget(c, minion), "dropping the mine of " + minion);
    }

    /** Drops the mine entries of every minion not among {@code accepted} (keys deleted while the master was down). */
    boolean mineKeepOnly(Collection<String> accepted) {
        return mineWrite(c -> MineTable.keepOnly(c, database.dialect(), accepted), "dropping the mines of old keys");
    }

    private boolean mineWrite(CacheWriter.Work work, String what) {
        try {
            writer.onConnection(work);
            return true;
        } catch (SQLException e) {
            LOG.log(Level.WARNING, what + " failed: " + e.getMessage());
            return false;
        }
    }

    /** {@code fun}'s mine value on every minion that has one, by id. */
    synchronized Map<String, Object> mineValues(String fun) {
        try {
            return database.read(c -> MineTable.values(c, fun));
        } catch (SQLException | com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot read the mine: " + e.getMessage(), e);
        }
    }

    /** The functions {@code minion} has mine entries for. */
    synchronized List<String> mineFunctions(String minion) {
        try {
            return database.read(c -> MineTable.functions(c, minion));
        } catch (SQLException | com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot read the mine: " + e.getMessage(), e);
        }
    }

    /**
     * The jid this master files {@code minion}'s own job {@code minionJid} under ({@link MinionJobs}): {@code proposed}
     * if it is the first to file it, else the one filed before (a copy sent again), decided by the database at once.
     */
    String claimMinionJob(String minion, String minionJid, String proposed) throws SQLException {
        String[] filed = new String[1];
        writer.onConnection(c -> {
            try (java.sql.PreparedStatement claim = c.prepareStatement("INSERT INTO minion_jobs (minion, minion_jid, "
                    + "jid) VALUES (?, ?, ?) ON CONFLICT (minion, minion_jid) DO NOTHING");
                    java.sql.PreparedStatement read = c.prepareStatement(
                            "SELECT jid FROM minion_jobs WHERE minion = ? AND minion_jid = ?")) {
                claim.setString(1, minion);
                claim.setString(2, minionJid);
                claim.setString(3, proposed);
                claim.executeUpdate();
                read.setString(1, minion);
                read.setString(2, minionJid);
                try (java.sql.ResultSet rs = read.executeQuery()) {
                    filed[0] = rs.next() ? rs.getString(1) : null;
                }
            }
            return 1;
        });
        if (filed[0] == null) {
            throw new SQLException("the job " + minionJid + " of " + minion + " was not filed");
        }
        return filed[0];
    }

    /** Transactions written so far. */
    long commits() {
        return batches.commits();
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(10));
    }

    /**
     * Writes what is queued, waiting up to {@code timeout} ({@code shutdown_timeout}) for a slow or failing disk,
     * then closes. Returns still unwritten were never acknowledged, so their minions send them again; job and
     * delivery records still unwritten are lost (and logged).
     */
    public void close(Duration timeout) {
        try {
            writer.close(timeout);
            database.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "closing the job cache: " + e.getMessage());
        }
    }
}
