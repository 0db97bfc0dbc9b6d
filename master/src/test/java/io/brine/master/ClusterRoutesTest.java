package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.MinionResult;
import io.brine.protocol.JobRequest;
import io.brine.protocol.JobReturn;
import io.brine.protocol.MinionReturn;
import io.brine.protocol.Message;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Jobs routed between two masters' {@link ClusterRoutes} through a real PostgreSQL, with minions of test doubles. */
class ClusterRoutesTest {
    static TestPostgres pg;

    @BeforeAll
    static void startPostgres() throws Exception {
        pg = TestPostgres.shared();
    }

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

    @org.junit.jupiter.api.AfterEach
    void stopTimer() {
        timer.shutdownNow();
    }

    /** The cluster's database with masters "a" and "b" joined. */
    private static DataSource twoMasters(ClusterDatabase db) throws SQLException {
        DataSource ds = db.dataSource();
        ClusterMembership.join(ds, "a", "127.0.0.1:1", "fp");
        ClusterMembership.join(ds, "b", "127.0.0.1:2", "fp");
        return ds;
    }

    /** {@code minions} connected to master b, their sessions written where a reads them. */
    private static void connectToB(DataSource ds, ClusterRoutes b, Sessions onB, List<String> minions)
            throws SQLException, InterruptedException {
        for (String m : minions) {
            onB.here.add(m);
            b.connected(m);
            awaitSession(ds, m);
        }
    }

    /** A master's sessions as a set of ids, and what it was asked to send or keep. */
    private static final class Sessions implements ClusterRoutes.Local {
        final Set<String> here = ConcurrentHashMap.newKeySet();
        final BlockingQueue<String> sent = new LinkedBlockingQueue<>();
        final BlockingQueue<String> queued = new LinkedBlockingQueue<>();
        final List<String> returned = new CopyOnWriteArrayList<>();
        /** Non-null: returns are stored later, when the test runs these (the job cache writes in batches). */
        volatile List<Runnable> storeLater;

        @Override
        public boolean connected(String minionId) {
            return here.contains(minionId);
        }

        @Override
        public void send(String minionId, Message message) {
            sent.add(minionId + " " + ((JobRequest) message).jid());
        }

        @Override
        public void queue(String minionId, JobRequest request) {
            queued.add(minionId + " " + request.jid() + " " + request.queuedForMillis());
        }

        @Override
        public void acknowledged(String minionId, String jid) {
        }

        @Override
        public void returned(String minionId, String jid, MinionResult result, Runnable stored) {
            returned.add(minionId + " " + jid);
            if (storeLater == null) {
                stored.run();
            } else {
                storeLater.add(stored);
            }
        }
    }

    /**
     * The publisher reads where a minion is before its leaving the other master is written: a queued job routed
     * there is kept there for the minion's next connection, where a job without a queue time is let go.
     */
    @Test
    void aQueuedJobRoutedToAMasterTheMinionHasJustLeftIsKeptThereForItsNextConnection() throws Exception {
        try (ClusterDatabase db = ClusterDatabase.open(pg.newCluster())) {
            DataSource ds = twoMasters(db);
            Sessions onA = new Sessions();
            Sessions onB = new Sessions();
            ClusterRoutes a = new ClusterRoutes(ds, "a", onA, Runnable::run, timer);
            ClusterRoutes b = new ClusterRoutes(ds, "b", onB, Runnable::run, timer);
            b.connected("m1"); // written; the minion then goes before B has written its leaving
            awaitSession(ds, "m1");
            assertEquals(Set.of("m1"), a.reachable(List.of("m1")), "A reads m1 at B");

            JobRequest queued = new JobRequest("20261128000000000001", "test.ping", List.of(), Map.of(), 5000, "op",
                    60_000);
            JobRequest plain = new JobRequest("20261128000000000002", "test.ping", List.of(), Map.of(), 5000, "op");
            a.send(queued, List.of("m1"));
            a.send(plain, List.of("m1"));
            b.jobsNotice("b"); // taken on this thread (its executor runs tasks in place)

            assertEquals(List.of("m1 20261128000000000001 60000"), List.copyOf(onB.queued),
                    "the queued job kept at B, the job without a queue time not");
            assertTrue(onB.sent.isEmpty(), "nothing sent to a minion B does not hold");
            onB.queued.clear();

            onB.here.add("m1"); // back: a job routed now goes to its session
            JobRequest later = new JobRequest("20261128000000000003", "test.ping", List.of(), Map.of(), 5000, "op",
                    60_000);
            a.send(later, List.of("m1"));
            b.jobsNotice("b");
            assertEquals(List.of("m1 20261128000000000003"), List.copyOf(onB.sent));
            assertTrue(onB.queued.isEmpty());
        }
    }

