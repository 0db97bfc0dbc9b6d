package io.brine.master;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.config.PrivateFiles;
import io.brine.jobs.JobFilter;
import io.brine.protocol.JobRecord;
import io.brine.protocol.JobSummary;
import io.brine.protocol.MinionReturn;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.lang.System.Logger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The durable job cache: one SQLite file, {@code cachedir/jobs.sqlite}. Writes go through one writer thread
 * that batches them into transactions, so a burst of returns costs one fsync rather than one each; reads use
 * their own connection (WAL mode lets them run beside the writer). Values are stored as JSON text so the
 * file can be inspected with the sqlite3 shell. Schema: see {@link CacheSchema}.
 */
final class JobCache implements AutoCloseable {
    private static final Logger LOG = System.getLogger(JobCache.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Object STOP = new Object();
    private static final int MAX_BATCH = 5_000;
    /**
     * How long the writer gathers records before committing them. Without the wait a master answering one quick
     * job after another woke its writer and committed twice per job: a third of a core on a 2-core machine,
     * taken from the threads carrying the jobs, so that one call in ten waited a scheduler tick (4 ms) for a
     * processor. A flush (every read flushes first) and close do not wait: they wake the writer at once.
     */
    static final long GATHER_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    /** Guards the writer connection, shared by the writer thread and pruning (the master's timer thread). */
    private final Object writeLock = new Object();
    /** Replaced after a failed write: a connection that failed mid-transaction is not trusted again. */
    private Connection writer;
    private final String url;
    private final Connection reader;
    /** Records not yet on disk: queued, or kept after a failed write to be tried again. */
    private final java.util.concurrent.atomic.AtomicLong backlog = new java.util.concurrent.atomic.AtomicLong();
    /** Their approximate size ({@link ApproximateSize}): a return may take up to max_return_size (4 MiB). */
    private final java.util.concurrent.atomic.AtomicLong backlogBytes = new java.util.concurrent.atomic.AtomicLong();
    private final LongAdder failedWrites = new LongAdder();
    private volatile String failing;
    private long lastFailureLog;
    private final BlockingQueue<Object> writes = new LinkedBlockingQueue<>();
    /**
     * Returns claimed and not yet committed, as {@code jid + '\n' + minion}, each with what waits for its commit:
     * the acknowledgements of copies of it that came meanwhile (see {@link #claimReturn}).
     */
    private final java.util.concurrent.ConcurrentHashMap<String, List<Runnable>> pendingReturns =
            new java.util.concurrent.ConcurrentHashMap<>();
    private final Thread writerThread;
    private final LongAdder commits = new LongAdder();
    /** Told how long each committed batch took, in nanoseconds ({@code brine_job_cache_write_seconds}). */
    private final java.util.function.LongConsumer written;

    /**
     * The records not on disk yet, by jid, for readers: the rows of {@link #writes} and of the writer's failed
     * batch, indexed, not copied. Rows enter it and the queue together, under its lock, in one order.
     */
    private final PendingRecords pending = new PendingRecords();

    private JobCache(String url, Connection writer, Connection reader, java.util.concurrent.ThreadFactory threads,
            java.util.function.LongConsumer written) {
        this.url = url;
        this.written = written;
        this.writer = writer;
        this.reader = reader;
        this.writerThread = threads.newThread(this::writeLoop);
        writerThread.setDaemon(true);
        writerThread.start();
    }

    /** A job cache whose writer thread is called {@code brine-job-cache} (tests of the cache alone). */
    static JobCache open(Path cacheDir) {
        return open(cacheDir, r -> new Thread(r, "brine-job-cache"));
    }

    /** Opens (or creates) the job cache in {@code cacheDir}; its writer thread comes from {@code threads}. */
    static JobCache open(Path cacheDir, java.util.concurrent.ThreadFactory threads) {
        return open(cacheDir, threads, nanos -> { });
    }

    /** As above; {@code written} is told how long each committed batch took, in nanoseconds. */
    static JobCache open(Path cacheDir, java.util.concurrent.ThreadFactory threads,
            java.util.function.LongConsumer written) {
        try {
            PrivateFiles.directory(cacheDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + cacheDir, e);
        }
        try {
            SqliteNativeLibrary.load(cacheDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
        try {
            return connect(cacheDir, threads, written);
        } catch (SQLException damaged) {
            // Only history lives here: a damaged file is kept aside for whoever wants to look, and the master
            // starts with an empty one rather than not at all (a supervisor would restart it in a loop).
            Path aside = moveAside(cacheDir, damaged);
            LOG.log(Level.ERROR, "the job cache " + cacheDir.resolve(FILE) + " is damaged (" + damaged.getMessage()
                    + "); moved it to " + aside + " and started a new one: earlier jobs are not listed");
            try {
                return connect(cacheDir, threads, written);
            } catch (SQLException e) {
                throw new IllegalStateException("cannot open the job cache in " + cacheDir + ": " + e.getMessage(), e);
            }
        }
    }

    static final String FILE = "jobs.sqlite";

    /**
     * Opens the file, applies the schema and checks its pages ({@code PRAGMA quick_check}: damage in the middle of
     * the file is found at start, not when some later query reaches it).
     */
    private static JobCache connect(Path cacheDir, java.util.concurrent.ThreadFactory threads,
            java.util.function.LongConsumer written) throws SQLException {
        String url;
        try {
            // SQLite gives the -wal and -shm files the database file's mode: a private database keeps them private.
            url = "jdbc:sqlite:" + PrivateFiles.file(cacheDir.resolve(FILE));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + cacheDir.resolve(FILE), e);
        }
        Connection w = DriverManager.getConnection(url);
        try {
            CacheSchema.apply(w);
            try (java.sql.Statement st = w.createStatement();
                    java.sql.ResultSet rs = st.executeQuery("PRAGMA quick_check")) {
                String verdict = rs.next() ? rs.getString(1) : "no answer";
                if (!"ok".equals(verdict)) {
                    throw new SQLException("quick_check: " + verdict);
                }
            }
            Connection r = DriverManager.getConnection(url);
            return new JobCache(url, w, r, threads, written);
        } catch (SQLException e) {
            w.close();
            throw e;
        }
    }

    private static Path moveAside(Path cacheDir, SQLException why) {
        String stamp = java.time.LocalDateTime.now().format(java.time.format.DateTimeFormatter.ofPattern(
                "yyyyMMdd-HHmmss"));
        Path aside = cacheDir.resolve(FILE + ".damaged-" + stamp);
        try {
            java.nio.file.Files.move(cacheDir.resolve(FILE), aside);
            for (String extra : new String[] {"-wal", "-shm"}) {
                java.nio.file.Files.deleteIfExists(cacheDir.resolve(FILE + extra));
            }
        } catch (IOException e) {
            throw new IllegalStateException("the job cache " + cacheDir.resolve(FILE) + " is damaged ("
                    + why.getMessage() + ") and cannot be moved aside: " + e.getMessage(), e);
        }
        return aside;
    }

    void recordJob(JobRecord job) {
        enqueue(new CacheRow.JobRow(job));
    }

    void recordAck(String jid, String minion) {
        enqueue(new CacheRow.AckRow(jid, minion));
    }

    /** Keeps a delivery of {@code jid} to {@code minion} until {@code untilMillis}, across restarts. */
    void recordQueued(String jid, String minion, long untilMillis) {
        enqueue(new CacheRow.QueuedRow(jid, minion, untilMillis));
    }

    /** The delivery is done (the minion acknowledged or returned), cancelled or expired. */
    void forgetQueued(String jid, String minion) {
        enqueue(new CacheRow.QueuedRow(jid, minion, 0));
    }

    /** Deliveries still waiting, oldest first: (jid, minion, until_ms). */
    synchronized List<Object[]> queued() {
        flush();
        List<Object[]> out = new ArrayList<>();
        try (java.sql.Statement s = reader.createStatement();
                java.sql.ResultSet rs = s.executeQuery("SELECT jid, minion, until_ms FROM queued ORDER BY jid")) {
            while (rs.next()) {
                out.add(new Object[] {rs.getString(1), rs.getString(2), rs.getLong(3)});
            }
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "reading queued deliveries failed: " + e.getMessage());
        }
        return out;
    }

    private void enqueue(CacheRow row) {
        backlog.incrementAndGet();
        backlogBytes.addAndGet(bytesOf(row));
        synchronized (pending) {
            // one order for both: the row that stands for readers is the one that will stand on disk
            pending.add(row);
            writes.add(row);
        }
    }

    /**
     * What a record waiting to be written holds in memory, roughly, with its entry in {@link #pending}; nothing for a
     * marker (a flush, close).
     */
    private static long bytesOf(Object op) {
        return op instanceof CacheRow row ? row.bytes() + PendingRecords.ENTRY_BYTES : 0;
    }

    /**
     * Why the cache cannot be written now (a full disk, a lock held by another process), or null when it can.
     * While it fails, records wait in memory and are written when it works again.
     */
    String failing() {
        return failing;
    }

    /** While the cache fails, the most records kept waiting before new jobs are refused. */
    static final long MAX_BACKLOG = 100_000;
    /** While the cache fails, the most bytes of records ({@link ApproximateSize}) kept before new jobs are refused. */
    static final long MAX_BACKLOG_BYTES = 256L << 20;

    /** Records waiting to be written: what the master refuses new jobs beyond ({@link JobPublisher}). */
    long backlog() {
        return backlog.get();
    }

    /** The approximate bytes of the records waiting to be written. */
    long backlogBytes() {
        return backlogBytes.get();
    }

    /** Writes that failed and were kept to be tried again, since the start. */
    long failedWrites() {
        return failedWrites.sum();
    }

    void recordReturn(String jid, String minion, MinionReturn ret) {
        recordReturn(jid, minion, ret, null);
    }

    /** As above; {@code committed} runs (on the writer thread, so quickly) once the return is on disk. */
    void recordReturn(String jid, String minion, MinionReturn ret, Runnable committed) {
        pendingReturns.putIfAbsent(jid + '\n' + minion, new java.util.concurrent.CopyOnWriteArrayList<>());
        enqueue(new CacheRow.ReturnRow(jid, minion, ret, committed));
    }

    /**
     * Claims {@code minion}'s return for {@code jid} for a caller about to record it: true if no copy of it is
     * waiting to be written. Otherwise false, and {@code whenWritten} (the acknowledgement of this copy) runs once
     * that copy is on disk: acknowledged before, a copy would let the minion forget a return the master may still
     * lose (a cache that cannot be written, a master stopped before it could). Two copies of a late return (a
     * spool resent on two sessions) are told apart here.
     */
    boolean claimReturn(String jid, String minion, Runnable whenWritten) {
        boolean[] claimed = {false};
        pendingReturns.compute(jid + '\n' + minion, (key, waiting) -> {
            if (waiting == null) {
                claimed[0] = true;
                return new java.util.concurrent.CopyOnWriteArrayList<>();
            }
            waiting.add(whenWritten);
            return waiting;
        });
        return claimed[0];
    }

    /** Gives up a claim whose return is not recorded after all; what waited on it runs now. */
    void releaseReturn(String jid, String minion) {
        List<Runnable> waiting = pendingReturns.remove(jid + '\n' + minion);
        if (waiting != null) {
            waiting.forEach(JobCache::runGuarded);
        }
    }

    /** Runs {@code whenWritten} once {@code minion}'s return for {@code jid} is on disk: now if no copy waits. */
    void whenReturnWritten(String jid, String minion, Runnable whenWritten) {
        if (pendingReturns.computeIfPresent(jid + '\n' + minion, (key, waiting) -> {
            waiting.add(whenWritten);
            return waiting;
        }) == null) {
            whenWritten.run();
        }
    }

    private static void runGuarded(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "a task waiting for a return's commit failed", e);
        }
    }

    /**
     * What a return for a job that is no longer live needs to know of it: empty if the cache has no such job.
     * It reads the job's row and that one return's key, never the job's other returns, and does not wait for the
     * writer (a caller tells copies still waiting apart with {@link #claimReturn}): after a broadcast to 10,000
     * minions, every late return used to load all of the job's returns after a flush, one return at a time, and
     * the master fell minutes behind.
     */
    synchronized Optional<LateJob> lateJob(String jid, String minion) {
        try {
            Optional<PendingRecords.Pending> waiting = pending.of(jid); // before the database: see PendingRecords
            Optional<LateJob> stored = CacheQueries.lateJob(reader, jid, minion);
            return waiting.isEmpty() ? stored : waiting.get().over(stored, minion);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read job " + jid + " from the cache: " + e.getMessage(), e);
        }
    }

    /** A job no longer live, as a late return sees it; {@code returned}: a return of the minion is on disk. */
    record LateJob(String caller, long startMillis, boolean expects, boolean returned) {
    }

    /** Waits until everything recorded so far is on disk. */
    void flush() {
        CountDownLatch done = new CountDownLatch(1);
        writes.add(done);
        LockSupport.unpark(writerThread);
        try {
            done.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The job as recorded, written or not: while the cache cannot be written, a job published meanwhile is found
     * as it will be once written ({@link PendingRecords}).
     */
    synchronized Optional<JobRecord> find(String jid) {
        awaitWriter();
        try {
            Optional<PendingRecords.Pending> waiting = pending.of(jid); // before the database: see PendingRecords
            Optional<JobRecord> stored = CacheQueries.job(reader, jid);
            return waiting.isEmpty() ? stored : waiting.get().over(stored);
        } catch (SQLException | JsonProcessingException e) {
            throw new IllegalStateException("cannot read job " + jid + " from the cache: " + e.getMessage(), e);
        }
    }

    List<JobSummary> recent(JobFilter filter) {
        return recent(filter, null);
    }

    /**
     * Jobs matching {@code filter}, and when {@code onlyJids} is not null, among those jids only; those waiting to
     * be written included, as {@link #find} finds them.
     */
    synchronized List<JobSummary> recent(JobFilter filter, java.util.Collection<String> onlyJids) {
        awaitWriter();
        try {
            return PendingListing.recent(reader, filter, onlyJids, pending.all(onlyJids));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot list jobs: " + e.getMessage(), e);
        }
    }

    /** Drops jobs that started before {@code cutoffMillis}, with their returns. */
    /**
     * Lets the writer commit what is queued before a read, while it can write: a read then finds the database
     * current. While it cannot, a read does not wait for it (each try may wait out a lock) and reads the records
     * waiting in memory beside the database instead; it only wakes it to try again, at most once a second, so that
     * a cache read often is written soon after its disk has room again rather than at the next of the writer's
     * ever longer waits.
     */
    private void awaitWriter() {
        if (failing == null) {
            flush();
            return;
        }
        long now = System.nanoTime();
        if (now - lastNudge >= TimeUnit.SECONDS.toNanos(1)) {
            lastNudge = now;
            LockSupport.unpark(writerThread);
        }
    }

    /** When a read last woke the failing writer ({@link #awaitWriter}); guarded by this. */
    private long lastNudge = System.nanoTime() - TimeUnit.SECONDS.toNanos(1);

    synchronized int prune(long cutoffMillis) {
        flush();
        try {
            synchronized (writeLock) {
                return CacheSchema.prune(writer, cutoffMillis);
            }
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "pruning the job cache failed: " + e.getMessage());
            return 0;
        }
    }

    /** Keeps only the newest {@code keep} jobs. */
    synchronized int pruneToCount(int keep) {
        flush();
        try {
            synchronized (writeLock) {
                return CacheSchema.pruneToCount(writer, keep);
            }
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "pruning the job cache failed: " + e.getMessage());
            return 0;
        }
    }

    @Override
    public void close() {
        close(java.time.Duration.ofSeconds(10));
    }

    /**
     * Writes what is queued, waiting up to {@code timeout} ({@code shutdown_timeout}) for a slow or failing disk,
     * then closes. Returns still unwritten were never acknowledged, so their minions send them again; job and
     * delivery records still unwritten are lost (and logged).
     */
    public void close(java.time.Duration timeout) {
        stopDeadlineNanos = System.nanoTime() + timeout.toNanos();
        writes.add(STOP);
        LockSupport.unpark(writerThread);
        try {
            writerThread.join(Math.max(1, timeout.toMillis()) + 1000); // its last try may start at the deadline
            if (writerThread.isAlive()) {
                LOG.log(Level.WARNING, "the job cache could not write " + backlog.get() + " records within "
                        + "shutdown_timeout (" + timeout.toSeconds() + " s): " + failing() + "; minions will send "
                        + "their returns again, job and delivery records among them are lost");
                writerThread.interrupt();
                writerThread.join(1000);
            }
            reader.close();
            writer.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "closing the job cache: " + e.getMessage());
        }
    }

    /** When a closing cache stops retrying a failing write ({@code shutdown_timeout}). */
    private volatile long stopDeadlineNanos;

    private void writeLoop() {
        List<Object> batch = new ArrayList<>();
        long retryMillis = 0;
        boolean stopping = false;
        while (true) {
            try {
                if (batch.isEmpty()) {
                    batch.add(writes.take());
                }
            } catch (InterruptedException e) {
                return;
            }
            writes.drainTo(batch, Math.max(0, MAX_BATCH - batch.size()));
            if (batch.size() < MAX_BATCH && batch.stream().noneMatch(JobCache::awaited)) {
                LockSupport.parkNanos(this, GATHER_NANOS);
                writes.drainTo(batch, Math.max(0, MAX_BATCH - batch.size()));
            }
            int rows = (int) batch.stream().filter(op -> !awaited(op)).count();
            long rowBytes = batch.stream().filter(op -> !awaited(op)).mapToLong(JobCache::bytesOf).sum();
            SQLException error;
            long began = System.nanoTime();
            synchronized (writeLock) {
                // the writer connection is shared with pruning, which runs on the master's timer thread
                error = writeBatch(batch);
            }
            if (error == null && rows > 0) {
                written.accept(System.nanoTime() - began);
            }
            // remembered across retries: STOP leaves the batch with the other markers after a failed try
            stopping |= batch.contains(STOP);
            boolean stop = stopping;
            // Whoever waits (a flush before a read, close) is not kept waiting by a failing disk.
            batch.stream().filter(CountDownLatch.class::isInstance).forEach(l -> ((CountDownLatch) l).countDown());
            batch.removeIf(JobCache::awaited);
            if (error == null) {
                backlog.addAndGet(-rows);
                backlogBytes.addAndGet(-rowBytes);
                batch.clear();
                retryMillis = 0;
                recovered();
                if (stop) {
                    return;
                }
                continue;
            }
            failedWrites.increment();
            if (stop) {
                if (System.nanoTime() - stopDeadlineNanos < 0 && !Thread.currentThread().isInterrupted()) {
                    failed(error, batch.size(), 500);
                    // within shutdown_timeout; each try already waits out SQLite's busy timeout
                    LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(500));
                    reconnect(); // a connection that failed mid-transaction may keep failing
                    continue;
                }
                long returns = batch.stream().filter(CacheRow.ReturnRow.class::isInstance).count();
                LOG.log(Level.ERROR, "the job cache could not be written before closing: " + returns + " returns "
                        + "(never acknowledged, so their minions send them again) and " + (batch.size() - returns)
                        + " job and delivery records were not written and are lost: " + error.getMessage());
                return;
            }
            retryMillis = Math.min(30_000, Math.max(1_000, retryMillis * 2));
            failed(error, batch.size(), retryMillis);
            LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(retryMillis));
            reconnect();
        }
    }

    /** Counted always, logged once per interval: a full disk must not also fill the log. */
    private void failed(SQLException error, int kept, long retryMillis) {
        failing = error.getMessage();
        long now = System.currentTimeMillis();
        if (now - lastFailureLog >= 60_000) {
            lastFailureLog = now;
            LOG.log(Level.ERROR, "the job cache cannot be written (" + error.getMessage() + "); " + backlog.get()
                    + " records wait in memory and will be written when it works again; retrying every "
                    + retryMillis / 1000 + " s or so");
        }
    }

    private void recovered() {
        if (failing != null) {
            LOG.log(Level.WARNING, "the job cache is written again; the records that waited are on disk");
            failing = null;
            lastFailureLog = 0;
        }
    }

    /**
     * A connection whose transaction failed (SQLITE_FULL, a lock timeout) can stay in a state where every later
     * batch fails with "cannot commit - no transaction is active": a fresh one starts clean.
     */
    private void reconnect() {
        synchronized (writeLock) {
            try {
                writer.close();
            } catch (SQLException ignored) {
                // it is being replaced
            }
            try {
                writer = DriverManager.getConnection(url);
                CacheSchema.apply(writer);
            } catch (SQLException e) {
                LOG.log(Level.DEBUG, "job cache reconnect failed (tried again later): " + e.getMessage());
            }
        }
    }

    /** Writes the rows of one batch in one transaction; null when committed, the error otherwise (rolled back). */
    private SQLException writeBatch(List<Object> batch) {
        try (PreparedStatement job = writer.prepareStatement(CacheSchema.INSERT_JOB);
                PreparedStatement ack = writer.prepareStatement(CacheSchema.INSERT_ACK);
                PreparedStatement ret = writer.prepareStatement(CacheSchema.INSERT_RETURN);
                PreparedStatement queue = writer.prepareStatement(CacheSchema.INSERT_QUEUED);
                PreparedStatement dequeue = writer.prepareStatement(CacheSchema.DELETE_QUEUED)) {
            writer.setAutoCommit(false);
            for (Object op : batch) {
                if (op instanceof CacheRow.JobRow r) {
                    CacheSchema.bindJob(job, r.job(), JSON);
                    job.executeUpdate();
                } else if (op instanceof CacheRow.AckRow r) {
                    ack.setString(1, r.jid());
                    ack.setString(2, r.minion());
                    ack.executeUpdate();
                } else if (op instanceof CacheRow.ReturnRow r) {
                    CacheSchema.bindReturn(ret, r.jid(), r.minion(), r.ret(), JSON);
                    ret.executeUpdate();
                } else if (op instanceof CacheRow.QueuedRow q && q.until() > 0) {
                    queue.setString(1, q.jid());
                    queue.setString(2, q.minion());
                    queue.setLong(3, q.until());
                    queue.executeUpdate();
                } else if (op instanceof CacheRow.QueuedRow q) {
                    dequeue.setString(1, q.jid());
                    dequeue.setString(2, q.minion());
                    dequeue.executeUpdate();
                }
            }
            writer.commit();
            commits.increment();
            pending.settled(batch); // on disk: readers find them there from now on
            writer.setAutoCommit(true);
        } catch (SQLException e) {
            try {
                writer.rollback();
                writer.setAutoCommit(true);
            } catch (SQLException ignored) {
                // the connection is replaced before the next try
            }
            return e;
        } catch (JsonProcessingException e) {
            // A value that cannot be written as JSON never will be: the batch would fail for ever, so it goes.
            LOG.log(Level.ERROR, "job cache records dropped: a value cannot be written as JSON: " + e.getMessage());
            // Copies of these returns stay unacknowledged: the minions send them again.
            batch.stream().filter(CacheRow.ReturnRow.class::isInstance).map(CacheRow.ReturnRow.class::cast)
                    .forEach(r -> pendingReturns.remove(r.jid() + '\n' + r.minion()));
            pending.settled(batch);
            batch.removeIf(CacheRow.class::isInstance);
            return null;
        }
        // Only now may a minion forget these returns (ReturnAck): a master killed before the commit never
        // acknowledged them, and the minion sends them again.
        for (Object op : batch) {
            if (op instanceof CacheRow.ReturnRow r) {
                List<Runnable> waiting = pendingReturns.remove(r.jid() + '\n' + r.minion());
                if (r.committed() != null) {
                    runGuarded(r.committed());
                }
                if (waiting != null) {
                    waiting.forEach(JobCache::runGuarded);
                }
            }
        }
        return null;
    }

    /** Transactions written so far. */
    long commits() {
        return commits.sum();
    }

    /** Someone waits for this record to be written: a flush, or close. */
    private static boolean awaited(Object op) {
        return op == STOP || op instanceof CountDownLatch;
    }

    static String json(Object value) throws JsonProcessingException {
        return JSON.writeValueAsString(value);
    }

    static <T> T parse(String json, TypeReference<T> type) throws JsonProcessingException {
        return JSON.readValue(json, type);
    }

    static Object parseValue(String json) throws JsonProcessingException {
        return json == null ? null : JSON.readValue(json, Object.class);
    }
}
