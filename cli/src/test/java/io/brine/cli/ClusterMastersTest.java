package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.config.ConfigException;
import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.master.ClusterConfig;
import io.brine.master.Master;
import io.brine.master.MasterConfig;
import io.brine.master.TestPorts;
import io.brine.master.TestPostgres;
import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import io.brine.protocol.KeyStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Masters of one cluster (issue 27), on a PostgreSQL of the test's own: what one does, the others know. */
class ClusterMastersTest {
    static TestPostgres pg;

    @TempDir
    Path root;

    @BeforeAll
    static void startPostgres() throws Exception {
        pg = TestPostgres.shared();
    }

    /** A master of the cluster in {@code dir}, holding the key in {@code keyFrom}'s pki_dir (null: a new one). */
    private Master master(String dir, ClusterConfig cluster, Path keyFrom) throws Exception {
        if (keyFrom != null) {
            Files.createDirectories(root.resolve(dir).resolve("pki"));
            Files.copy(keyFrom.resolve("pki/master.pem"), root.resolve(dir).resolve("pki/master.pem"));
        }
        return Master.start(MasterConfig.underDirectory(root.resolve(dir), 0).withCluster(cluster));
    }

    @Test
    void aKeyAcceptedThroughOneMasterLetsTheMinionInOnAnotherAndItsDeletionCutsItOffWithinASecond()
            throws Exception {
        ClusterConfig cluster = pg.newCluster();
        try (Master a = master("a", cluster, null); Master b = master("b", cluster, root.resolve("a"));
                Minion m = Minion.start(MinionConfig.underDirectory(root.resolve("m1"), "m1", b.port())
                        .withHeartbeat(Duration.ofSeconds(1)))) {
            TestCluster.awaitStatus(m, KeyStatus.PENDING, Duration.ofSeconds(20));
            // A lists from a cache its database notices refresh: B's filing reaches it a notice later, which a
            // loaded machine once made later than the minion hearing "pending" from B
            Await.until(() -> a.keys().list().pending().equals(List.of("m1")), "filed through B, pending on A",
                    Duration.ofSeconds(5));
            a.keys().accept("m1");
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(5));
            assertEquals(true, b.client().call(JobSpec.of("m1", "test.ping")).returns().get("m1").ret(),
                    "B serves it");

            a.keys().delete("m1");
            long deleted = System.nanoTime();
            Await.until(() -> m.status() != KeyStatus.ACCEPTED, "m1 cut off on B", Duration.ofSeconds(5));
            long tookMillis = (System.nanoTime() - deleted) / 1_000_000;
            assertTrue(tookMillis < 1000, "cut off on B within a second of the deletion on A: " + tookMillis + " ms");
        }
    }

    @Test
    void aJobFromEitherMasterReachesTheMinionsConnectedToTheOtherAndItsReturnsComeBack() throws Exception {
        ClusterConfig cluster = pg.newCluster();
        try (Master a = master("a", cluster, null); Master b = master("b", cluster, root.resolve("a"));
                Minion onA = Minion.start(MinionConfig.underDirectory(root.resolve("m1"), "m1", a.port())
                        .withGrains(java.util.Map.of("role", "web")));
                Minion onB = Minion.start(MinionConfig.underDirectory(root.resolve("m2"), "m2", b.port())
                        .withGrains(java.util.Map.of("role", "db")))) {
            TestCluster.awaitStatus(onA, KeyStatus.PENDING, Duration.ofSeconds(20));
            TestCluster.awaitStatus(onB, KeyStatus.PENDING, Duration.ofSeconds(20));
            a.keys().accept("m1");
            b.keys().accept("m2");
            TestCluster.awaitStatus(onA, KeyStatus.ACCEPTED, Duration.ofSeconds(5));
            TestCluster.awaitStatus(onB, KeyStatus.ACCEPTED, Duration.ofSeconds(5));
            // grains reported to B target on A, and the other way round (once the minions have reported them)
            Await.until(() -> byGrain(a, "role:db").equals(java.util.Set.of("m2")), "-G on A selects m2, on B",
                    Duration.ofSeconds(10));
            Await.until(() -> byGrain(b, "role:web").equals(java.util.Set.of("m1")), "-G on B selects m1, on A",
                    Duration.ofSeconds(10));
            for (Master from : List.of(a, b)) {
                Job job = from.client().call(JobSpec.of("*", "test.echo", "hello").withTimeout(Duration.ofSeconds(10)));
                assertEquals(java.util.Set.of("m1", "m2"), job.returns().keySet(), "both minions answered " + job);
                assertEquals("hello", job.returns().get("m1").ret());
                assertEquals("hello", job.returns().get("m2").ret());
                Master other = from == a ? b : a;
                // the publishing master writes the returns it has shown its caller within moments
                Await.until(() -> other.client().job(job.jid()).map(j -> j.returns().keySet().equals(
                        job.returns().keySet())).orElse(false), "the other master shows the same job",
                        Duration.ofSeconds(10));
            }
        }
    }

    @Test
    void threeHotHotMinionsAnswerAJobFromEachMasterToThatMasterAndAKeyDeletedOnOneCutsItOffOnBoth() throws Exception {
        ClusterConfig cluster = pg.newCluster();
        List<String> ids = List.of("m1", "m2", "m3");
        try (Master a = master("a", cluster, null); Master b = master("b", cluster, root.resolve("a"))) {
            List<Minion> minions = new java.util.ArrayList<>();
            try {
                for (String id : ids) {
                    minions.add(Minion.start(MinionConfig.underDirectory(root.resolve(id), id, a.port())
                            .withMultiMaster(List.of("127.0.0.1:" + b.port())).withHeartbeat(Duration.ofSeconds(1))));
                }
                for (Minion m : minions) {
                    TestCluster.awaitStatus(m, KeyStatus.PENDING, Duration.ofSeconds(20));
                    a.keys().accept(m.id());
                }
                for (Minion m : minions) {
                    Await.until(() -> m.mastersConnected() == 2, m.id() + " accepted by both masters",
                            Duration.ofSeconds(10));
                }
                for (Master from : List.of(a, b)) {
                    Job job = from.client().call(JobSpec.of("*", "test.echo", "from " + from.port())
                            .withTimeout(Duration.ofSeconds(10)));
                    assertEquals(java.util.Set.copyOf(ids), job.returns().keySet(),
                            "every minion's return came back to the master that published: " + job);
                    job.returns().values().forEach(r -> assertEquals("from " + from.port(), r.ret()));
                    Master other = from == a ? b : a;
                    Await.until(() -> other.client().job(job.jid()).map(j -> j.returns().keySet().equals(
                            job.returns().keySet())).orElse(false), "the other master shows the same job",
                            Duration.ofSeconds(10));
                }
                Minion m1 = minions.get(0);
                a.keys().delete("m1");
                long deleted = System.nanoTime();
                Await.until(() -> m1.mastersConnected() == 0, "m1 cut off by both masters", Duration.ofSeconds(5));
                long tookMillis = (System.nanoTime() - deleted) / 1_000_000;
                assertTrue(tookMillis < 1000, "cut off by A and B within a second of the deletion on A: " + tookMillis
                        + " ms");
                assertEquals(2, minions.get(1).mastersConnected(), "m2 stays with both");
            } finally {
                minions.forEach(Minion::close);
            }
        }
    }

    @Test
    void aMinionFailsOverToAnotherMasterOfTheClusterAndTheReturnOfAJobRunningThroughTheLossIsRecorded()
            throws Exception {
        ClusterConfig cluster = pg.newCluster();
        Master a = master("a", cluster, null);
        try (Master b = master("b", cluster, root.resolve("a"));
                Minion m = Minion.start(MinionConfig.underDirectory(root.resolve("m1"), "m1", a.port())
                        .withFailover(List.of("127.0.0.1:" + b.port())).withHeartbeat(Duration.ofSeconds(1)))) {
            TestCluster.awaitStatus(m, KeyStatus.PENDING, Duration.ofSeconds(20));
            b.keys().accept("m1"); // through either master: one set of keys
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(5));
            Path started = root.resolve("started");
            String jid = a.client().cast(JobSpec.of("m1", "cmd.run", "touch " + started + "; sleep 1; echo through")
                    .withTimeout(Duration.ofSeconds(30)));
            Await.until(() -> Files.exists(started), "the command running on m1", Duration.ofSeconds(10));
            a.close();
            long lost = System.nanoTime();
            Await.until(() -> b.keys().status("m1").map(st -> st.up()).orElse(false), "m1 up on B",
                    Duration.ofSeconds(5));
            long tookMillis = (System.nanoTime() - lost) / 1_000_000;
            assertEquals(true, b.client().call(JobSpec.of("m1", "test.ping")).returns().get("m1").ret(),
                    "m1 answers B " + tookMillis + " ms after A went");
            Await.until(() -> b.client().job(jid).map(j -> j.returns().containsKey("m1")).orElse(false),
                    "the return of the command A published, recorded through B", Duration.ofSeconds(15));
            assertEquals("through", b.client().job(jid).orElseThrow().returns().get("m1").ret());
        } finally {
            a.close();
        }
    }

    @Test
    void aJobQueuedThroughOneMasterForAMinionAwayRunsWhenTheMinionComesBackToAnother() throws Exception {
        ClusterConfig cluster = pg.newCluster();
        try (Master a = master("a", cluster, null); Master b = master("b", cluster, root.resolve("a"))) {
            try (Minion first = Minion.start(MinionConfig.underDirectory(root.resolve("m1"), "m1", a.port()))) {
                TestCluster.awaitStatus(first, KeyStatus.PENDING, Duration.ofSeconds(20));
                a.keys().accept("m1");
                TestCluster.awaitStatus(first, KeyStatus.ACCEPTED, Duration.ofSeconds(5));
            }
            Await.until(() -> a.keys().status("m1").map(st -> !st.up()).orElse(false), "m1 away from A",
                    Duration.ofSeconds(10));
            Path ran = root.resolve("ran");
            // B started before the job was queued: it must look the delivery up as m1 connects, not at its own start
            String jid = a.client().cast(JobSpec.of("m1", "cmd.run", "touch " + ran + "; echo queued-on-a")
                    .withTargetType(io.brine.targeting.TargetType.LIST).queued(Duration.ofMinutes(5)));
            try (Minion back = Minion.start(MinionConfig.underDirectory(root.resolve("m1"), "m1", b.port()))) {
                TestCluster.awaitStatus(back, KeyStatus.ACCEPTED, Duration.ofSeconds(20));
                Await.until(() -> a.client().job(jid).map(j -> j.returns().containsKey("m1")).orElse(false),
                        "the queued job's return, through B, shown on A", Duration.ofSeconds(15));
                assertEquals("queued-on-a", a.client().job(jid).orElseThrow().returns().get("m1").ret());
                assertTrue(Files.exists(ran), "the command ran on m1");
            }
        }
    }

    /**
     * Hostile: a minion that never acknowledges its queued job and reconnects again and again makes its master look
     * the delivery up in the database on every session; the master holds it once and sends it once a session, not
     * once more for every session before (6 sessions, bounded).
     */
    @Test
    void aMinionReconnectingWithoutAcknowledgingGetsItsQueuedJobOnceASessionNeverMore() throws Exception {
        ClusterConfig cluster = pg.newCluster();
        io.brine.protocol.crypto.StaticKeyPair key = io.brine.protocol.crypto.StaticKeyPair.generate();
        try (Master a = master("a", cluster, null); Master b = master("b", cluster, root.resolve("a"))) {
            try (RogueClient first = new RogueClient(b.port(), io.brine.protocol.Role.MINION, "rogue", key)) {
                Await.until(() -> a.keys().list().pending().contains("rogue"), "rogue pending", Duration.ofSeconds(20));
                a.keys().accept("rogue");
                assertEquals(KeyStatus.ACCEPTED, awaitAccepted(first));
            }
            // away as the whole cluster reads it (B's leaving written), so that A queues the job rather than route it
            // to B's ended session (that case: ClusterRoutesTest)
            Await.until(() -> !sessionWritten(cluster, "rogue"), "rogue away from B, written",
                    Duration.ofSeconds(10));
            String jid = a.client().cast(JobSpec.of("rogue", "test.ping")
                    .withTargetType(io.brine.targeting.TargetType.LIST).queued(Duration.ofMinutes(5)));
            for (int session = 1; session <= 6; session++) {
                try (RogueClient again = new RogueClient(b.port(), io.brine.protocol.Role.MINION, "rogue", key)) {
                    assertEquals(KeyStatus.ACCEPTED, awaitAccepted(again), "session " + session);
                    Await.until(() -> deliveries(again, jid) > 0, "the queued job, session " + session,
                            Duration.ofSeconds(10));
                    // a ping through B after the delivery: what B sends on this session is sent before its answer
                    assertEquals(true, b.client().call(JobSpec.of("rogue", "test.ping")
                            .withTimeout(Duration.ofSeconds(1))).returns().isEmpty(), "the rogue answers nothing");
                    assertEquals(1, deliveries(again, jid), "one delivery on session " + session);
                }
            }
        }
    }

    /** Whether the cluster's database says a master holds {@code minion}'s session. */
    private static boolean sessionWritten(ClusterConfig cluster, String minion) {
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:" + cluster.database(),
                cluster.user(), ""); java.sql.PreparedStatement q = c.prepareStatement(
                        "SELECT count(*) FROM minion_sessions WHERE minion_id = ?")) {
            q.setString(1, minion);
            try (java.sql.ResultSet r = q.executeQuery()) {
                r.next();
                return r.getInt(1) > 0;
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long deliveries(RogueClient rogue, String jid) {
        return rogue.received.stream().filter(m -> m instanceof io.brine.protocol.JobRequest r && r.jid().equals(jid))
                .count();
    }

    /** The minions that answer a ping targeted by grain through {@code m}. */
    private static java.util.Set<String> byGrain(Master m, String grain) {
        try {
            return m.client().call(JobSpec.of(grain, "test.ping").withTargetType(io.brine.targeting.TargetType.GRAIN)
                    .withTimeout(Duration.ofSeconds(5))).returns().keySet();
        } catch (RuntimeException e) {
            return java.util.Set.of(); // no minion matched yet
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return java.util.Set.of();
        }
    }

    /** A master of the cluster whose configuration has a reactor rule: deploy events run test.echo. */
    private Master reactingMaster(String dir, ClusterConfig cluster, Path keyFrom) throws Exception {
        Path home = Files.createDirectories(root.resolve(dir));
        if (keyFrom != null) {
            Files.createDirectories(home.resolve("pki"));
            Files.copy(keyFrom.resolve("pki/master.pem"), home.resolve("pki/master.pem"));
        }
        Path yaml = Files.writeString(home.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: "
                + TestPorts.free() + "\npki_dir: " + home.resolve("pki") + "\ncachedir: " + home.resolve("cache")
                + "\nreactor:\n  - tag: 'brine/minion/*/event/deploy'\n    fun: test.echo\n    arg: ['deployed']\n");
        return Master.start(MasterConfig.load(yaml).withCluster(cluster));
    }

    @Test
    void anEventPostedThroughOneMasterReachesTheOthersSubscribersAndTheReactorFiresOnce() throws Exception {
        ClusterConfig cluster = pg.newCluster();
        Path m2 = root.resolve("m2");
        try (Master a = reactingMaster("a", cluster, null); Master b = reactingMaster("b", cluster, root.resolve("a"));
                Minion onB = Minion.start(MinionConfig.underDirectory(m2, "m2", b.port()))) {
            TestCluster.awaitStatus(onB, KeyStatus.PENDING, Duration.ofSeconds(20));
            a.keys().accept("m2");
            TestCluster.awaitStatus(onB, KeyStatus.ACCEPTED, Duration.ofSeconds(5));
            java.util.concurrent.BlockingQueue<io.brine.jobs.Event> onA = new java.util.concurrent.LinkedBlockingQueue<>();
            java.util.concurrent.BlockingQueue<io.brine.jobs.Event> reactedOnB =
                    new java.util.concurrent.LinkedBlockingQueue<>();
            try (var s1 = a.events().subscribe("brine/minion/*/event/deploy", onA::add);
                    var s2 = b.events().subscribe("brine/job/*/ret/m2", reactedOnB::add)) {
                Path minionYaml = Files.writeString(root.resolve("m2.yaml"), "id: m2\nmaster: 127.0.0.1\nmaster_port: "
                        + b.port() + "\npki_dir: " + m2.resolve("pki") + "\ncachedir: " + m2.resolve("cache") + "\n");
                TestCluster.CliResult sent = TestCluster.run("event", "send", "-c", minionYaml.toString(), "deploy",
                        "build=7");
                assertEquals(0, sent.exit(), sent.err());
                io.brine.jobs.Event relayed = onA.poll(10, java.util.concurrent.TimeUnit.SECONDS);
                assertEquals("brine/minion/m2/event/deploy", relayed == null ? null : relayed.tag(),
                        "posted through B, heard on A");
                assertEquals(7L, relayed.data().get("build"));
                assertTrue(reactedOnB.poll(10, java.util.concurrent.TimeUnit.SECONDS) != null,
                        "B's reactor ran the rule");
            }
            io.brine.jobs.JobFilter byReactor = new io.brine.jobs.JobFilter(10, "test.echo", null, "reactor", 0);
            // one job cache for the cluster: each master lists every master's jobs (a listing writes its own first)
            assertEquals(1, b.client().jobs(byReactor).size(), "once, by the master the event was posted to");
            assertEquals(1, a.client().jobs(byReactor).size(), "and not again by the master it was relayed to");
        }
    }

    /** One client, its connections reused: a new client per poll leaves connections open until the metrics port's
     * per-address bound closes the oldest. */
    private static final java.net.http.HttpClient HTTP = java.net.http.HttpClient.newHttpClient();

    /** Waits until {@code m}'s /health starts with {@code prefix}. */
    private static void awaitHealth(Master m, String prefix, String what) throws InterruptedException {
        Await.until(() -> {
            try {
                return health(m).startsWith(prefix);
            } catch (Exception e) {
                return false;
            }
        }, what, Duration.ofSeconds(15));
    }

    private static String health(Master m) throws Exception {
        java.net.http.HttpResponse<String> r = HTTP.send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + m.metricsPort().orElseThrow()
                        + "/health")).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        return r.statusCode() + " " + r.body();
    }

    @Test
    void theDatabaseStoppedFor10SecondsUnderTwoMastersTheyServeTheirMinionsSayDegradedAndCatchUpLosingNoReturn()
            throws Exception {
        ClusterConfig cluster = pg.newCluster();
        io.brine.master.MetricsConfig metrics = new io.brine.master.MetricsConfig("127.0.0.1", 0);
        Master a = Master.start(MasterConfig.underDirectory(root.resolve("a"), 0).withCluster(cluster)
                .withMetrics(metrics));
        Files.createDirectories(root.resolve("b/pki"));
        Files.copy(root.resolve("a/pki/master.pem"), root.resolve("b/pki/master.pem"));
        try (a; Master b = Master.start(MasterConfig.underDirectory(root.resolve("b"), 0).withCluster(cluster)
                .withMetrics(metrics));
                Minion onA = Minion.start(MinionConfig.underDirectory(root.resolve("m1"), "m1", a.port()));
                Minion onB = Minion.start(MinionConfig.underDirectory(root.resolve("m2"), "m2", b.port()))) {
            TestCluster.awaitStatus(onA, KeyStatus.PENDING, Duration.ofSeconds(20));
            TestCluster.awaitStatus(onB, KeyStatus.PENDING, Duration.ofSeconds(20));
            a.keys().accept("m1");
            a.keys().accept("m2");
            TestCluster.awaitStatus(onA, KeyStatus.ACCEPTED, Duration.ofSeconds(5));
            TestCluster.awaitStatus(onB, KeyStatus.ACCEPTED, Duration.ofSeconds(5));
            for (Master m : List.of(a, b)) {
                assertTrue(health(m).startsWith("200 {\"status\":\"ok\""), health(m));
            }
            Path started = root.resolve("started");
            String through = a.client().cast(JobSpec.of("m1", "cmd.run", "touch " + started + "; sleep 3; echo through")
                    .withTimeout(Duration.ofSeconds(60)));
            Await.until(() -> Files.exists(started), "the command running on m1", Duration.ofSeconds(10));
            List<String> during = new java.util.ArrayList<>();
            long lastAnswered = 0;
            long stopped = System.nanoTime();
            pg.stop();
            try {
                for (Master m : List.of(a, b)) {
                    awaitHealth(m, "200 {\"status\":\"degraded\"", "/health of " + m.port()
                            + " says degraded, still 200");
                    assertTrue(health(m).contains("\"cluster_database\":\"the cluster's database does not answer"),
                            health(m));
                }
                // The outage's own length (10 s, the issue's), not synchronisation: calls go on all through it.
                while (System.nanoTime() - stopped < Duration.ofSeconds(10).toNanos()) {
                    for (Master m : List.of(a, b)) {
                        String id = m == a ? "m1" : "m2";
                        Job answered = m.client().call(JobSpec.of(id, "test.echo", "during " + during.size())
                                .withTimeout(Duration.ofSeconds(5)));
                        assertEquals("during " + during.size(), answered.returns().get(id).ret(),
                                "its own minion answers " + m.port() + " with the database away: " + answered);
                        during.add(answered.jid());
                    }
                    lastAnswered = System.nanoTime();
                    Thread.sleep(500); // pacing the calls, not waiting for anything
                }
            } finally {
                pg.restart();
            }
            System.out.println("database away " + (System.nanoTime() - stopped) / 1_000_000 + " ms; " + during.size()
                    + " calls answered meanwhile");
            long servedFor = (lastAnswered - stopped) / 1_000_000;
            assertTrue(servedFor >= 9_000, "both masters answered calls until " + servedFor + " ms into the outage");
            for (Master m : List.of(a, b)) {
                awaitHealth(m, "200 {\"status\":\"ok\"", "/health ok again once the database is back");
            }
            // Every job and return kept while the database was away is in it now: the other master shows each.
            for (int i = 0; i < during.size(); i++) {
                String jid = during.get(i);
                Master other = i % 2 == 0 ? b : a;
                String id = i % 2 == 0 ? "m1" : "m2";
                Await.until(() -> other.client().job(jid).map(j -> j.returns().containsKey(id)).orElse(false),
                        "the return of " + jid + " caught up in the database", Duration.ofSeconds(15));
            }
            Await.until(() -> b.client().job(through).map(j -> j.returns().containsKey("m1")).orElse(false),
                    "the return of the command running through the outage", Duration.ofSeconds(15));
            assertEquals("through", b.client().job(through).orElseThrow().returns().get("m1").ret());
        }
    }

    @Test
    void theLocalOperatorsKeyCommandsChangeTheClustersKeysAndTheMastersHearAtOnce() throws Exception {
        ClusterConfig cluster = pg.newCluster();
        Path home = Files.createDirectories(root.resolve("a"));
        Path yaml = Files.writeString(home.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: "
                + TestPorts.free() + "\npki_dir: " + home.resolve("pki") + "\ncachedir: " + home.resolve("cache")
                + "\ncluster:\n  database: '" + cluster.database() + "'\n  user: brine\n");
        try (Master a = Master.start(MasterConfig.load(yaml));
                Minion m = Minion.start(MinionConfig.underDirectory(root.resolve("m1"), "m1", a.port()))) {
            TestCluster.awaitStatus(m, KeyStatus.PENDING, Duration.ofSeconds(20));
            TestCluster.CliResult accepted = TestCluster.run("key", "accept", "-c", yaml.toString(), "m1");
            assertEquals(0, accepted.exit(), accepted.err());
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(5));
            TestCluster.CliResult listed = TestCluster.run("key", "list", "-c", yaml.toString(), "--out", "json");
            assertEquals(0, listed.exit(), listed.err());
            assertTrue(listed.out().replaceAll("\\s", "").contains("\"accepted\":[\"m1\"]"), listed.out());
            assertTrue(!Files.exists(home.resolve("pki/minions/m1")), "not in the pki_dir's files");
        }
    }

    @Test
    void anotherMinionsReturnForAJobRoutedToItsMasterIsNotPassedBack() throws Exception {
        ClusterConfig cluster = pg.newCluster();
        try (Master a = master("a", cluster, null); Master b = master("b", cluster, root.resolve("a"));
                Minion onB = Minion.start(MinionConfig.underDirectory(root.resolve("m2"), "m2", b.port()));
                RogueClient rogue = new RogueClient(b.port(), io.brine.protocol.Role.MINION, "rogue")) {
            TestCluster.awaitStatus(onB, KeyStatus.PENDING, Duration.ofSeconds(20));
            Await.until(() -> a.keys().list().pending().contains("rogue"), "the rogue pending",
                    Duration.ofSeconds(20));
            a.keys().accept("m2");
            a.keys().accept("rogue");
            TestCluster.awaitStatus(onB, KeyStatus.ACCEPTED, Duration.ofSeconds(5));
            assertEquals(KeyStatus.ACCEPTED, awaitAccepted(rogue));
            // B writes where m2 is connected on a thread of its own: until then A finds m2 connected nowhere
            Await.until(() -> answers(a, "m2"), "m2 reachable from A, through B", Duration.ofSeconds(15));
            String jid = a.client().cast(JobSpec.of("m2", "test.sleep", 1).withTimeout(Duration.ofSeconds(20)));
            // the rogue, on the same master as m2, answers for the job routed there for m2
            rogue.endpoint.send(new io.brine.protocol.JobReturn(jid, io.brine.protocol.MinionReturn.ok("forged",
                    0, 1)));
            Await.until(() -> a.client().job(jid).map(j -> j.returns().containsKey("m2")).orElse(false),
                    "m2's own return", Duration.ofSeconds(15));
            assertEquals(java.util.Set.of("m2"), a.client().job(jid).orElseThrow().returns().keySet(),
                    "the rogue's forged return never reached the job");
        }
    }

    /** Whether {@code id} answers a ping published on {@code m}. */
    private static boolean answers(Master m, String id) {
        try {
            return m.client().call(JobSpec.of(id, "test.ping").withTimeout(Duration.ofSeconds(2))).returns()
                    .containsKey(id);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static KeyStatus awaitAccepted(RogueClient rogue) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (rogue.endpoint.status() != KeyStatus.ACCEPTED && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return rogue.endpoint.status();
    }

    @Test
    void aMasterWithAnotherKeyIsRefusedNamingBoth() throws Exception {
        ClusterConfig cluster = pg.newCluster();
        try (Master a = master("a", cluster, null)) {
            ConfigException e = assertThrows(ConfigException.class, () -> master("c", cluster, null));
            assertTrue(e.getMessage().startsWith("cluster: this master's key ("), e.getMessage());
            assertTrue(e.getMessage().contains("is not the cluster's (" + a.fingerprint() + ")"), e.getMessage());
        }
        // the refused master released what it held: another starts in its directory at once
        try (Master again = master("c2", cluster, root.resolve("a"))) {
            assertEquals(true, again.port() > 0);
        }
    }
}
