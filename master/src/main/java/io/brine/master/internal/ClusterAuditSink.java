package io.brine.master.internal;

import io.brine.master.ClusterDatabase;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The audit trail of a cluster's masters, in its database ({@code audit_log}): one row a line (a line is never torn:
 * it is in the table whole or not at all), with the host of the master (or the operator's command) that wrote it.
 * While the database is away, lines wait in {@link AuditWriter}'s bounded memory as they do for a full disk.
 *
 * <p>With {@code audit_required} ({@code durable}) each line is committed on the caller's thread and its commit
 * waits for the database's WAL to be flushed, as the file's lines are synced. Without, as the file's lines are not
 * synced, a line is handed to a writer thread of this sink's, which inserts what has queued in one transaction that
 * does not wait for the flush ({@code synchronous_commit} off): every publish writes a line, and a transaction of its
 * own on the publishing thread capped a master at about a thousand jobs a second. In order, always; a line is lost
 * only if the database server crashes within a fraction of a second ({@code wal_writer_delay}) or the master stops
 * before its queue is written ({@link #close} waits for it, a few seconds at most). While the database fails the
 * writer keeps its batch and tries again every second, and {@link #write} refuses more, so that later lines wait
 * in the {@link AuditWriter}, behind this batch.
 */
final class ClusterAuditSink implements AuditSink {
    private static final Logger LOG = System.getLogger(ClusterAuditSink.class.getName());
    /** Lines handed to the writer thread and not yet written, at most; past that {@link #write} refuses. */
    static final int MAX_QUEUED = 10_000;
    private static final int PER_BATCH = 1_000;

    private final ClusterDatabase db;
    private final String host;
    private final boolean ownsDb;
    private final boolean durable;
    /** Lines queued for the writer thread; guarded by itself. */
    private final ArrayDeque<String> queued = new ArrayDeque<>();
    private final Thread writer;
    private volatile String failing;
    private boolean closing;

    ClusterAuditSink(ClusterDatabase db, String host, boolean ownsDb, boolean durable,
            java.util.concurrent.ThreadFactory threads) {
        this.db = db;
        this.host = host;
        this.ownsDb = ownsDb;
        this.durable = durable;
        if (durable) {
            this.writer = null;
        } else {
            this.writer = threads.newThread(this::writeLoop);
            this.writer.start();
        }
    }

    @Override
    public void write(ByteBuffer line) throws IOException {
        ByteBuffer view = line.duplicate();
        byte[] bytes = new byte[view.remaining()];
        view.get(bytes);
        String entry = new String(bytes, StandardCharsets.UTF_8).strip();
        if (durable) {
            try (Connection c = db.dataSource().getConnection()) {
                insert(c, List.of(entry));
            } catch (SQLException e) {
                throw new IOException(e.getMessage(), e);
            }
        } else {
            synchronized (queued) {
                String why = failing;
                if (why != null || queued.size() >= MAX_QUEUED || closing) {
                    throw new IOException(why != null ? why : closing ? "closing" : MAX_QUEUED
                            + " lines already wait to be written");
                }
                queued.add(entry);
                queued.notifyAll();
            }
        }
        line.position(line.limit());
    }

    private void writeLoop() {
        List<String> batch = new ArrayList<>();
        while (true) {
            synchronized (queued) {
                while (batch.isEmpty() && queued.isEmpty() && !closing) {
                    try {
                        queued.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                while (batch.size() < PER_BATCH && !queued.isEmpty()) {
                    batch.add(queued.poll());
                }
                if (batch.isEmpty() && closing) {
                    return;
                }
            }
            try (Connection c = db.dataSource().getConnection()) {
                insert(c, batch);
                batch.clear();
                failing = null;
            } catch (SQLException e) {
                if (failing == null) {
                    LOG.log(Level.WARNING, "cannot write " + batch.size() + " audit lines to the cluster's database ("
                            + e.getMessage() + "); trying again every second, later lines wait in memory");
                }
                failing = "cannot be written: " + e.getMessage();
                synchronized (queued) {
                    if (closing) {
                        LOG.log(Level.ERROR, batch.size() + queued.size() + " audit lines could not be written to "
                                + "the cluster's database before closing and are lost");
                        return;
                    }
                    try {
                        queued.wait(1000);
                    } catch (InterruptedException ie) {
                        return;
                    }
                }
            }
        }
    }

    /** Inserts {@code entries} in one transaction; without {@code durable}, not waiting for the WAL flush. */
    private void insert(Connection c, List<String> entries) throws SQLException {
        Transactions.run(c, t -> {
            if (!durable) {
                try (Statement s = c.createStatement()) {
                    s.execute("SET LOCAL synchronous_commit TO OFF");
                }
            }
            try (PreparedStatement i = c.prepareStatement("INSERT INTO audit_log (host, entry) VALUES (?, ?::json)")) {
                for (String entry : entries) {
                    i.setString(1, host);
                    i.setString(2, entry);
                    i.addBatch();
                }
                i.executeBatch();
            }
            return null;
        });
    }

    @Override
    public void sync() throws IOException {
        String why = failing;
        if (why != null) {
            throw new IOException(why);
        }
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement()) {
            s.execute("SELECT 1"); // durable lines are committed as written: what is left is to reach the database
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public String describe() {
        return "in the cluster's database";
    }

    @Override
    public void close() {
        if (writer != null) {
            synchronized (queued) {
                closing = true;
                queued.notifyAll();
            }
            try {
                writer.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (ownsDb) {
            db.close();
        }
    }
}
