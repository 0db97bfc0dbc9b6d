package io.brine.master;

import io.brine.jobs.internal.JobResults;
import io.brine.master.internal.Transactions;
import io.brine.protocol.JobAck;
import io.brine.protocol.JobRequest;
import io.brine.protocol.JobReturn;
import io.brine.protocol.MalformedMessageException;
import io.brine.protocol.Message;
import io.brine.protocol.MessageCodec;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/**
 * Jobs across the masters of a cluster, through its database: a job published on master A for a minion whose
 * session master B holds goes to B ({@code routed_jobs}, announced on {@value #JOBS}), which sends it on; the
 * minion's acknowledgement and return come back to A ({@code routed_replies}, on {@value #REPLIES}), whose tracker
 * takes them as if the minion had answered A itself. A return's row stays until A has stored it, and B
 * acknowledges the minion only once the row is committed, so a return is never lost between the two.
 *
 * <p>Which master holds which session is {@code minion_sessions}, written by each master for its own minions
 * ({@link #connected}, {@link #disconnected}: coalesced, on a thread of their own, retried while the database is
 * away); a master not seen alive in the last {@value #ALIVE_SECONDS} s ({@code cluster_masters}) holds nothing.
 */
final class ClusterRoutes implements MinionReach {
    private static final Logger LOG = System.getLogger(ClusterRoutes.class.getName());
    static final String JOBS = "brine_route_jobs";
    static final String REPLIES = "brine_route_replies";
    static final int ALIVE_SECONDS = 15;
    /** Jobs routed in whose replies go back, at most; beyond, the oldest are forgotten (their replies counted). */
    static final int MAX_ROUTED_IN = 100_000;
    /** The minion ids those jobs keep (whose replies are passed back), at most, all jobs together. */
    static final int MAX_ROUTED_IDS = 1_000_000;
    /** Routed jobs (and replies) taken from the database in one statement, at most. */
    static final int PER_TAKE = 1000;
    /** Replies waiting to be passed back, at most; beyond, a reply is dropped unacknowledged (its minion resends). */
    static final int MAX_QUEUED_REPLIES = 100_000;

    /** What a master does with the minions it reaches: its sessions, and its tracker for what comes back. */
    interface Local {
        boolean connected(String minionId);

        void send(String minionId, Message message);

        /**
         * Keeps a queued job ({@link JobRequest#queued}) for a minion that left this master before the job came: it
         * goes to the minion when it connects to any master, within the job's queue time.
         */
        void queue(String minionId, JobRequest request);

        void acknowledged(String minionId, String jid);

        /** Takes a return; {@code stored} runs once it needs no keeping (stored, or refused). */
        void returned(String minionId, String jid, io.brine.jobs.MinionResult result, Runnable stored);
    }

    /** A job routed here: the master it came from, the minions it was for, and how long replies go back. */
    private record Origin(String master, Set<String> minions, long untilMillis) {
    }

    /** A minion's reply on its way back to {@code toMaster}; {@code committed} runs once it is in the database. */
    private record Reply(String toMaster, String minionId, String jid, byte[] message, Runnable committed) {
    }

    private final DataSource db;
    private final String me;
    private final Local local;
    private final Executor work;
    private final ScheduledExecutorService timer;
    /** Presence not yet written: true for connected here, false for gone. */
    private final Map<String, Boolean> presence = new ConcurrentHashMap<>();
    private final AtomicBoolean presenceScheduled = new AtomicBoolean();
    /** Jobs other masters routed here, by jid: where their replies go, and until when. */
    private final Map<String, Origin> routedIn = java.util.Collections.synchronizedMap(new LinkedHashMap<>());
    /** Reply rows being taken here now, so that a second notice does not take them twice. */
    private final Set<Long> takingReplies = ConcurrentHashMap.newKeySet();
    /** A pass over the reply rows is running; another was asked for since it began. */
    private final AtomicBoolean passing = new AtomicBoolean();
    private final AtomicBoolean anotherPass = new AtomicBoolean();
    /** Rows taken in one statement, at most ({@value #PER_TAKE}; smaller in tests). */
    private final int perTake;
    private final AtomicLong forgotten = new AtomicLong();
    /** The minion ids {@link #routedIn} keeps, all jobs together. Guarded by routedIn. */
    private long routedIds;
    private volatile boolean presenceFailing;
    /** When a dropped reply was last logged. */
    private volatile long lastRefusalLog;
    /** Replies to pass back, written a batch at a time. */
    private final BatchQueue<Reply> replies;
    /** Rows of replies taken for good, deleted a batch at a time. */
    private final BatchQueue<Long> forgetting;

