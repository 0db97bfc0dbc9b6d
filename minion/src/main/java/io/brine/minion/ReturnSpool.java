package io.brine.minion;

import io.brine.config.PrivateFiles;
import io.brine.protocol.Jid;
import io.brine.protocol.JobReturn;
import io.brine.protocol.MalformedMessageException;
import io.brine.protocol.Message;
import io.brine.protocol.MessageCodec;
import io.brine.protocol.MinionReturn;
import io.brine.protocol.ScheduledReturn;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Returns the master has not acknowledged yet, kept on disk ({@code cachedir/returns/JID.ret}) so that neither a
 * dropped session, a master restart nor a minion restart loses one: each is sent again after every reconnect
 * until the master says it has it ({@code ReturnAck}). A job running when the minion stopped leaves a marker
 * ({@code JID.run}); at the next start it becomes a failed return saying the job was lost.
 *
 * <p>Most returns are acknowledged within milliseconds, so a return is written to disk only once it has waited
 * {@link #PERSIST_AFTER_MILLIS} without an acknowledgement (and a job gets its marker only once it has run that
 * long, when the minion tells the master it is running): a healthy fleet touches no disk for its returns. What
 * that leaves open is a minion process killed within that time of a return the master did not store.
 *
 * <p>Bounded by {@code return_spool_max} bytes: beyond, the oldest returns are dropped, each with a log line.
 * The files survive the process being killed; they are not synced, so a crash of the whole machine may take
 * the last ones with it.
 */
final class ReturnSpool {
    private static final Logger LOG = System.getLogger(ReturnSpool.class.getName());
    /** The retcode of a job the minion stopped in the middle of (killed, crashed, rebooted). */
    static final int LOST = 137;
    /** How long a return waits for its acknowledgement before it is written to disk. */
    static final long PERSIST_AFTER_MILLIS = 1000;
    /** A return of no size, to measure what a scheduled job adds to its return. */
    private static final JobReturn EMPTY = new JobReturn("00000000000000000000", MinionReturn.ok(null, 0, 0));

    private final Path dir;
    private final long maxBytes;
    /** Unacknowledged returns in the order they were made, with their encoded size. */
    private final Map<String, Long> sizes = new LinkedHashMap<>();
    private final Map<String, JobReturn> pending = new LinkedHashMap<>();
    private final Map<String, Long> keptAt = new java.util.HashMap<>();
    /** Returns written to disk, and jobs that have a running marker there. */
    private final java.util.Set<String> persisted = new java.util.HashSet<>();
    private final java.util.Set<String> marked = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** Returns on disk whose kept version has since been replaced. */
    private final java.util.Set<String> stale = new java.util.HashSet<>();
    private long bytes;
    /** Returns given up on since the start ({@link #setAside}). */
    private long setAside;
    /**
     * The jobs this minion ran by itself ({@code schedule}), by jid: their returns go to the master with what the job
     * was ({@link ScheduledReturn}), which no master published.
     */
    private final Map<String, ScheduledReturn> scheduled = new java.util.HashMap<>();
    /** Jids {@link #setAside} is writing the copy of now; guarded by this. */
    private final java.util.Set<String> settingAside = new java.util.HashSet<>();

    private ReturnSpool(Path dir, long maxBytes) {
        this.dir = dir;
        this.maxBytes = maxBytes;
    }

    /** Opens the spool, taking back what an earlier run left: its unacknowledged returns and its lost jobs. */
    static ReturnSpool open(Path dir, long maxBytes) throws IOException {
        PrivateFiles.directory(dir);
        ReturnSpool spool = new ReturnSpool(dir, maxBytes);
        spool.recover();
        return spool;
    }

    /**
     * A job is still running (called when the minion acknowledges it): if the minion stops before its return is
     * kept, the next start reports it lost.
     */
    void running(String jid, String function) {
        try {
            Files.writeString(dir.resolve(jid + ".run"), function);
            marked.add(jid);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot mark job " + jid + " as running in " + dir + ": " + e.getMessage());
        }
    }

    /** Writes {@code ret} as the spool in {@code dir} keeps a return on disk: a temporary file renamed into place. */
    private static void writeFile(Path dir, JobReturn ret) throws IOException {
        writeFile(dir, ret, ret);
    }

