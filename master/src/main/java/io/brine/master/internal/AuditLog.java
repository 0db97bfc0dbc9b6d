package io.brine.master.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.config.PrivateFiles;
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

/**
 * The audit trail ({@code audit_log}, default {@code cachedir/audit.jsonl}): one JSON line per publish, key
 * change, token change and refusal, appended and never rewritten, mode 0600. It lives on the master and only
 * the master and its local operator write it; nothing a minion sends reaches it except as the outcome of a
 * job the master itself published. Secrets in arguments (values under names like {@code password}, and
 * {@code --password VALUE}, {@code -pSECRET}, {@code user:SECRET@} in positional ones) are written as
 * {@code "<redacted>"} ({@link Redaction}).
 *
 * <p>Each line is written with one {@code write} to a file opened for appending, so lines from the master and
 * from a CLI acting on the same directory do not interleave.
 */
public final class AuditLog implements AutoCloseable {
    private static final Logger LOG = System.getLogger(AuditLog.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final FileChannel channel;

    private AuditLog(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /** Opens (creating, 0600) the log a master configuration names. */
    public static AuditLog open(MasterConfig config) throws IOException {
        return open(config.auditLog());
    }

    public static AuditLog open(Path file) throws IOException {
        PrivateFiles.directory(file.toAbsolutePath().getParent());
        PrivateFiles.file(file);
        return new AuditLog(file, FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND));
    }

    public Path file() {
        return file;
    }

    /**
     * Appends one entry. {@code fields} are written after the time, identity and source, in their order;
     * values under {@code args} and {@code kwargs} are redacted where their names look secret.
     */
    public void record(Principal who, String action, Map<String, Object> fields) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("time", Instant.now().toString());
        line.put("identity", who.name());
        line.put("source", who.source());
        line.put("action", action);
        fields.forEach((k, v) -> line.put(k, k.equals("args") || k.equals("kwargs") ? redact(v) : v));
        byte[] bytes;
        try {
            bytes = (JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("audit entry cannot be written as JSON", e);
        }
        synchronized (this) {
            try {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            } catch (IOException e) {
                // The action already happened (or was refused); losing its line is logged loudly, not hidden.
                LOG.log(Level.ERROR, "cannot append to the audit log " + file + ": " + e.getMessage()
                        + "; lost entry: " + line.get("action") + " by " + who.name());
            }
        }
    }

    /** A copy of {@code value} with its secrets redacted: see {@link Redaction}. */
    public static Object redact(Object value) {
        return Redaction.redact(value);
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "closing the audit log: " + e.getMessage());
        }
    }
}
