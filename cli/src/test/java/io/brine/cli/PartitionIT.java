package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.master.Job;
import io.brine.master.JobSpec;
import io.brine.protocol.KeyStatus;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real minion process in a network namespace of the test's own, joined to the master by a veth pair. Faults
 * while a job runs: the link down, or every packet dropped by nftables, for longer than the heartbeat expiry;
 * then a slow and lossy link. The job ends during the fault; its return reaches the master after it, because
 * the minion kept it.
 */
class PartitionIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path JAR = Path.of("target", "brine.jar").toAbsolutePath();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;
    private NetNamespace ns;
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
        if (ns != null) {
            ns.close();
        }
    }

    @Test
    void aReturnMadeWhileTheLinkIsDownArrivesAfterIt() throws Exception {
        assumeTrue(NetNamespace.available(), "network namespaces need root (CI runs as root)");
        String jid = startJobInNamespace();
        ns.linkDown();
        awaitSpooled(jid); // the job ends meanwhile, and waits unacknowledged; the heartbeat expiry (3 s) passes
        hold(Duration.ofSeconds(5));
        ns.linkUp();
        awaitReturn(jid, WAIT);
    }

    @Test
    void aReturnMadeWhileAllTrafficIsDroppedFor30SecondsArrivesWithin10SecondsOfTheRestore() throws Exception {
        assumeTrue(NetNamespace.nftablesAvailable(), "needs root and nft (scripts/install-test-packages)");
        String jid = startJobInNamespace();
        ns.dropAll();
        awaitSpooled(jid);
        hold(Duration.ofSeconds(30));
        ns.clearDrops();
        // The minion's reconnect backoff is capped at 8 s, so it is back, and its return with it, within 10 s.
        awaitReturn(jid, Duration.ofSeconds(10));
    }

    @Test
    void callsCompleteOverASlowLossyLink() throws Exception {
        assumeTrue(NetNamespace.nftablesAvailable(), "needs root and nft (scripts/install-test-packages)");
        ns = NetNamespace.create();
        cluster = TestCluster.start(dir, "", ns.hostIp);
        try (DelayingProxy link = new DelayingProxy(InetAddress.getByName(ns.hostIp),
                InetAddress.getByName(ns.hostIp), cluster.port, 300)) {
            startMinion(link.port());
            ns.dropRandomly(5);
            List<Long> millis = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                long t0 = System.nanoTime();
                Job r = cluster.master.client().call(JobSpec.of("parted", "test.echo", "call " + i)
                        .withTimeout(Duration.ofSeconds(20)));
                assertEquals("call " + i, r.returns().containsKey("parted") ? r.returns().get("parted").ret() : null,
                        "call " + i + " over 300 ms and 5% loss: " + r.missing());
                millis.add((System.nanoTime() - t0) / 1_000_000);
            }
            // slower, not lost: a job and its return cross the delayed link once each way
            assertTrue(millis.stream().allMatch(m -> m >= 600), "round trips " + millis);
        }
    }

    /** A namespace, a master on the host's end of the veth, the minion accepted, a 3-second job cast to it. */
    private String startJobInNamespace() throws Exception {
        ns = NetNamespace.create();
        cluster = TestCluster.start(dir, "", ns.hostIp);
        startMinion(cluster.port);
        TestCluster.CliResult cast = cluster.cli("run", "--async", "--out", "json", "parted", "cmd.run",
                "sleep 3; echo done");
        String jid = JSON.readTree(cast.out()).get("jid").asText();
        Path marker = dir.resolve("parted/cache/returns").resolve(jid + ".run");
        Await.until(() -> Files.exists(marker), "the job running", WAIT);
        return jid;
    }

    private void startMinion(int port) throws Exception {
        Path minionYaml = Files.writeString(dir.resolve("minion.yaml"), "id: parted\nmaster: " + ns.hostIp
                + "\nmaster_port: " + port + "\nmaster_tofu: true\nheartbeat: 1\npki_dir: "
                + dir.resolve("parted/pki") + "\ncachedir: " + dir.resolve("parted/cache") + "\n");
        minion = new ProcessBuilder(ns.command("java", "-jar", JAR.toString(), "minion", "-c",
                minionYaml.toString())).redirectErrorStream(true)
                .redirectOutput(dir.resolve("minion.log").toFile()).start();
        Await.until(() -> cluster.master.keys().list().pending().contains("parted"),
                "the minion's key", WAIT);
        assertEquals(0, cluster.cli("key", "accept", "parted").exit());
        Await.until(() -> cluster.cli("run", "parted", "test.ping").exit() == 0, "the minion answering", WAIT);
    }

    private void awaitSpooled(String jid) throws InterruptedException {
        Path spooled = dir.resolve("parted/cache/returns").resolve(jid + ".ret");
        Await.until(() -> Files.exists(spooled), "the spooled return", WAIT);
    }

    private void awaitReturn(String jid, Duration within) throws Exception {
        Await.until(() -> cluster.master.client().job(jid).map(r -> r.returns().containsKey("parted")).orElse(false),
                "the return after the fault", within);
        Job job = cluster.master.client().job(jid).orElseThrow();
        assertEquals("done", job.returns().get("parted").ret()); // cmd.run returns stdout, as Salt's
    }

    /** The fault itself: a partition held for a while, not synchronisation. */
    private static void hold(Duration d) throws InterruptedException {
        long end = System.nanoTime() + d.toNanos();
        while (System.nanoTime() < end) {
            Thread.sleep(100);
        }
    }
}
