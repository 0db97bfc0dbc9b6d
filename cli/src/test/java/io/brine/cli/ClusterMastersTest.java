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
import io.brine.master.TestPostgres;
import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import io.brine.protocol.KeyStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
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
        pg = TestPostgres.start();
    }

    @AfterAll
    static void stopPostgres() {
        if (pg != null) {
            pg.close();
        }
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
        ClusterConfig cluster = ClusterConfig.of(pg.newDatabase(), "brine");
        try (Master a = master("a", cluster, null); Master b = master("b", cluster, root.resolve("a"));
                Minion m = Minion.start(MinionConfig.underDirectory(root.resolve("m1"), "m1", b.port())
                        .withHeartbeat(Duration.ofSeconds(1)))) {
            TestCluster.awaitStatus(m, KeyStatus.PENDING, Duration.ofSeconds(20));
            assertEquals(List.of("m1"), a.keys().list().pending(), "filed through B, pending on A");
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
        ClusterConfig cluster = ClusterConfig.of(pg.newDatabase(), "brine");
        try (Master a = master("a", cluster, null); Master b = master("b", cluster, root.resolve("a"));
                Minion onA = Minion.start(MinionConfig.underDirectory(root.resolve("m1"), "m1", a.port()));
                Minion onB = Minion.start(MinionConfig.underDirectory(root.resolve("m2"), "m2", b.port()))) {
            TestCluster.awaitStatus(onA, KeyStatus.PENDING, Duration.ofSeconds(20));
            TestCluster.awaitStatus(onB, KeyStatus.PENDING, Duration.ofSeconds(20));
            a.keys().accept("m1");
            b.keys().accept("m2");
            TestCluster.awaitStatus(onA, KeyStatus.ACCEPTED, Duration.ofSeconds(5));
            TestCluster.awaitStatus(onB, KeyStatus.ACCEPTED, Duration.ofSeconds(5));
            for (Master from : List.of(a, b)) {
                Job job = from.client().call(JobSpec.of("*", "test.echo", "hello").withTimeout(Duration.ofSeconds(10)));
                assertEquals(java.util.Set.of("m1", "m2"), job.returns().keySet(), "both minions answered " + job);
                assertEquals("hello", job.returns().get("m1").ret());
                assertEquals("hello", job.returns().get("m2").ret());
            }
        }
    }

    @Test
    void aMasterWithAnotherKeyIsRefusedNamingBoth() throws Exception {
        ClusterConfig cluster = ClusterConfig.of(pg.newDatabase(), "brine");
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
