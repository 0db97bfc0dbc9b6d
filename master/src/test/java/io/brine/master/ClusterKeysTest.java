package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.protocol.KeyStatus;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Minion keys in the cluster's database, as two masters see them, against a real PostgreSQL. */
class ClusterKeysTest {
    static TestPostgres pg;

    @BeforeAll
    static void startPostgres() throws Exception {
        pg = TestPostgres.shared();
    }

    private static byte[] key(int b) {
        byte[] k = new byte[32];
        java.util.Arrays.fill(k, (byte) b);
        return k;
    }

    @Test
    void aKeyFiledThroughOneMasterIsThereForAnotherAsTheFilesWouldBe() throws Exception {
        ClusterConfig cfg = pg.newCluster();
        try (ClusterDatabase a = ClusterDatabase.open(cfg); ClusterDatabase b = ClusterDatabase.open(cfg)) {
            ClusterKeys onA = new ClusterKeys(a.dataSource());
            ClusterKeys onB = new ClusterKeys(b.dataSource());
            onA.put(KeyStatus.PENDING, "web2", key(2));
            onA.put(KeyStatus.PENDING, "web1", key(1));
            assertEquals(List.of("web1", "web2"), onB.ids(KeyStatus.PENDING));
            assertTrue(onB.move("web1", KeyStatus.PENDING, KeyStatus.ACCEPTED));
            onA.changed("web1"); // as A's listener would be told
            assertEquals(List.of("web1"), onA.ids(KeyStatus.ACCEPTED));
            assertEquals(Optional.of(KeyStatus.ACCEPTED), onA.statusOf("web1"));
            assertArrayEquals(key(1), onA.publicKey(KeyStatus.ACCEPTED, "web1").orElseThrow());
            assertFalse(onA.move("web1", KeyStatus.PENDING, KeyStatus.ACCEPTED), "no longer pending");

            onA.put(KeyStatus.DENIED, "web1", key(9)); // another key presented for an accepted id
            assertEquals(Optional.of(KeyStatus.ACCEPTED), onB.statusOf("web1"), "accepted wins, as in the files");
            assertTrue(onB.remove(KeyStatus.DENIED, "web1"));
            assertTrue(onB.delete("web1"));
            assertFalse(onB.delete("web1"));
            onA.changed("web1");
            assertEquals(Optional.empty(), onA.statusOf("web1"));
            assertEquals(List.of(), onA.ids(KeyStatus.ACCEPTED));
            assertEquals(List.of("web2"), onA.list().get(KeyStatus.PENDING));
        }
    }

    @Test
    void everyChangeIsAnnouncedToEveryMasterAtCommitAndOnlyThen() throws Exception {
        ClusterConfig cfg = pg.newCluster();
        BlockingQueue<String> heardOnB = new LinkedBlockingQueue<>();
        try (ClusterDatabase a = ClusterDatabase.open(cfg); ClusterDatabase b = ClusterDatabase.open(cfg);
                ClusterNotices listening = ClusterNotices.listen(b.dataSource(), ClusterKeys.CHANNEL,
                        heardOnB::add, r -> new Thread(r, "notices"))) {
            ClusterKeys onA = new ClusterKeys(a.dataSource());
            onA.put(KeyStatus.PENDING, "db1", key(3));
            assertEquals("db1", heardOnB.poll(10, TimeUnit.SECONDS));
            assertFalse(onA.move("db1", KeyStatus.ACCEPTED, KeyStatus.REJECTED), "nothing to move");
            assertTrue(onA.move("db1", KeyStatus.PENDING, KeyStatus.ACCEPTED));
            assertEquals("db1", heardOnB.poll(10, TimeUnit.SECONDS), "the move, not the attempt that changed nothing");
            assertTrue(onA.delete("db1"));
            assertEquals("db1", heardOnB.poll(10, TimeUnit.SECONDS));
            assertEquals(List.of(), List.copyOf(heardOnB));
        }
    }

    @Test
    void aListenerWhoseDatabaseWentAwaySaysSoWhenItIsBackAndHearsAgain() throws Exception {
        ClusterConfig cfg = pg.newCluster();
        BlockingQueue<Optional<String>> heard = new LinkedBlockingQueue<>();
        try (ClusterDatabase a = ClusterDatabase.open(cfg);
                ClusterNotices listening = ClusterNotices.listen(a.dataSource(), ClusterKeys.CHANNEL,
                        id -> heard.add(Optional.ofNullable(id)), r -> new Thread(r, "notices"))) {
            pg.stop();
            pg.restart();
            Optional<String> afresh = heard.poll(20, TimeUnit.SECONDS);
            assertNotNull(afresh, "told once it listens again");
            assertEquals(Optional.empty(), afresh, "anything may have changed meanwhile");
            new ClusterKeys(a.dataSource()).put(KeyStatus.PENDING, "back1", key(4));
            assertEquals(Optional.of("back1"), heard.poll(10, TimeUnit.SECONDS));
        }
    }
}