    ClusterRoutes(DataSource db, String me, Local local, Executor work, ScheduledExecutorService timer) {
        this(db, me, local, work, timer, PER_TAKE);
    }

    ClusterRoutes(DataSource db, String me, Local local, Executor work, ScheduledExecutorService timer, int perTake) {
        this.perTake = perTake;
        this.db = db;
        this.me = me;
        this.local = local;
        this.work = work;
        this.timer = timer;
        this.replies = new BatchQueue<>(work, MAX_QUEUED_REPLIES, perTake, this::passBack);
        this.forgetting = new BatchQueue<>(work, MAX_QUEUED_REPLIES, perTake, this::deleteReplies);
    }

    /** Forgets the sessions a previous run of this master left in the table (it was killed, say). */
    void start() {
        try (Connection c = db.getConnection();
                PreparedStatement d = c.prepareStatement("DELETE FROM minion_sessions WHERE master_id = ?")) {
            d.setString(1, me);
            d.executeUpdate();
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "cannot clear this master's old sessions in the cluster's database: "
                    + e.getMessage());
        }
    }

    // Presence.

    void connected(String minionId) {
        presence.put(minionId, true);
        schedulePresence(0);
    }

    void disconnected(String minionId) {
        presence.put(minionId, false);
        schedulePresence(0);
    }

    private void schedulePresence(long delayMillis) {
        if (presenceScheduled.compareAndSet(false, true)) {
            timer.schedule(this::writePresence, delayMillis, TimeUnit.MILLISECONDS);
        }
    }

    private void writePresence() {
        presenceScheduled.set(false);
        Map<String, Boolean> batch = new HashMap<>(presence);
        if (batch.isEmpty()) {
            return;
        }
        try (Connection c = db.getConnection()) {
            Transactions.run(c, t -> {
                try (PreparedStatement up = c.prepareStatement("INSERT INTO minion_sessions (minion_id, master_id) "
                        + "VALUES (?, ?) ON CONFLICT (minion_id) DO UPDATE SET master_id = EXCLUDED.master_id, since = now()");
                        PreparedStatement down = c.prepareStatement(
                                "DELETE FROM minion_sessions WHERE minion_id = ? AND master_id = ?")) {
                    for (Map.Entry<String, Boolean> e : batch.entrySet()) {
                        PreparedStatement s = e.getValue() ? up : down;
                        s.setString(1, e.getKey());
                        s.setString(2, me);
                        s.addBatch();
                    }
                    up.executeBatch();
                    down.executeBatch();
                }
                return null;
            });
            batch.forEach(presence::remove); // only what was written: a newer change stays (remove(k, v))
            if (presenceFailing) {
                presenceFailing = false;
                LOG.log(Level.WARNING, "this master's minion sessions are in the cluster's database again");
            }
        } catch (SQLException e) {
            if (!presenceFailing) {
                presenceFailing = true;
                LOG.log(Level.WARNING, "cannot write this master's minion sessions to the cluster's database ("
                        + e.getMessage() + "); jobs from other masters do not reach its minions until it can");
            }
            schedulePresence(1000);
            return;
        }
        if (!presence.isEmpty()) {
            schedulePresence(0);
        }
    }

    // Publishing: reaching minions here or through the master holding them.

    @Override
    public Set<String> reachable(Collection<String> ids) {
        Set<String> out = new HashSet<>();
        List<String> others = new ArrayList<>();
        for (String id : ids) {
            (local.connected(id) ? out : others).add(id);
        }
        if (!others.isEmpty()) {
            out.addAll(holders(others).keySet());
        }
        return out;
    }

    @Override
    public void send(Message message, List<String> ids) {
        Map<String, List<String>> byMaster = new HashMap<>();
        List<String> others = new ArrayList<>();
        for (String id : ids) {
            if (local.connected(id)) {
                local.send(id, message);
            } else {
                others.add(id);
            }
        }
        if (others.isEmpty()) {
            return;
        }
        holders(others).forEach((id, master) -> byMaster.computeIfAbsent(master, m -> new ArrayList<>()).add(id));
        byte[] encoded = MessageCodec.encode(message);
        try (Connection c = db.getConnection()) {
            Transactions.run(c, t -> {
                try (PreparedStatement i = c.prepareStatement("INSERT INTO routed_jobs (to_master, from_master, minions, "
                        + "message) VALUES (?, ?, ?, ?)"); PreparedStatement n = c.prepareStatement(
                                "SELECT pg_notify('" + JOBS + "', ?)")) {
                    for (Map.Entry<String, List<String>> e : byMaster.entrySet()) {
                        i.setString(1, e.getKey());
                        i.setString(2, me);
                        Array minions = c.createArrayOf("text", e.getValue().toArray());
                        i.setArray(3, minions);
                        i.setBytes(4, encoded);
                        i.addBatch();
                        n.setString(1, e.getKey());
                        n.addBatch();
                    }
                    i.executeBatch();
                    n.executeBatch();
                }
                return null;
            });
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "cannot route " + message.getClass().getSimpleName() + " to " + byMaster.keySet()
                    + " through the cluster's database (" + e.getMessage() + "); their minions will not answer it");
        }
    }

    /** The masters, alive and not this one, holding the sessions of those of {@code ids} that have one. */
    private Map<String, String> holders(List<String> ids) {
        Map<String, String> out = new HashMap<>();
        try (Connection c = db.getConnection(); PreparedStatement q = c.prepareStatement(
                "SELECT s.minion_id, s.master_id FROM minion_sessions s JOIN cluster_masters m USING (master_id) "
                        + "WHERE s.minion_id = ANY (?) AND s.master_id <> ? AND m.seen_at > now() - make_interval("
                        + "secs => ?)")) {
            q.setArray(1, c.createArrayOf("text", ids.toArray()));
            q.setString(2, me);
            q.setInt(3, ALIVE_SECONDS);
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    out.put(r.getString(1), r.getString(2));
                }
            }
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "cannot read where minions are connected from the cluster's database ("
                    + e.getMessage() + "); only this master's own are reached");
        }
        return out;
    }

    // Receiving: jobs routed here, and replies to this master's jobs.

    /** A notice on {@link #JOBS}: {@code toMaster} has jobs waiting (null: perhaps any master, after a gap). */
    void jobsNotice(String toMaster) {
        if (toMaster == null || toMaster.equals(me)) {
            work.execute(this::takeJobs);
        }
    }

    /** A notice on {@link #REPLIES}. */
    void repliesNotice(String toMaster) {
        if (toMaster == null || toMaster.equals(me)) {
            takeRepliesSoon();
        }
    }

    /** Takes the jobs routed here, {@code perTake} rows a statement, and sends each to its minions here. */
    private void takeJobs() {
        int taken = perTake;
        while (taken == perTake) {
            taken = 0;
            try (Connection c = db.getConnection(); PreparedStatement take = c.prepareStatement(
                    "DELETE FROM routed_jobs WHERE id IN (SELECT id FROM routed_jobs WHERE to_master = ? ORDER BY id "
                            + "LIMIT " + perTake + ") RETURNING from_master, minions, message")) {
                take.setString(1, me);
                try (ResultSet r = take.executeQuery()) {
                    while (r.next()) {
                        taken++;
                        deliver(r.getString(1), (String[]) r.getArray(2).getArray(), r.getBytes(3));
                    }
                }
            } catch (SQLException e) {
                LOG.log(Level.WARNING, "cannot take the jobs other masters routed here: " + e.getMessage());
                return;
            }
        }
    }

    private void deliver(String from, String[] minions, byte[] encoded) {
        Message m;
        try {
            m = MessageCodec.decode(encoded);
        } catch (MalformedMessageException e) {
            LOG.log(Level.WARNING, "dropped a job " + from + " routed here: " + e.getMessage());
            return;
        }
        if (m instanceof JobRequest req) {
            remember(req.jid(), from, Set.of(minions), req.timeoutMillis());
        }
        for (String id : minions) {
            if (local.connected(id)) {
                local.send(id, m);
            } else if (m instanceof JobRequest req && req.queued()) {
                // the publisher read this master's sessions before the minion's leaving was written: a queued job
                // must still reach it (a job without a queue time reads missing, as for any minion that goes)
                local.queue(id, req);
            }
        }
    }

    private void remember(String jid, String from, Set<String> minions, long timeoutMillis) {
        long now = System.currentTimeMillis();
        synchronized (routedIn) {
            Origin old = routedIn.put(jid, new Origin(from, minions, now + timeoutMillis + 120_000));
            routedIds += minions.size() - (old == null ? 0 : old.minions().size());
            var it = routedIn.entrySet().iterator();
            while (it.hasNext()) {
                Map.Entry<String, Origin> e = it.next();
                boolean within = routedIn.size() <= MAX_ROUTED_IN && routedIds <= MAX_ROUTED_IDS;
                if (within && e.getValue().untilMillis() > now) {
                    break;
                }
                it.remove();
                routedIds -= e.getValue().minions().size();
                if (e.getValue().untilMillis() > now) {
                    forgotten.incrementAndGet();
                }
            }
        }
    }

    /**
     * A minion's acknowledgement or return for a job another master routed here goes back to that master; true if
     * it was one ({@code committed} then runs once it is safely in the database: the minion may forget it), false
     * if the job is not one routed here (the caller takes it as its own).
     */
    boolean relay(String minionId, Message reply, Runnable committed) {
        String jid = reply instanceof JobReturn r ? r.jid() : reply instanceof JobAck a ? a.jid() : null;
        Origin origin = jid == null ? null : routedIn.get(jid);
        if (origin == null || !origin.minions().contains(minionId)) {
            // not a job routed here for this minion: the tracker takes it as its own, and refuses (and counts) it
            return false;
        }
        if (!replies.offer(new Reply(origin.master(), minionId, jid, MessageCodec.encode(reply), committed))) {
            // not acknowledged: the minion keeps its return and sends it again when it reconnects; counted, and
            // logged once a minute at most (a database that fell behind must not also fill the log)
            long now = System.currentTimeMillis();
            if (now - lastRefusalLog >= 60_000) {
                lastRefusalLog = now;
                LOG.log(Level.WARNING, "dropped " + minionId + "'s reply to job " + jid + ": " + MAX_QUEUED_REPLIES
                        + " replies already wait to be passed back (" + replies.refused() + " dropped so far); "
                        + "each minion keeps its reply and sends it again");
            }
        }
        return true;
    }

    /**
     * Takes the replies routed back here in passes, one pass at a time: a notice during a pass means one more pass
     * after it, so a row committed at any moment is read by a pass that starts after its commit.
     */
    private void takeRepliesSoon() {
        anotherPass.set(true);
        if (passing.compareAndSet(false, true)) {
            work.execute(this::takeRepliesPasses);
        }
    }

    private void takeRepliesPasses() {
        try {
            while (anotherPass.getAndSet(false)) {
                takeReplies();
            }
        } finally {
            passing.set(false);
        }
        if (anotherPass.get()) {
            takeRepliesSoon(); // a notice came between the loop's end and the flag's release
        }
    }

    /**
     * One pass over this master's reply rows, {@code perTake} ids a statement, in id order from the first: rows still
     * being taken (a return not yet stored) are passed over, not read as the end, so a burst's tail behind them is
     * taken now and not left waiting for a later notice. Only the ids are read for every row; the messages only for
     * rows not already being taken, and by a statement of their own, which also finds a row deleted after the ids
     * were read gone (taken and stored already) instead of taking it twice.
     */
    private void takeReplies() {
        long after = 0;
        int seen = perTake;
        while (seen == perTake) {
            seen = 0;
            List<Long> fresh = new ArrayList<>();
            List<Long> ids = new ArrayList<>();
            List<String> minions = new ArrayList<>();
            List<byte[]> messages = new ArrayList<>();
            try (Connection c = db.getConnection()) {
                try (PreparedStatement q = c.prepareStatement("SELECT id FROM routed_replies WHERE to_master = ? "
                        + "AND id > ? ORDER BY id LIMIT " + perTake)) {
                    q.setString(1, me);
                    q.setLong(2, after);
                    try (ResultSet r = q.executeQuery()) {
                        while (r.next()) {
                            seen++;
                            after = r.getLong(1);
                            if (takingReplies.add(after)) {
                                fresh.add(after);
                            }
                        }
                    }
                }
                if (!fresh.isEmpty()) {
                    try (PreparedStatement q = c.prepareStatement(
                            "SELECT id, minion_id, message FROM routed_replies WHERE id = ANY (?) ORDER BY id")) {
                        q.setArray(1, c.createArrayOf("bigint", fresh.toArray()));
                        try (ResultSet r = q.executeQuery()) {
                            while (r.next()) {
                                ids.add(r.getLong(1));
                                minions.add(r.getString(2));
                                messages.add(r.getBytes(3));
                            }
                        }
                    }
                }
            } catch (SQLException e) {
                LOG.log(Level.WARNING, "cannot take the replies routed back here: " + e.getMessage());
                fresh.forEach(takingReplies::remove); // the next notice's pass takes them
                return;
            }
            Set<Long> gone = new HashSet<>(fresh);
            ids.forEach(gone::remove);
            gone.forEach(takingReplies::remove);
            for (int k = 0; k < ids.size(); k++) {
                take(ids.get(k), minions.get(k), messages.get(k));
            }
        }
    }

    private void take(long id, String minion, byte[] message) {
        try {
            Message m = MessageCodec.decode(message);
            if (m instanceof JobReturn ret) {
                local.returned(minion, ret.jid(), JobResults.result(ret.result()), () -> forget(id));
            } else if (m instanceof JobAck ack) {
                local.acknowledged(minion, ack.jid());
                forget(id);
            } else {
                forget(id);
            }
        } catch (MalformedMessageException e) {
            LOG.log(Level.WARNING, "dropped a reply routed back from " + minion + ": " + e.getMessage());
            forget(id);
        }
    }

    /** A reply this master has taken for good: its row goes (in the next batch of deletions). */
    private void forget(long id) {
        if (!forgetting.offer(id)) {
            takingReplies.remove(id); // taken again after the next notice; the tracker refuses it as a second
        }
    }

    /** Writes passed-back replies, one transaction and one notice per master per batch. */
    private void passBack(List<Reply> batch) {
        try (Connection c = db.getConnection()) {
            Transactions.run(c, t -> {
                try (PreparedStatement i = c.prepareStatement(
                        "INSERT INTO routed_replies (to_master, minion_id, message) VALUES (?, ?, ?)");
                        PreparedStatement n = c.prepareStatement("SELECT pg_notify('" + REPLIES + "', ?)")) {
                    for (Reply r : batch) {
                        i.setString(1, r.toMaster());
                        i.setString(2, r.minionId());
                        i.setBytes(3, r.message());
                        i.addBatch();
                    }
                    i.executeBatch();
                    for (String master : batch.stream().map(Reply::toMaster).distinct().toList()) {
                        n.setString(1, master);
                        n.addBatch();
                    }
                    n.executeBatch();
                }
                return null;
            });
        } catch (SQLException e) {
            // not acknowledged: each minion keeps its return and sends it again when it reconnects
            LOG.log(Level.WARNING, "cannot pass " + batch.size() + " replies (the first " + batch.get(0).minionId()
                    + "'s to job " + batch.get(0).jid() + ") back to their masters (" + e.getMessage()
                    + "); the minions keep them");
            return;
        }
        batch.forEach(r -> r.committed().run());
    }

    /** Deletes the rows of replies taken for good, in one statement. */
    private void deleteReplies(List<Long> ids) {
        try (Connection c = db.getConnection();
                PreparedStatement d = c.prepareStatement("DELETE FROM routed_replies WHERE id = ANY (?)")) {
            d.setArray(1, c.createArrayOf("bigint", ids.toArray()));
            d.executeUpdate();
        } catch (SQLException e) {
            // taken again after the next notice; the tracker refuses each as a second
        }
        ids.forEach(takingReplies::remove);
    }

    /** Replies dropped because {@link #MAX_QUEUED_REPLIES} already waited to be passed back. */
    long droppedReplies() {
        return replies.refused();
    }

    /** Jobs routed here forgotten before their time, to keep {@link #MAX_ROUTED_IN}. */
    long forgottenRoutes() {
        return forgotten.get();
    }
}