    /** As above, {@code ret} as it goes to the master ({@code wire}: itself, or with its scheduled job). */
    private static void writeFile(Path dir, JobReturn ret, Message wire) throws IOException {
        Path temp = dir.resolve(ret.jid() + ".tmp");
        Files.write(temp, MessageCodec.encode(wire));
        Files.move(temp, dir.resolve(ret.jid() + ".ret"), StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Before the spool in {@code dir} opens: {@code ret} becomes a return an earlier run kept, in place of its job's
     * running marker, so the job is answered once, with it, and not reported lost (an update's outcome, which the
     * version that knows it files at start).
     */
    static void fileInPlaceOfRunning(Path dir, JobReturn ret) throws IOException {
        PrivateFiles.directory(dir);
        writeFile(dir, ret);
        Files.deleteIfExists(dir.resolve(ret.jid() + ".run"));
    }

    /** Keeps a return until the master acknowledges it; on disk too if that takes a while ({@link #persist}). */
    synchronized void keep(JobReturn ret) {
        remember(ret, ReturnCap.sizeBound(ret));
    }

    /** Keeps the return of a job this minion ran by itself, with what the job was, as {@link #keep} does. */
    synchronized void keep(ScheduledReturn job) {
        scheduled.put(job.ret().jid(), job);
        remember(job.ret(), ReturnCap.sizeBound(job.ret()) + MessageCodec.encode(job.withReturn(EMPTY)).length);
    }

    /** {@code ret} as it goes to the master: with what the job was, when this minion ran it by itself. */
    synchronized Message wire(JobReturn ret) {
        ScheduledReturn job = scheduled.get(ret.jid());
        return job == null ? ret : job.withReturn(ret);
    }

    /**
     * Writes to disk the returns that have waited {@link #PERSIST_AFTER_MILLIS} for their acknowledgement (the
     * master is away or slow). Called every {@link #PERSIST_AFTER_MILLIS} / 2.
     */
    void persist() {
        persist(PERSIST_AFTER_MILLIS);
    }

    /** Writes every unacknowledged return that has waited {@code waitedMillis} or more. */
    void persist(long waitedMillis) {
        long cutoff = ticks() - waitedMillis;
        List<JobReturn> due = new ArrayList<>();
        synchronized (this) {
            pending.forEach((jid, ret) -> {
                if (keptAt.getOrDefault(jid, Long.MIN_VALUE) <= cutoff
                        && (!persisted.contains(jid) || stale.remove(jid))) {
                    due.add(ret);
                }
            });
        }
        for (JobReturn ret : due) {
            write(ret);
        }
    }

    private void write(JobReturn ret) {
        try {
            writeFile(dir, ret, wire(ret));
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot spool the return of job " + ret.jid() + " (" + e.getMessage()
                    + "); it is kept in memory only");
            return;
        }
        synchronized (this) {
            if (pending.containsKey(ret.jid())) {
                persisted.add(ret.jid());
            } else {
                deleteQuietly(dir.resolve(ret.jid() + ".ret")); // acknowledged while it was being written
            }
        }
    }

    /** The master has it: forget it. */
    synchronized void acknowledged(String jid) {
        if (pending.remove(jid) != null) {
            scheduled.remove(jid);
            stale.remove(jid);
            bytes -= sizes.remove(jid);
            keptAt.remove(jid);
            if (persisted.remove(jid)) {
                deleteQuietly(dir.resolve(jid + ".ret"));
            }
            notifyAll();
        }
    }

    /**
     * Waits up to {@code timeoutMillis} until the master has acknowledged the returns of {@code jids} (those
     * kept and not yet acknowledged); true if none is left waiting. A minion stopping cleanly waits so for the
     * "stopped" returns of its running jobs, so that their callers learn of it before the session goes.
     */
    synchronized boolean awaitAcknowledged(Collection<String> jids, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        while (jids.stream().anyMatch(pending::containsKey)) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    /** What to send again after a reconnect, oldest first. */
    synchronized List<JobReturn> unacknowledged() {
        return new ArrayList<>(pending.values());
    }

    /**
     * Returns kept for {@code waitedMillis} or more and still not acknowledged: sent again now and then even
     * without a reconnect, in case the master took one but could not store it.
     */
    synchronized List<JobReturn> unacknowledgedFor(long waitedMillis) {
        long cutoffMillis = ticks() - waitedMillis;
        List<JobReturn> out = new ArrayList<>();
        pending.forEach((jid, ret) -> {
            if (keptAt.getOrDefault(jid, Long.MIN_VALUE) < cutoffMillis) {
                out.add(ret);
            }
        });
        return out;
    }

    /** The unacknowledged return of {@code jid}, if this spool holds one. */
    synchronized java.util.Optional<JobReturn> find(String jid) {
        return java.util.Optional.ofNullable(pending.get(jid));
    }

    /**
     * Gives up on {@code ret}, which the master would not take however often it was sent: it leaves the spool (never
     * sent again), and is kept on disk in {@code cachedir/returns-aside/JID.ret} for an operator, with one log line.
     */
    void setAside(JobReturn ret, String why) {
        synchronized (this) {
            if (!pending.containsKey(ret.jid()) || !settingAside.add(ret.jid())) {
                return; // acknowledged, or being set aside by another thread
            }
        }
        // The copy is on disk before the spool lets go of it: a minion stopped in between keeps it in one or both.
        Path aside = dir.resolveSibling("returns-aside");
        Path copy = aside.resolve(ret.jid() + ".ret");
        try {
            PrivateFiles.directory(aside);
            Files.write(copy, MessageCodec.encode(wire(ret)));
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot keep the return of job " + ret.jid() + " in " + aside + ": " + e);
        }
        synchronized (this) {
            settingAside.remove(ret.jid());
            if (!pending.containsKey(ret.jid())) {
                deleteQuietly(copy); // acknowledged meanwhile: the master has it after all
                return;
            }
            acknowledged(ret.jid());
            setAside++;
        }
        LOG.log(Level.ERROR, "gave up sending the return of job " + ret.jid() + " (" + why + "); kept in " + aside
                + ", not sent again");
    }

    /** Returns given up on since the start, each kept in {@code returns-aside}. */
    synchronized long setAsideCount() {
        return setAside;
    }

    /** Whether this spool holds a return of {@code jid} not yet acknowledged, or marks it as running. */
    synchronized boolean knows(String jid) {
        return pending.containsKey(jid) || marked.contains(jid);
    }

    synchronized int size() {
        return pending.size();
    }

    /**
     * How long a return has waited is read from the monotonic clock: a guest's wall clock stepped back by NTP would
     * otherwise hold every resend until it caught up.
     */
    private static long ticks() {
        return System.nanoTime() / 1_000_000L;
    }

    private void remember(JobReturn ret, long size) {
        if (marked.remove(ret.jid())) {
            deleteQuietly(dir.resolve(ret.jid() + ".run"));
        }
        if (pending.put(ret.jid(), ret) != null) {
            bytes -= sizes.get(ret.jid());
            if (persisted.contains(ret.jid())) {
                stale.add(ret.jid()); // replaced (cut to a master's limit): the next persist writes this one over it
            }
        }
        sizes.put(ret.jid(), size);
        keptAt.put(ret.jid(), ticks());
        bytes += size;
        while (bytes > maxBytes && pending.size() > 1) {
            String oldest = pending.keySet().iterator().next();
            LOG.log(Level.WARNING, "return spool over return_spool_max (" + maxBytes + " bytes): dropped the "
                    + "unacknowledged return of job " + oldest);
            acknowledged(oldest);
        }
    }

    private void recover() throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> all = Files.newDirectoryStream(dir)) {
            all.forEach(files::add);
        }
        files.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString())); // jids sort by time
        for (Path f : files) {
            String name = f.getFileName().toString();
            String jid = name.substring(0, Math.max(0, name.lastIndexOf('.')));
            if (name.endsWith(".tmp") || !Jid.isValid(jid)) {
                deleteQuietly(f);
            } else if (name.endsWith(".ret")) {
                recoverReturn(f);
            } else if (name.endsWith(".run") && !Files.exists(dir.resolve(jid + ".ret"))) {
                String function = Files.readString(f);
                LOG.log(Level.WARNING, "job " + jid + " (" + function + ") was running when the minion stopped; "
                        + "reporting it lost");
                long now = System.currentTimeMillis();
                JobReturn lost = new JobReturn(jid, MinionReturn.failed(LOST, "lost: the minion stopped while this "
                        + "job ran (" + function + "); whatever it did before is not known", now, now));
                keep(lost);
                write(lost);
                deleteQuietly(f);
            } else if (name.endsWith(".run")) {
                deleteQuietly(f);
            }
        }
        if (!pending.isEmpty()) {
            LOG.log(Level.INFO, pending.size() + " returns not yet acknowledged by the master will be sent again");
        }
    }

    private void recoverReturn(Path f) {
        try {
            byte[] bytes = Files.readAllBytes(f);
            Message m = MessageCodec.decode(bytes);
            if (m instanceof JobReturn ret) {
                remember(ret, bytes.length);
                persisted.add(ret.jid());
                return;
            }
            if (m instanceof ScheduledReturn job) {
                scheduled.put(job.ret().jid(), job);
                remember(job.ret(), bytes.length);
                persisted.add(job.ret().jid());
                return;
            }
        } catch (IOException | MalformedMessageException e) {
            LOG.log(Level.WARNING, "dropped an unreadable spooled return " + f + ": " + e.getMessage());
        }
        deleteQuietly(f);
    }

    private static void deleteQuietly(Path f) {
        try {
            Files.deleteIfExists(f);
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "cannot delete " + f + ": " + e.getMessage());
        }
    }
}
