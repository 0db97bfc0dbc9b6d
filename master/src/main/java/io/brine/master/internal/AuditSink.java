package io.brine.master.internal;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Where {@link AuditWriter} puts the audit trail's lines: a master's own file ({@link FileAuditSink}), or the
 * database the masters of a cluster share ({@link ClusterAuditSink}).
 */
interface AuditSink {
    /**
     * Writes what remains of {@code line} (one JSON object and its newline). A file may take part of it and then
     * fail: the line's position says how much was written.
     */
    void write(ByteBuffer line) throws IOException;

    /** Makes what was written durable, and fails when it cannot be now. */
    void sync() throws IOException;

    /** What messages name it by: the file, or the cluster's database. */
    String describe();

    void close();
}
