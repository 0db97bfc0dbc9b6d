package io.brine.master.internal;

import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/** The audit log as a file opened for appending: each line with one {@code write}, synced by {@code force}. */
final class FileAuditSink implements AuditSink {
    private static final Logger LOG = System.getLogger(FileAuditSink.class.getName());
    private final Path file;
    private final FileChannel channel;

    FileAuditSink(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    @Override
    public void write(ByteBuffer line) throws IOException {
        while (line.hasRemaining()) {
            channel.write(line); // a full disk may take part of it, then fail: the position says how much
        }
    }

    @Override
    public void sync() throws IOException {
        channel.force(false);
    }

    @Override
    public String describe() {
        return file.toString();
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
