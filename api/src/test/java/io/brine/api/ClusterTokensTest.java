package io.brine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brine.master.ClusterConfig;
import io.brine.master.ClusterDatabase;
import io.brine.master.MasterConfig;
import io.brine.master.TestPostgres;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The API's tokens of a cluster's masters, in its database: made through one master, taken by all. */
class ClusterTokensTest {
    static TestPostgres pg;

    @TempDir
    Path root;

    @BeforeAll
    static void postgres() throws Exception {
        pg = TestPostgres.shared();
    }

    @Test
    void aTokenMadeThroughOneMasterIsTakenByAnotherAndRevokedForBoth() throws Exception {
        ClusterConfig cluster = ClusterConfig.of(pg.newDatabase(), "brine");
        // brine token create, on master A's host: the store the CLI opens from A's configuration
        MasterConfig onA = MasterConfig.underDirectory(root.resolve("a"), 0).withCluster(cluster);
        String token;
        try (TokenStore cli = TokenStore.forMaster(onA)) {
            assertNull(cli.file(), "no token file in a cluster");
            assertEquals("the cluster's database", cli.describe());
            token = cli.create("heat", Duration.ofHours(1));
            assertThrows(IllegalArgumentException.class, () -> cli.create("heat", null), "names are the cluster's");
        }
        try (ClusterDatabase db = ClusterDatabase.open(cluster);
                TokenStore onB = new TokenStore(new ClusterTokenTable(db, false), Clock.systemUTC())) {
            assertEquals(Optional.of("heat"), onB.authenticate(token), "master B takes it");
            assertEquals(List.of("heat"), onB.list().stream().map(TokenInfo::name).toList());
            assertEquals(true, onB.revoke("heat"));
            assertEquals(Optional.empty(), onB.authenticate(token), "revoked: at once on the master that did it");
            try (TokenStore again = TokenStore.forMaster(onA)) {
                assertEquals(Optional.empty(), again.authenticate(token), "and on the others");
                assertEquals(List.of(), again.list());
            }
        }
    }
}