    /**
     * A burst of replies longer than one take, whose first rows are still being stored when the take reads on: the
     * rows behind them are taken in the same pass, not left in the table until some later notice (the 2 x 5,000
     * bench call lost 2 % of its returns this way: the tail of a burst waited for the next call's notices).
     */
    @Test
    void repliesBehindOnesStillBeingStoredAreTakenWithoutAnotherNotice() throws Exception {
        try (ClusterDatabase db = ClusterDatabase.open(pg.newCluster())) {
            DataSource ds = twoMasters(db);
            Sessions onA = new Sessions();
            Sessions onB = new Sessions();
            int perTake = 2;
            ClusterRoutes a = new ClusterRoutes(ds, "a", onA, Runnable::run, timer, perTake);
            ClusterRoutes b = new ClusterRoutes(ds, "b", onB, Runnable::run, timer, perTake);
            List<String> minions = List.of("m1", "m2", "m3", "m4", "m5");
            connectToB(ds, b, onB, minions);
            String jid = "20261129000000000001";
            a.send(new JobRequest(jid, "test.ping", List.of(), Map.of(), 5000, "op"), minions);
            b.jobsNotice("b");
            assertEquals(minions.size(), onB.sent.size(), "B sent the routed job to its five minions");

            List<Runnable> acknowledgedAtB = new CopyOnWriteArrayList<>();
            for (String m : minions) {
                JobReturn ret = new JobReturn(jid, MinionReturn.ok(true, 1, 2));
                assertTrue(b.relay(m, ret, () -> acknowledgedAtB.add(() -> { })), m + "'s return is relayed");
            }
            assertEquals(minions.size(), acknowledgedAtB.size(), "every return committed before its minion is acked");

            onA.storeLater = new CopyOnWriteArrayList<>();
            a.repliesNotice("a"); // the one notice: the returns' rows are then stored at A's own pace
            assertEquals(minions.stream().map(m -> m + " " + jid).toList(), List.copyOf(onA.returned),
                    "all five taken in one pass, two rows a take, though the first were not yet stored");
            onA.storeLater.forEach(Runnable::run);
            try (Connection c = ds.getConnection(); PreparedStatement q = c.prepareStatement(
                    "SELECT count(*) FROM routed_replies"); ResultSet r = q.executeQuery()) {
                r.next();
                assertEquals(0, r.getInt(1), "rows of stored returns deleted");
            }
        }
    }

    /**
     * A pass reads the ids of A's reply rows; before it reads their messages, the returns taken by an earlier pass
     * are stored and their rows deleted: the pass finds them gone, and takes none of them a second time (each would
     * be a duplicate the tracker refuses; 12,479 of them in one 2 x 5,000 bench run).
     */
    @Test
    void aReplyStoredWhileAPassReadsIsNotTakenTwice() throws Exception {
        try (ClusterDatabase db = ClusterDatabase.open(pg.newCluster())) {
            DataSource ds = twoMasters(db);
            Sessions onA = new Sessions();
            Sessions onB = new Sessions();
            List<Runnable> afterIdsRead = new CopyOnWriteArrayList<>();
            ClusterRoutes a = new ClusterRoutes(afterIdsRead(ds, afterIdsRead), "a", onA, Runnable::run, timer, 1000);
            ClusterRoutes b = new ClusterRoutes(ds, "b", onB, Runnable::run, timer, 1000);
            List<String> minions = List.of("m1", "m2");
            connectToB(ds, b, onB, minions);
            String jid = "20261129000000000002";
            a.send(new JobRequest(jid, "test.ping", List.of(), Map.of(), 5000, "op"), minions);
            b.jobsNotice("b");
            assertTrue(b.relay("m1", new JobReturn(jid, MinionReturn.ok(true, 1, 2)), () -> { }));

            onA.storeLater = new CopyOnWriteArrayList<>();
            a.repliesNotice("a");
            assertEquals(List.of("m1 " + jid), List.copyOf(onA.returned));

            assertTrue(b.relay("m2", new JobReturn(jid, MinionReturn.ok(true, 1, 2)), () -> { }));
            List<Runnable> storeM1 = List.copyOf(onA.storeLater);
            afterIdsRead.add(() -> storeM1.forEach(Runnable::run)); // m1's row deleted between the two reads
            a.repliesNotice("a");
            assertEquals(List.of("m1 " + jid, "m2 " + jid), List.copyOf(onA.returned),
                    "m2 taken, m1 not taken again");
        }
    }

    /** {@code ds}, running (once) each of {@code hooks} right after a statement has read reply ids. */
    private static DataSource afterIdsRead(DataSource ds, List<Runnable> hooks) {
        return (DataSource) Proxy.newProxyInstance(DataSource.class.getClassLoader(), new Class<?>[] {DataSource.class},
                (proxy, method, args) -> {
                    Object out = invoke(method, ds, args);
                    return out instanceof Connection c ? connection(c, hooks) : out;
                });
    }

    private static Connection connection(Connection c, List<Runnable> hooks) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    Object out = invoke(method, c, args);
                    if (out instanceof PreparedStatement ps && String.valueOf(args[0]).startsWith("SELECT id")
                            && String.valueOf(args[0]).contains("FROM routed_replies WHERE to_master")) {
                        return (PreparedStatement) Proxy.newProxyInstance(PreparedStatement.class.getClassLoader(),
                                new Class<?>[] {PreparedStatement.class}, (p, m, a) -> {
                                    Object result = invoke(m, ps, a);
                                    if (m.getName().equals("executeQuery")) {
                                        List<Runnable> due = List.copyOf(hooks);
                                        hooks.clear();
                                        due.forEach(Runnable::run);
                                    }
                                    return result;
                                });
                    }
                    return out;
                });
    }

    private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static void awaitSession(DataSource ds, String minion) throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            try (Connection c = ds.getConnection(); PreparedStatement q = c.prepareStatement(
                    "SELECT count(*) FROM minion_sessions WHERE minion_id = ?")) {
                q.setString(1, minion);
                try (ResultSet r = q.executeQuery()) {
                    r.next();
                    if (r.getInt(1) > 0) {
                        return;
                    }
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the session of " + minion + " was not written within 10 s");
    }
}
