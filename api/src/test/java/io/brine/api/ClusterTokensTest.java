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
        ClusterConfig cluster = pg.newCluster();
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

    @Test
    void theApiOfAClusterMasterReadsTokensThroughTheMastersPoolAndLeavesItOpen() throws Exception {
        ClusterConfig cluster = pg.newCluster();
        Path home = java.nio.file.Files.createDirectories(root.resolve("m"));
        Path yaml = java.nio.file.Files.writeString(home.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: "
                + ApiFixture.freePort() + "\npki_dir: " + home.resolve("pki") + "\ncachedir: " + home.resolve("cache")
                + "\napi: {interface: 127.0.0.1, port: 0}\npublisher_acl:\n  token:heat: ['@keys']\n");
        try (io.brine.master.Master master = io.brine.master.Master.start(MasterConfig.load(yaml)
                .withCluster(cluster))) {
            String token;
            try (TokenStore cli = TokenStore.forMaster(master.config())) {
                token = cli.create("heat", Duration.ofHours(1));
            }
            java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
            try (ApiServer api = ApiServer.start(master)) {
                java.net.http.HttpResponse<String> keys = http.send(java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(api.address() + "/keys")).header("Authorization", "Bearer " + token)
                        .build(), java.net.http.HttpResponse.BodyHandlers.ofString());
                assertEquals(200, keys.statusCode(), "the token made in the database is taken: " + keys.body());
            }
            try (java.sql.Connection c = master.clusterDataSource().orElseThrow().getConnection()) {
                assertEquals(true, c.isValid(2), "the master's pool outlives its API server");
            }
        }
    }
}
