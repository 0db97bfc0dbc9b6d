package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.master.internal.AuditLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit trail of a cluster's masters, in its database: one trail, whichever master wrote a line. */
class ClusterAuditTest {
    static TestPostgres pg;

    @TempDir
    Path root;

    @BeforeAll
    static void postgres() throws Exception {
        pg = TestPostgres.shared();
    }

    @Test
    void linesFromTwoMastersAreOneTrailInTheDatabaseAndNoneInTheirFiles() throws Exception {
        ClusterConfig cluster = pg.newCluster();
        MasterConfig a = MasterConfig.underDirectory(root.resolve("a"), 0).withCluster(cluster);
        MasterConfig b = MasterConfig.underDirectory(root.resolve("b"), 0).withCluster(cluster);
        try (AuditLog onA = AuditLog.open(a); AuditLog onB = AuditLog.open(b)) {
            onA.recordBefore(Principal.named("heat", "api"), "publish", Map.of("jid", "1", "function", "test.ping"));
            onB.record(Principal.named("ops", "cli"), "key.delete", Map.of("id", "web1"));
            assertEquals(null, onA.failing(), "the trail can be written");
        }
        List<String> actions = new ArrayList<>();
        try (ClusterDatabase db = ClusterDatabase.open(cluster); Connection c = db.connection();
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT entry->>'action', entry->>'identity' FROM audit_log ORDER BY id")) {
            while (r.next()) {
                actions.add(r.getString(1));
            }
        }
        // each master's writer thread keeps its own lines in order; between two masters no order is defined
        assertEquals(List.of("key.delete", "publish"), actions.stream().sorted().toList());
        assertTrue(!Files.exists(a.auditLog()) && !Files.exists(b.auditLog()), "no audit file beside the database");
    }
}
