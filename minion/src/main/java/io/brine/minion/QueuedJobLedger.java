package io.brine.minion;

import io.brine.config.PrivateFiles;
import io.brine.protocol.Jid;
import io.brine.transport.DropLog;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The jids of queued deliveries ({@code --queue}) this minion took, on disk ({@code cachedir/queued/JID}, holding
 * the time until which it is kept, by this minion's clock): the master sends such a job again on every new
 * session until it hears of it, for as long as the queue time lasts, and a minion restarted meanwhile must still
 * run it once. Each entry is synced before its job runs and pruned once its time has passed.
 *
 * <p>Bounded by {@link #MAX_ENTRIES}: beyond, the entry whose time ends first is forgotten, with a log line.
 * Only queued deliveries come here; a job sent at publication is never sent again and touches no disk.
 *
 * <p>Example: {@code if (ledger.record(job.jid(), job.queuedForMillis())) run(job);}
 */
final class QueuedJobLedger {
    private static final Logger LOG = System.getLogger(QueuedJobLedger.class.getName());
    /**
     * Queued jids remembered at most, by default: the master holds at most 1,000 deliveries for a minion at a time,
     * and an entry lives only as long as its queue time.
     */
    static final int MAX_ENTRIES = 16_384;
    /**
     * Kept this much longer than the master said it may send the job again: the two clocks may run at slightly
     * different rates, and a delivery may be in flight when the queue time ends.
     */
    static final long MARGIN_MILLIS = 60_000;

    private final Path dir;
    private final LongSupplier clock;
    private final int maxEntries;
    /** Jid to the time (this minion's clock) until which it is kept; guarded by this. */
    private final Map<String, Long> keepUntil = new HashMap<>();
    /** Entries forgotten before their time because the ledger was full (each may let a job run twice). */
    private long forgotten;
    /** At most a line a second however many are forgotten, with the count of the rest. */
    private final DropLog drops = new DropLog(LOG);

    private QueuedJobLedger(Path dir, LongSupplier clock, int maxEntries) {
        this.dir = dir;
        this.clock = clock;
        this.maxEntries = maxEntries;
    }

    /** Opens the ledger in {@code dir}, taking back what an earlier run recorded and dropping what expired. */
    static QueuedJobLedger open(Path dir, LongSupplier clock) throws IOException {
        return open(dir, clock, MAX_ENTRIES);
    }

    /** As above, remembering at most {@code maxEntries} jids (tests use a small bound). */
    static QueuedJobLedger open(Path dir, LongSupplier clock, int maxEntries) throws IOException {
        PrivateFiles.directory(dir);
        QueuedJobLedger ledger = new QueuedJobLedger(dir, clock, maxEntries);
        ledger.load();
        return ledger;
    }

    /**
     * Records that this minion takes queued job {@code jid}, which the master may send again for
     * {@code queuedForMillis}: on disk and synced when this returns true. False if it was taken already (the
     * job must not run again).
     *
     * @throws IOException if it cannot be written; the caller decides whether to run the job all the same
     */
    synchronized boolean record(String jid, long queuedForMillis) throws IOException {
        Jid.requireValid(jid);
        long now = clock.getAsLong();
        Long until = keepUntil.get(jid);
        if (until != null && until > now) {
            return false;
        }
        prune(now);
        if (keepUntil.size() >= maxEntries) {
            forgetSoonest();
        }
        // saturating: no queue time may wrap the instant round into the past
        long keep = queuedForMillis > Long.MAX_VALUE - MARGIN_MILLIS - Math.max(0, now) ? Long.MAX_VALUE
                : now + queuedForMillis + MARGIN_MILLIS;
        write(jid, keep);
        keepUntil.put(jid, keep);
        return true;
    }

    /** Whether {@code jid} was taken and its time has not passed. */
    synchronized boolean contains(String jid) {
        Long until = keepUntil.get(jid);
        return until != null && until > clock.getAsLong();
    }

    /** Entries forgotten before their time since the start, the ledger being full. */
    synchronized long forgotten() {
        return forgotten;
    }

    synchronized int size() {
        return keepUntil.size();
    }

    private void write(String jid, long keep) throws IOException {
        Path temp = dir.resolve(jid + ".tmp");
        try (FileChannel out = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            out.write(ByteBuffer.wrap(Long.toString(keep).getBytes(StandardCharsets.US_ASCII)));
            out.force(true);
        }
        Files.move(temp, dir.resolve(jid), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        syncDirectory();
    }

    /** Makes the new name itself durable, not only the file's bytes (a crash could otherwise lose the entry). */
    private void syncDirectory() {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "cannot sync directory " + dir + ": " + e.getMessage());
        }
    }

    private void prune(long now) {
        keepUntil.entrySet().removeIf(e -> {
            if (e.getValue() <= now) {
                deleteQuietly(dir.resolve(e.getKey()));
                return true;
            }
            return false;
        });
    }

    private void forgetSoonest() {
        String soonest = null;
        for (Map.Entry<String, Long> e : keepUntil.entrySet()) {
            if (soonest == null || e.getValue() < keepUntil.get(soonest)) {
                soonest = e.getKey();
            }
        }
        forgotten++;
        drops.drop("more than " + maxEntries + " queued jobs remembered: forgot job " + soonest
                + ", whose queue time ends first; should the master send it again, it would run again ("
                + forgotten + " forgotten since the start)");
        keepUntil.remove(soonest);
        deleteQuietly(dir.resolve(soonest));
    }

    private void load() throws IOException {
        long now = clock.getAsLong();
        try (DirectoryStream<Path> all = Files.newDirectoryStream(dir)) {
            for (Path f : all) {
                String name = f.getFileName().toString();
                long until = Jid.isValid(name) ? readTime(f) : 0;
                if (until > now && keepUntil.size() < maxEntries) {
                    keepUntil.put(name, until);
                } else {
                    deleteQuietly(f); // expired, half written (.tmp), unreadable or not ours
                }
            }
        }
    }

    private static long readTime(Path f) {
        try {
            return Long.parseLong(Files.readString(f, StandardCharsets.US_ASCII).trim());
        } catch (IOException | NumberFormatException e) {
            LOG.log(Level.WARNING, "dropped an unreadable queued-job entry " + f + ": " + e.getMessage());
            return 0;
        }
    }

    private static void deleteQuietly(Path f) {
        try {
            Files.deleteIfExists(f);
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "cannot delete " + f + ": " + e.getMessage());
        }
    }
}
