package io.brine.master.internal;

import io.brine.master.ClusterDatabase;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The audit trail of a cluster's masters, in its database ({@code audit_log}): one row a line, each committed on its
 * own, so a line is durable once written (a line is never torn: it is in the table whole or not at all), with the
 * host of the master (or the operator's command) that wrote it. While the database is away, lines wait in
 * {@link AuditWriter}'s bounded memory as they do for a full disk.
 */
final class ClusterAuditSink implements AuditSink {
    private final ClusterDatabase db;
    private final String host;
    private final boolean ownsDb;

    ClusterAuditSink(ClusterDatabase db, String host, boolean ownsDb) {
        this.db = db;
        this.host = host;
        this.ownsDb = ownsDb;
    }

    @Override
    public void write(ByteBuffer line) throws IOException {
        ByteBuffer view = line.duplicate();
        byte[] bytes = new byte[view.remaining()];
        view.get(bytes);
        String entry = new String(bytes, StandardCharsets.UTF_8).strip();
        try (Connection c = db.dataSource().getConnection(); PreparedStatement i = c.prepareStatement(
                "INSERT INTO audit_log (host, entry) VALUES (?, ?::json)")) {
            i.setString(1, host);
            i.setString(2, entry);
            i.executeUpdate();
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
        line.position(line.limit());
    }

    @Override
    public void sync() throws IOException {
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement()) {
            s.execute("SELECT 1"); // each line is committed as it is written: what is left is to reach the database
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
        if (ownsDb) {
            db.close();
        }
    }
}
