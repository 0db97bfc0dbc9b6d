package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real minion process in a network namespace of the test's own, joined to the master by a veth pair. Faults
 * while a job runs: the link down, or every packet dropped by nftables, for 30 s (longer than the heartbeat
 * expiry); then a slow and lossy link. The job ends during the fault; the minion reconnects within 10 s of the
 * restore and its return reaches the master, because the minion kept it.
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
    void aReturnMadeWhileTheLinkIsDownFor30SecondsArrivesWithin10SecondsOfTheRestore() throws Exception {
        assumeTrue(NetNamespace.available(), "network namespaces need root (CI runs as root)");
        returnArrivesWithin10SecondsOfTheRestore(NetNamespace::linkDown, NetNamespace::linkUp);
    }

    @Test
    void aReturnMadeWhileAllTrafficIsDroppedFor30SecondsArrivesWithin10SecondsOfTheRestore() throws Exception {
        assumeTrue(NetNamespace.nftablesAvailable(), "needs root and nft (scripts/install-test-packages)");
        returnArrivesWithin10SecondsOfTheRestore(NetNamespace::dropAll, NetNamespace::clearDrops);
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

    /**
     * A 3-second job cast to the minion, then {@code fault} held for 30 s (the job ends meanwhile and its return
     * waits unacknowledged in the minion's spool; the heartbeat expiry passes), then {@code restore}: the minion
     * reconnects and its return arrives within 10 s of the restore (its reconnect backoff is capped at 8 s).
     */
    private void returnArrivesWithin10SecondsOfTheRestore(Fault fault, Fault restore) throws Exception {
        String jid = startJobInNamespace();
        long faulted = System.nanoTime();
        fault.apply(ns);
        Path spooled = dir.resolve("parted/cache/returns").resolve(jid + ".ret");
        Await.until(() -> Files.exists(spooled), "the spooled return", WAIT);
        holdUntil(faulted, Duration.ofSeconds(30));
        assertFalse(returned(jid), "the return crossed the partition");
        restore.apply(ns);
        long restored = System.nanoTime();

        Await.until(() -> returned(jid), "the return within 10 s of the restore", Duration.ofSeconds(10));
        long millis = (System.nanoTime() - restored) / 1_000_000;
        assertTrue(millis <= 10_000, "the return arrived " + millis + " ms after the restore");
        assertEquals("done", cluster.master.client().job(jid).orElseThrow().returns().get("parted").ret());
        assertEquals(0, cluster.cli("run", "--timeout", "5", "parted", "test.ping").exit(), "the minion answering");
        System.out.println("partition held " + (restored - faulted) / 1_000_000 + " ms; the return arrived "
                + millis + " ms after the restore");
    }

    private boolean returned(String jid) {
        return cluster.master.client().job(jid).map(r -> r.returns().containsKey("parted")).orElse(false);
    }

    /** The fault itself: a partition held until {@code from + d}, not synchronisation. */
    private static void holdUntil(long from, Duration d) throws InterruptedException {
        long end = from + d.toNanos();
        while (System.nanoTime() < end) {
            Thread.sleep(Math.max(1, Math.min(100, (end - System.nanoTime()) / 1_000_000)));
        }
    }

    /** A change made to the namespace: a fault, or its repair. */
    @FunctionalInterface
    private interface Fault {
        void apply(NetNamespace ns) throws Exception;
    }
}
