package io.brine.master;

import io.brine.jobs.Event;
import io.brine.master.internal.Transactions;
import io.brine.protocol.EventNotice;
import io.brine.protocol.MalformedMessageException;
import io.brine.protocol.Message;
import io.brine.protocol.MessageCodec;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/**
 * Events minions post to one master of a cluster, for the subscribers of all of them: the master the minion posted
 * to publishes the event on its own bus (its reactor fires there, once in the cluster) and shares it
 * ({@code cluster_events}, announced on {@value #CHANNEL}); every other master reads it and publishes it relayed
 * ({@link EventBus#publishRelayed}), to its subscribers but not its reactor.
 *
 * <p>Rows are read by id, and ids are handed out before their transactions commit, so a row may appear behind one
 * already read: each read looks {@value #LOOK_BACK} ids back and skips the ids it has already published.
 */
final class ClusterEvents {
    private static final Logger LOG = System.getLogger(ClusterEvents.class.getName());
    static final String CHANNEL = "brine_events";
    /** How far behind the newest id read each read looks again for rows committed late. */
    static final int LOOK_BACK = 200;
    private static final int PER_READ = 1000;
    private static final int REMEMBERED = 10_000;

    private final DataSource db;
    private final String me;
    private final EventBus bus;
    private final Executor work;
    private final Object reading = new Object();
    /** Ids read lately, oldest first, at most {@link #REMEMBERED}. */
    private final Set<Long> seen = new LinkedHashSet<>();
    private long newest;
    private final AtomicLong unshared = new AtomicLong();
    private volatile boolean failing;

    ClusterEvents(DataSource db, String me, EventBus bus, Executor work) {
        this.db = db;
        this.me = me;
        this.bus = bus;
        this.work = work;
    }

    /** Starts after the events already in the table: a master that starts hears what is posted from now on. */
    void start() {
        try (Connection c = db.getConnection(); PreparedStatement q = c.prepareStatement(
                "SELECT coalesce(max(id), 0) FROM cluster_events"); ResultSet r = q.executeQuery()) {
            r.next();
            synchronized (reading) {
                newest = r.getLong(1);
            }
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "cannot read the cluster's events: " + e.getMessage());
        }
    }

    /** Shares an event a minion posted here (off the caller's thread). */
    void share(Event event) {
        work.execute(() -> {
            try (Connection c = db.getConnection()) {
                Transactions.run(c, t -> {
                    try (PreparedStatement i = c.prepareStatement(
                            "INSERT INTO cluster_events (origin_master, message) VALUES (?, ?)");
                            PreparedStatement n = c.prepareStatement("SELECT pg_notify('" + CHANNEL + "', ?)")) {
                        i.setString(1, me);
                        i.setBytes(2, MessageCodec.encode(new EventNotice(0, event.tag(), event.data(),
                                event.timeMillis())));
                        i.executeUpdate();
                        n.setString(1, me);
                        n.execute();
                    }
                    return null;
                });
                if (failing) {
                    failing = false;
                    LOG.log(Level.WARNING, "minions' events reach the cluster's other masters again");
                }
            } catch (SQLException e) {
                unshared.incrementAndGet();
                if (!failing) {
                    failing = true;
                    LOG.log(Level.WARNING, "cannot share a minion's event with the cluster's other masters ("
                            + e.getMessage() + "); their subscribers miss it (counted)");
                }
            }
        });
    }

    /** A notice on {@link #CHANNEL} from {@code origin} (null: perhaps any, after a gap). */
    void notice(String origin) {
        if (origin == null || !origin.equals(me)) {
            work.execute(this::read);
        }
    }

    private void read() {
        synchronized (reading) {
            boolean more = true;
            while (more) {
                more = false;
                try (Connection c = db.getConnection(); PreparedStatement q = c.prepareStatement(
                        "SELECT id, origin_master, message FROM cluster_events WHERE id > ? ORDER BY id LIMIT ?")) {
                    q.setLong(1, Math.max(0, newest - LOOK_BACK));
                    q.setInt(2, PER_READ);
                    int rows = 0;
                    try (ResultSet r = q.executeQuery()) {
                        while (r.next()) {
                            rows++;
                            long id = r.getLong(1);
                            if (!seen.add(id)) {
                                continue;
                            }
                            while (seen.size() > REMEMBERED) {
                                seen.remove(seen.iterator().next());
                            }
                            newest = Math.max(newest, id);
                            if (!r.getString(2).equals(me)) {
                                relay(r.getBytes(3));
                            }
                        }
                    }
                    more = rows == PER_READ;
                } catch (SQLException e) {
                    LOG.log(Level.WARNING, "cannot read the cluster's events: " + e.getMessage());
                }
            }
        }
    }

    private void relay(byte[] encoded) {
        try {
            Message m = MessageCodec.decode(encoded);
            if (m instanceof EventNotice n) {
                bus.publishRelayed(new Event(n.tag(), n.data(), n.timeMillis()));
            }
        } catch (MalformedMessageException e) {
            LOG.log(Level.WARNING, "dropped an event from the cluster's table: " + e.getMessage());
        }
    }

    /** Events older than ten minutes go; any master may do it. */
    void prune() {
        try (Connection c = db.getConnection(); PreparedStatement d = c.prepareStatement(
                "DELETE FROM cluster_events WHERE created_at < now() - interval '10 minutes'")) {
            d.executeUpdate();
        } catch (SQLException e) {
            // the next prune
        }
    }

    /** Events posted here that could not be shared (the database away). */
    long unshared() {
        return unshared.get();
    }
}
