package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.protocol.JobRecord;
import io.brine.protocol.KeyStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real minion process in a network namespace of the test's own, joined to the master by a veth pair: the
 * link goes down while a job runs, for longer than the heartbeat expiry, and comes back. The job ends during
 * the partition; its return reaches the master after the minion reconnects, because the minion kept it.
 */
class PartitionIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path JAR = Path.of("target", "brine.jar").toAbsolutePath();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;
    private final String tag = Integer.toString(ThreadLocalRandom.current().nextInt(1 << 24), 36);
    private final String ns = "brn" + tag;
    private final String hostSide = "vb" + tag;
    private final String nsSide = "vm" + tag;
    private Process minion;
    private TestCluster cluster;

    @AfterEach
    void cleanUp() throws Exception {
        if (minion != null) {
            minion.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        if (cluster != null) {
            cluster.close();
        }
        run("ip", "netns", "del", ns); // takes its end of the veth pair, and so the pair, with it
    }

    @Test
    void aReturnMadeDuringAPartitionArrivesAfterIt() throws Exception {
        assumeTrue(ProcessHandle.current().info().user().map("root"::equals).orElse(false),
                "network namespaces need root (CI runs as root)");
        int subnet = ThreadLocalRandom.current().nextInt(256);
        String masterIp = "10.213." + subnet + ".1";
        String minionIp = "10.213." + subnet + ".2";
        exec("ip", "netns", "add", ns);
        exec("ip", "link", "add", hostSide, "type", "veth", "peer", "name", nsSide);
        exec("ip", "link", "set", nsSide, "netns", ns);
        exec("ip", "addr", "add", masterIp + "/30", "dev", hostSide);
        exec("ip", "link", "set", hostSide, "up");
        exec("ip", "netns", "exec", ns, "ip", "addr", "add", minionIp + "/30", "dev", nsSide);
        exec("ip", "netns", "exec", ns, "ip", "link", "set", nsSide, "up");
        exec("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up");

        cluster = TestCluster.start(dir, "", masterIp);
        Path minionYaml = Files.writeString(dir.resolve("minion.yaml"), "id: parted\nmaster: " + masterIp
                + "\nmaster_port: " + cluster.port + "\nmaster_tofu: true\nheartbeat: 1\npki_dir: "
                + dir.resolve("parted/pki") + "\ncachedir: " + dir.resolve("parted/cache") + "\n");
        minion = new ProcessBuilder("ip", "netns", "exec", ns, "java", "-jar", JAR.toString(), "minion", "-c",
                minionYaml.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("minion.log").toFile())
                .start();
        Await.until(() -> cluster.master.keys().list().get(KeyStatus.PENDING).contains("parted"),
                "the minion's key", WAIT);
        assertEquals(0, cluster.cli("key", "accept", "parted").exit());
        Await.until(() -> cluster.cli("run", "parted", "test.ping").exit() == 0, "the minion answering", WAIT);

        TestCluster.CliResult cast = cluster.cli("run", "--async", "--out", "json", "parted", "cmd.run",
                "sleep 3; echo done");
        String jid = JSON.readTree(cast.out()).get("jid").asText();
        Path marker = dir.resolve("parted/cache/returns").resolve(jid + ".run");
        Await.until(() -> Files.exists(marker), "the job running", WAIT);

        exec("ip", "link", "set", hostSide, "down");
        // The job ends meanwhile, and waits unacknowledged in the spool; the heartbeat expiry (3 s) passes too.
        Await.until(() -> Files.exists(dir.resolve("parted/cache/returns").resolve(jid + ".ret")),
                "the spooled return", WAIT);
        long downSince = System.nanoTime();
        while (System.nanoTime() - downSince < TimeUnit.SECONDS.toNanos(5)) {
            Thread.sleep(100); // the partition itself: a fault held for a while, not synchronisation
        }
        exec("ip", "link", "set", hostSide, "up");

        Await.until(() -> cluster.master.client().job(jid).map(r -> r.returns().containsKey("parted")).orElse(false),
                "the return after the partition", WAIT);
        JobRecord job = cluster.master.client().job(jid).orElseThrow();
        assertEquals("done", ((Map<?, ?>) job.returns().get("parted").ret()).get("stdout"));
    }

    private static void exec(String... command) throws Exception {
        int rc = run(command);
        if (rc != 0) {
            throw new AssertionError(String.join(" ", command) + " exited " + rc);
        }
    }

    private static int run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(
                ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        return p.exitValue();
    }


}
