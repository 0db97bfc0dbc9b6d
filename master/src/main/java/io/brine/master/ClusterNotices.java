package io.brine.master;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * PostgreSQL's LISTEN on one channel of the cluster's database, on a thread and a connection of its own: each
 * notice's payload goes to the consumer, in the order the database delivers them. A lost connection is made again
 * (every second until it is back, logged once per outage); notices sent while it was away are lost, so the consumer
 * is then given null, meaning "anything may have changed".
 *
 * <pre>{@code
 * try (ClusterNotices keys = ClusterNotices.listen(db.dataSource(), "brine_keys", id -> recheck(id), threads)) { ... }
 * }</pre>
 */
final class ClusterNotices implements AutoCloseable {
    private static final Logger LOG = System.getLogger(ClusterNotices.class.getName());
    /** How long one wait for notices lasts: the bound on noticing {@link #close}. */
    private static final int POLL_MILLIS = 250;
    private static final long RETRY_MILLIS = 1000;

    private final DataSource db;
    private final String channel;
    private final Consumer<String> onNotice;
    private final CountDownLatch closed = new CountDownLatch(1);
    private final CountDownLatch listening = new CountDownLatch(1);
    private final Thread thread;

    private ClusterNotices(DataSource db, String channel, Consumer<String> onNotice, ThreadFactory threads) {
        if (!channel.matches("[a-z_]{1,63}")) {
            throw new IllegalArgumentException("not a channel name: " + channel);
        }
        this.db = db;
        this.channel = channel;
        this.onNotice = onNotice;
        this.thread = threads.newThread(this::run);
    }

    /** Starts listening; returns once the first LISTEN is in place (or failed, and is being retried). */
    static ClusterNotices listen(DataSource db, String channel, Consumer<String> onNotice, ThreadFactory threads)
            throws InterruptedException {
        ClusterNotices n = new ClusterNotices(db, channel, onNotice, threads);
        n.thread.start();
        n.listening.await();
        return n;
    }

    private void run() {
        boolean lost = false;
        while (closed.getCount() > 0) {
            try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
                s.execute("LISTEN " + channel);
                listening.countDown();
                if (lost) {
                    LOG.log(Level.WARNING, "listening to the cluster's " + channel + " again; what changed meanwhile "
                            + "is read afresh");
                    lost = false;
                    onNotice.accept(null);
                }
                PGConnection pg = c.unwrap(PGConnection.class);
                while (closed.getCount() > 0) {
                    PGNotification[] notices = pg.getNotifications(POLL_MILLIS);
                    if (notices != null) {
                        for (PGNotification n : notices) {
                            onNotice.accept(n.getParameter());
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                listening.countDown();
                if (!lost && closed.getCount() > 0) {
                    LOG.log(Level.WARNING, "lost the cluster's " + channel + " notices (" + e.getMessage()
                            + "); trying again every second");
                }
                lost = true;
                try {
                    closed.await(RETRY_MILLIS, TimeUnit.MILLISECONDS);
                } catch (InterruptedException ie) {
                    return;
                }
            }
        }
    }

    @Override
    public void close() {
        closed.countDown();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
