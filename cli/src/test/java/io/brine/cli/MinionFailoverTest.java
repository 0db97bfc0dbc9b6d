package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.master.Master;
import io.brine.master.MasterConfig;
import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import io.brine.protocol.KeyStatus;
import io.brine.protocol.crypto.KeyFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A minion with {@code master_type: failover}: its master killed, it answers the next one within 5 s. */
class MinionFailoverTest {
    @TempDir
    Path root;

    @Test
    void aMinionWhoseMasterIsGoneAnswersTheNextMasterOfItsList() throws Exception {
        Master a = Master.start(MasterConfig.underDirectory(root.resolve("a"), 0));
        // the masters of a cluster share one key, which the minion pins: B starts with A's
        Files.createDirectories(root.resolve("b/pki"));
        Files.copy(root.resolve("a/pki/master.pem"), root.resolve("b/pki/master.pem"));
        try (Master b = Master.start(MasterConfig.underDirectory(root.resolve("b"), 0));
                Minion m = Minion.start(MinionConfig.underDirectory(root.resolve("m1"), "m1", a.port())
                        .withFailover(List.of("127.0.0.1:" + b.port())).withHeartbeat(Duration.ofSeconds(1)))) {
            TestCluster.awaitStatus(m, KeyStatus.PENDING, Duration.ofSeconds(20));
            a.keys().accept("m1");
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(20));
            b.keys().preseed("m1", KeyFiles.readPublicKey(root.resolve("a/pki/minions/m1")));
            assertEquals(List.of("m1"), a.client().call(JobSpec.of("m1", "test.ping")).returns().keySet().stream()
                    .toList(), "served by its first master");

            a.close();
            long lost = System.nanoTime();
            Await.until(() -> b.keys().status("m1").map(st -> st.up()).orElse(false), "m1 up on the next master",
                    Duration.ofSeconds(5));
            long tookMillis = (System.nanoTime() - lost) / 1_000_000;
            Job fromB = b.client().call(JobSpec.of("m1", "test.ping"));
            assertEquals(true, fromB.returns().get("m1").ret(), "and answers it (" + tookMillis + " ms after the loss)");
        } finally {
            a.close();
        }
    }
}
