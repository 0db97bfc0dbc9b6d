package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cluster's database against a real PostgreSQL started for this class. */
class ClusterDatabaseTest {
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

    @Test
    void aNewDatabaseIsMigratedToThisBuildsSchema() throws Exception {
        try (ClusterDatabase db = ClusterDatabase.open(ClusterConfig.of(pg.newDatabase(), "brine"))) {
            assertEquals("2", db.schemaVersion());
            try (Connection c = db.connection(); Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("SELECT count(*) FROM cluster_masters")) {
                assertTrue(r.next());
                assertEquals(0, r.getInt(1), "the masters' table exists, empty");
            }
        }
    }

    @Test
    void mastersStartingTogetherMigrateOnceAndAllOpen() throws Exception {
        ClusterConfig cfg = ClusterConfig.of(pg.newDatabase(), "brine");
        ExecutorService starting = Executors.newFixedThreadPool(3);
        List<ClusterDatabase> opened = new ArrayList<>();
        try {
            List<Future<ClusterDatabase>> three = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                three.add(starting.submit(() -> ClusterDatabase.open(cfg)));
            }
            for (Future<ClusterDatabase> f : three) {
                opened.add(f.get());
            }
            for (ClusterDatabase db : opened) {
                assertEquals("2", db.schemaVersion());
            }
            try (Connection c = opened.get(0).connection(); Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("SELECT count(*) FROM brine_schema_history WHERE success")) {
                assertTrue(r.next());
                assertEquals(2, r.getInt(1), "each migration applied, once");
            }
        } finally {
            opened.forEach(ClusterDatabase::close);
            starting.shutdownNow();
        }
    }

    @Test
    void aDatabaseThatIsNotThereIsOneErrorNamingIt() throws Exception {
        String url = pg.newDatabase() + "_missing";
        ConfigException e = assertThrows(ConfigException.class,
                () -> ClusterDatabase.open(ClusterConfig.of(url, "brine")));
        assertTrue(e.getMessage().startsWith("cluster: the database ClusterConfig[" + url + ", user=brine] cannot be "
                + "used: "), e.getMessage());
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
    }

    @Test
    void aPasswordFileThatCannotBeReadIsSaidBeforeConnecting() {
        ClusterConfig cfg = new ClusterConfig("postgresql://127.0.0.1:" + pg.port() + "/postgres", null, "brine",
                root.resolve("no-such-password"), null, null, null, null, 2);
        ConfigException e = assertThrows(ConfigException.class, () -> ClusterDatabase.open(cfg));
        assertTrue(e.getMessage().startsWith("cluster: password_file " + root.resolve("no-such-password")
                + " cannot be read"), e.getMessage());
    }

    @Test
    void aMasterRefusesTheKeyUntilItsStateIsShared() throws Exception {
        Files.createDirectories(root);
        MasterConfig config = MasterConfig.underDirectory(root, 0).withCluster(ClusterConfig.of(pg.newDatabase(),
                "brine"));
        ConfigException e = assertThrows(ConfigException.class, () -> Master.start(config));
        assertTrue(e.getMessage().startsWith("cluster: masters sharing their state in PostgreSQL are not complete"),
                e.getMessage());
    }
}
