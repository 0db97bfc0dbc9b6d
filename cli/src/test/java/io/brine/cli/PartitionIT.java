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
 *
 * <p>The two 30-second faults are held in the same 30 seconds, each on its own namespace, master and minion:
 * they share nothing but the clock, and the suite does not wait out the same half-minute twice.
 */
class PartitionIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path JAR = Path.of("target", "brine.jar").toAbsolutePath();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;
    private final List<PartedMinion> parted = new ArrayList<>();

    @AfterEach
    void cleanUp() throws Exception {
        for (PartedMinion p : parted) {
            p.close();
        }
    }

    @Test
    void aReturnMadeWhileTheLinkIsDownOrAllTrafficIsDroppedFor30SecondsArrivesWithin10SecondsOfTheRestore()
            throws Exception {
        assumeTrue(NetNamespace.nftablesAvailable(), "needs root and nft (scripts/install-test-packages)");
        PartedMinion linkDown = start("link-down");
        PartedMinion dropped = start("dropped");
        String linkDownJid = linkDown.startJob();
        String droppedJid = dropped.startJob();

        long faulted = System.nanoTime();
        linkDown.ns.linkDown();
        dropped.ns.dropAll();
        Await.until(() -> linkDown.spooled(linkDownJid) && dropped.spooled(droppedJid), "the spooled returns", WAIT);
        holdUntil(faulted, Duration.ofSeconds(30));
        assertFalse(linkDown.returned(linkDownJid), "the return crossed the downed link");
        assertFalse(dropped.returned(droppedJid), "the return crossed the dropping firewall");
        linkDown.ns.linkUp();
        dropped.ns.clearDrops();
        long restored = System.nanoTime();

        Await.until(() -> linkDown.returned(linkDownJid) && dropped.returned(droppedJid),
                "both returns within 10 s of the restore", Duration.ofSeconds(10));
        long millis = (System.nanoTime() - restored) / 1_000_000;
        assertTrue(millis <= 10_000, "the returns arrived " + millis + " ms after the restore");
        for (PartedMinion p : List.of(linkDown, dropped)) {
            String jid = p == linkDown ? linkDownJid : droppedJid;
            assertEquals("done", p.cluster.master.client().job(jid).orElseThrow().returns().get("parted").ret());
            assertEquals(0, p.cluster.cli("run", "--timeout", "5", "parted", "test.ping").exit(),
                    p.name + ": the minion answering");
        }
        System.out.println("partitions held " + (restored - faulted) / 1_000_000 + " ms; both returns arrived within "
                + millis + " ms of the restore");
    }

    @Test
    void callsCompleteOverASlowLossyLink() throws Exception {
        assumeTrue(NetNamespace.nftablesAvailable(), "needs root and nft (scripts/install-test-packages)");
        PartedMinion lossy = new PartedMinion("lossy", Files.createDirectories(dir.resolve("lossy")));
        parted.add(lossy);
        try (DelayingProxy link = new DelayingProxy(InetAddress.getByName(lossy.ns.hostIp),
                InetAddress.getByName(lossy.ns.hostIp), lossy.cluster.port, 300)) {
            lossy.startMinion(link.port());
            lossy.ns.dropRandomly(5);
            List<Long> millis = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                long t0 = System.nanoTime();
                Job r = lossy.cluster.master.client().call(JobSpec.of("parted", "test.echo", "call " + i)
                        .withTimeout(Duration.ofSeconds(20)));
                assertEquals("call " + i, r.returns().containsKey("parted") ? r.returns().get("parted").ret() : null,
                        "call " + i + " over 300 ms and 5% loss: " + r.missing());
                millis.add((System.nanoTime() - t0) / 1_000_000);
            }
            // slower, not lost: a job and its return cross the delayed link once each way
            assertTrue(millis.stream().allMatch(m -> m >= 600), "round trips " + millis);
        }
    }

    /** A namespace, a master on the host's end of its veth, and the minion inside, accepted and answering. */
    private PartedMinion start(String name) throws Exception {
        PartedMinion p = new PartedMinion(name, Files.createDirectories(dir.resolve(name)));
        parted.add(p);
        p.startMinion(p.cluster.port);
        return p;
    }

    /** The fault itself: a partition held until {@code from + d}, not synchronisation. */
    private static void holdUntil(long from, Duration d) throws InterruptedException {
        long end = from + d.toNanos();
        while (System.nanoTime() < end) {
            Thread.sleep(Math.max(1, Math.min(100, (end - System.nanoTime()) / 1_000_000)));
        }
    }

    /** One network namespace with its master (on the host's end of the veth) and its minion process inside. */
    private static final class PartedMinion implements AutoCloseable {
        final String name;
        final Path root;
        final NetNamespace ns;
        final TestCluster cluster;
        private Process minion;

        PartedMinion(String name, Path root) throws Exception {
            this.name = name;
            this.root = root;
            this.ns = NetNamespace.create();
            TestCluster started;
            try {
                started = TestCluster.start(root, "", ns.hostIp);
            } catch (Exception | Error e) {
                ns.close();
                throw e;
            }
            this.cluster = started;
        }

        void startMinion(int port) throws Exception {
            Path minionYaml = Files.writeString(root.resolve("minion.yaml"), "id: parted\nmaster: " + ns.hostIp
                    + "\nmaster_port: " + port + "\nmaster_tofu: true\nheartbeat: 1\npki_dir: "
                    + root.resolve("parted/pki") + "\ncachedir: " + root.resolve("parted/cache") + "\n");
            minion = new ProcessBuilder(ns.command("java", "-jar", JAR.toString(), "minion", "-c",
                    minionYaml.toString())).redirectErrorStream(true)
                    .redirectOutput(root.resolve("minion.log").toFile()).start();
            Await.until(() -> cluster.master.keys().list().pending().contains("parted"),
                    name + ": the minion's key", WAIT);
            assertEquals(0, cluster.cli("key", "accept", "parted").exit());
            Await.until(() -> cluster.cli("run", "parted", "test.ping").exit() == 0, name + ": the minion answering",
                    WAIT);
        }

        /** A 3-second job cast to the minion; returns once the minion runs it. */
        String startJob() throws Exception {
            TestCluster.CliResult cast = cluster.cli("run", "--async", "--out", "json", "parted", "cmd.run",
                    "sleep 3; echo done");
            String jid = JSON.readTree(cast.out()).get("jid").asText();
            Path marker = root.resolve("parted/cache/returns").resolve(jid + ".run");
            Await.until(() -> Files.exists(marker), name + ": the job running", WAIT);
            return jid;
        }

        boolean spooled(String jid) {
            return Files.exists(root.resolve("parted/cache/returns").resolve(jid + ".ret"));
        }

        boolean returned(String jid) {
            return cluster.master.client().job(jid).map(r -> r.returns().containsKey("parted")).orElse(false);
        }

        @Override
        public void close() throws Exception {
            if (minion != null) {
                minion.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            cluster.close();
            ns.close();
        }
    }
}
