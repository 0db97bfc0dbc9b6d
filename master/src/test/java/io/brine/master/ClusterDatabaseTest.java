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
        pg = TestPostgres.shared();
    }

    @Test
    void aNewDatabaseIsMigratedToThisBuildsSchema() throws Exception {
        try (ClusterDatabase db = ClusterDatabase.open(pg.newCluster())) {
            assertEquals(newestMigration(), db.schemaVersion());
            try (Connection c = db.connection(); Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("SELECT count(*) FROM cluster_masters")) {
                assertTrue(r.next());
                assertEquals(0, r.getInt(1), "the masters' table exists, empty");
            }
        }
    }

    @Test
    void mastersStartingTogetherMigrateOnceAndAllOpen() throws Exception {
        ClusterConfig cfg = pg.newCluster();
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
                assertEquals(newestMigration(), db.schemaVersion());
            }
            try (Connection c = opened.get(0).connection(); Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("SELECT count(*) FROM brine_schema_history WHERE success")) {
                assertTrue(r.next());
                assertEquals(migrations().size(), r.getInt(1), "each migration applied, once");
            }
        } finally {
            opened.forEach(ClusterDatabase::close);
            starting.shutdownNow();
        }
    }

    /** The versions of the migrations this build has ({@code V<n>__*.sql}), in order. */
    private static List<Integer> migrations() throws Exception {
        Path dir = Path.of(ClusterDatabaseTest.class.getClassLoader().getResource("db/brine-postgresql").toURI());
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.matches("V[0-9]+__.*\\.sql"))
                    .map(n -> Integer.parseInt(n.substring(1, n.indexOf("__")))).sorted().toList();
        }
    }

    private static String newestMigration() throws Exception {
        List<Integer> all = migrations();
        return String.valueOf(all.get(all.size() - 1));
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
}
