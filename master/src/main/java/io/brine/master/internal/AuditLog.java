package io.brine.master.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.config.PrivateFiles;
import io.brine.master.AuditUnavailableException;
import io.brine.master.MasterConfig;
import io.brine.master.Principal;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The audit trail ({@code audit_log}, default {@code cachedir/audit.jsonl}): one JSON line per publish, key
 * change, token change and refusal, appended and never rewritten, mode 0600. It lives on the master and only
 * the master and its local operator write it; nothing a minion sends reaches it except as the outcome of a
 * job the master itself published. Secrets in arguments (values under names like {@code password}, and
 * {@code --password VALUE}, {@code -pSECRET}, {@code user:SECRET@} in positional ones) are written as
 * {@code "<redacted>"} ({@link Redaction}).
 *
 * <p>Each line is written with one {@code write} to a file opened for appending, so lines from the master and
 * from a CLI acting on the same directory do not interleave. A line that cannot be written (a full disk) waits in
 * memory, bounded, and is written in order once it can be ({@link AuditWriter}); the action goes on. With
 * {@code audit_required: true}, every line is synced, and an action that can still be refused is refused unless its
 * line is on disk first ({@link #recordBefore}) or, for an action whose line can only follow it, unless the log is
 * writable now ({@link #requireWritable}).
 */
public final class AuditLog implements AutoCloseable {
    private static final Logger LOG = System.getLogger(AuditLog.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final AuditWriter writer;
    private final boolean required;
    private final LongAdder refused = new LongAdder();
    private final AtomicLong lastRefusalLog = new AtomicLong();

    private AuditLog(Path file, AuditWriter writer, boolean required) {
        this.file = file;
        this.writer = writer;
        this.required = required;
    }

    /** Opens (creating, 0600) the log a master configuration names, required as it says. */
    public static AuditLog open(MasterConfig config) throws IOException {
        if (config.cluster() != null) {
            // the cluster's trail, for a command beside a master: a pool of the log's own, closed with it
            return inCluster(config, io.brine.master.ClusterDatabase.open(config.cluster()), true,
                    work -> daemon(work, "brine-cluster-audit"));
        }
        return open(config.auditLog(), config.access().auditRequired());
    }

    /**
     * The trail of the cluster a master already has {@code db} open for; the caller closes {@code db}. Its writer
     * thread (when lines are not required durable one by one) comes from {@code threads}, the master's runtime.
     */
    public static AuditLog open(MasterConfig config, io.brine.master.ClusterDatabase db,
            java.util.concurrent.ThreadFactory threads) {
        return inCluster(config, db, false, threads);
    }

    private static AuditLog inCluster(MasterConfig config, io.brine.master.ClusterDatabase db, boolean ownsDb,
            java.util.concurrent.ThreadFactory threads) {
        boolean required = config.access().auditRequired();
        return new AuditLog(config.auditLog(), new AuditWriter(new ClusterAuditSink(db, host(), ownsDb, required,
                threads), required, AuditWriter.MAX_LINES, AuditWriter.MAX_BYTES), required);
    }

    private static Thread daemon(Runnable work, String name) {
        Thread t = new Thread(work, name);
        t.setDaemon(true);
        return t;
    }

    private static String host() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "localhost";
        }
    }

    public static AuditLog open(Path file) throws IOException {
        return open(file, false);
    }

    /** With {@code required}, lines are synced and actions refused when their line cannot be made durable. */
    public static AuditLog open(Path file, boolean required) throws IOException {
        return open(file, required, AuditWriter.MAX_LINES, AuditWriter.MAX_BYTES);
    }

    /** As above, keeping at most {@code maxLines} lines and {@code maxBytes} in memory while it cannot write. */
    static AuditLog open(Path file, boolean required, int maxLines, long maxBytes) throws IOException {
        PrivateFiles.directory(file.toAbsolutePath().getParent());
        PrivateFiles.file(file);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        return new AuditLog(file, new AuditWriter(new FileAuditSink(file, channel), required, maxLines, maxBytes),
                required);
    }

    public Path file() {
        return file;
    }

    /**
     * Appends one entry. {@code fields} are written after the time, identity and source, in their order;
     * values under {@code args} and {@code kwargs} are redacted where their names look secret. Never throws for
     * a log that cannot be written: the entry waits in memory (bounded) and is written in order once it can be.
     */
    public void record(Principal who, String action, Map<String, Object> fields) {
        writer.write(line(who, action, fields), action + " by " + who.name());
    }

    /**
     * Records an action about to happen (a publish, a kill). With {@code audit_required}, returns only once the line
     * is on disk, written and synced after every earlier line; otherwise the action is refused: the refusal is
     * recorded (waiting in memory if need be) and counted, and {@link AuditUnavailableException} thrown, so the
     * caller does nothing. Without, as {@link #record}.
     *
     * <pre>{@code
     * audit.recordBefore(who, "kill", Map.of("jid", jid, "outcome", "killed"));   // then kill
     * }</pre>
     */
    public void recordBefore(Principal who, String action, Map<String, Object> fields) {
        if (!required) {
            record(who, action, fields);
        } else if (!writer.writeOrForget(line(who, action, fields))) {
            throw refuse(who, action, fields);
        }
    }

    /**
     * For an action whose line can only follow it, its outcome deciding the line (a key change, a token created):
     * with {@code audit_required}, throws {@link AuditUnavailableException} (the refusal recorded and counted as
     * {@link #recordBefore}'s) unless every earlier line is on disk and the log syncs now. Without, does nothing.
     */
    public void requireWritable(Principal who, String action, Map<String, Object> fields) {
        if (required && !writer.writable()) {
            throw refuse(who, action, fields);
        }
    }

    /** Whether {@code audit_required} is set: lines synced, actions refused when their line cannot be. */
    public boolean required() {
        return required;
    }

    private AuditUnavailableException refuse(Principal who, String action, Map<String, Object> fields) {
        refused.increment();
        String why = "the audit log " + file + " cannot record this durably (" + writer.failing()
                + ") and audit_required is set: nothing was done";
        Map<String, Object> refusal = new LinkedHashMap<>(fields);
        refusal.putIfAbsent("function", action);
        refusal.put("outcome", why);
        record(who, "refused", refusal);
        long now = System.currentTimeMillis();
        long last = lastRefusalLog.get();
        if (now - last >= 1000 && lastRefusalLog.compareAndSet(last, now)) {
            LOG.log(Level.WARNING, "refused " + action + " by " + who.name() + ": " + why + " (" + refused.sum()
                    + " actions refused so far)");
        }
        return new AuditUnavailableException(why);
    }

    private static ByteBuffer line(Principal who, String action, Map<String, Object> fields) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("time", Instant.now().toString());
        line.put("identity", who.name());
        line.put("source", who.source());
        line.put("action", action);
        fields.forEach((k, v) -> line.put(k, k.equals("args") || k.equals("kwargs") ? redact(v) : v));
        try {
            return ByteBuffer.wrap((JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("audit entry cannot be written as JSON", e);
        }
    }

    /** Writes what waits, if anything: the master's timer calls it every second. */
    public void retry() {
        writer.retry();
    }

    /** Why the log cannot be written now, with how much waits; null when it can. */
    public String failing() {
        String why = writer.failing();
        return why == null ? null : "cannot append to " + file + ": " + why + "; " + writer.waiting()
                + " entries wait in memory";
    }

    /** Entries waiting in memory to be written. */
    public int waiting() {
        return writer.waiting();
    }

    /** Entries dropped because too many waited, since the start. */
    public long dropped() {
        return writer.dropped();
    }

    /** Actions refused because their line could not be made durable ({@code audit_required}), since the start. */
    public long refused() {
        return refused.sum();
    }

    /** A copy of {@code value} with its secrets redacted: see {@link Redaction}. */
    public static Object redact(Object value) {
        return Redaction.redact(value);
    }

    /** Writes what waits, if it can: what cannot be written now is lost, and logged. */
    @Override
    public void close() {
        writer.close();
    }
}
