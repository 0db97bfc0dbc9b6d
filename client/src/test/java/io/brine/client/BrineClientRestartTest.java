package io.brine.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.jobs.MinionOutcome;
import io.brine.jobs.RunningJob;
import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A BrineClient call waiting when its master, a process of its own ({@link MasterProcess}), is killed with SIGKILL:
 * started again, the master has the job in its cache and the minion sends its return again, and the call ends with
 * the whole job; not started again in time, the call ends with the job as far as known, incomplete, at most 5 s past
 * its timeout. The minion runs in this JVM; the client connects as the master's local operator.
 */
class BrineClientRestartTest {
    private static final Duration AWAY = Duration.ofSeconds(2);

    @TempDir
    static Path root;
    static Path masterYaml;
    static Process master;
    static Minion minion;
    static int masters;

    @BeforeAll
    static void start() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        masterYaml = Files.writeString(root.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: " + port
                + "\npki_dir: " + root.resolve("pki") + "\ncachedir: " + root.resolve("cache")
                + "\nauto_accept: true\ntimeout: 20\n");
        master = startMaster();
        minion = Minion.start(MinionConfig.underDirectory(root.resolve("r1"), "r1", port)
                .withHeartbeat(Duration.ofSeconds(1)));
    }

    @AfterAll
    static void stop() throws Exception {
        if (minion != null) {
            minion.close();
        }
        master.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }

    @BeforeEach
    void aMasterIsUpAndTheMinionAnswersIt() throws Exception {
        if (!master.isAlive()) {
            master = startMaster();
        }
        try (BrineClient brine = BrineClient.connect(masterYaml)) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            boolean answered = false;
            while (!answered && System.nanoTime() < deadline) {
                answered = brine.call(JobSpec.of("r1", "test.ping").withTimeout(Duration.ofSeconds(2))).succeeded();
            }
            assertTrue(answered, "r1 answers the master");
        }
    }

    @Test
    void aCallWaitingWhenItsMasterIsKilledAndStartedAgainEndsWithTheWholeJob() throws Exception {
        try (BrineClient brine = BrineClient.connect(masterYaml)) {
            long t0 = System.nanoTime();
            RunningJob call = brine.submit(JobSpec.of("r1", "cmd.run", "sleep 4; echo done")
                    .withTimeout(Duration.ofSeconds(20)));
            awaitRunning(call.jid());
            long killed = System.nanoTime();
            master.destroyForcibly(); // SIGKILL: nothing flushed, nothing said
            assertTrue(master.waitFor(10, TimeUnit.SECONDS));
            holdUntil(killed, AWAY);
            master = startMaster();

            Job job = call.result().get(30, TimeUnit.SECONDS);
            long took = System.nanoTime() - t0;
            assertTrue(job.complete(), "the call saw the job end: " + job);
            assertEquals(call.jid(), job.jid());
            assertEquals("done", job.returns().get("r1").ret(), job.toString());
            assertEquals(Map.of(), job.missing());
            assertTrue(took < TimeUnit.SECONDS.toNanos(20), "ended by its return, not its timeout: " + took / 1e9);
        }
    }

    @Test
    void aCallWhoseMasterIsNotBackInTimeEndsIncompleteWithinFiveSecondsOfItsTimeout() throws Exception {
        try (BrineClient brine = BrineClient.connect(masterYaml)) {
            long t0 = System.nanoTime();
            RunningJob call = brine.submit(JobSpec.of("r1", "cmd.run", "sleep 30")
                    .withTimeout(Duration.ofSeconds(2)));
            awaitRunning(call.jid());
            master.destroyForcibly();
            assertTrue(master.waitFor(10, TimeUnit.SECONDS));

            Job job = call.result().get(30, TimeUnit.SECONDS);
            long took = System.nanoTime() - t0;
            assertFalse(job.complete(), job.toString());
            assertEquals(call.jid(), job.jid());
            assertEquals(Map.of("r1", MinionOutcome.NO_RESPONSE), job.missing(), "as far as the client knows");
            assertTrue(took < TimeUnit.SECONDS.toNanos(2 + 5 + 1), "gave up at most 5 s past the timeout: "
                    + took / 1e9 + " s");
        }
    }

    /** The job is under way on the minion: its spool marks it running 0.1 s in. */
    private static void awaitRunning(String jid) throws InterruptedException {
        Path marker = root.resolve("r1/cache/returns").resolve(jid + ".run");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!Files.exists(marker) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(Files.exists(marker), "job " + jid + " running on r1");
    }

    private static Process startMaster() throws Exception {
        return MasterProcess.start(masterYaml, root.resolve("master-" + ++masters + ".log"));
    }

    /** The scenario's own timing (how long the master stays away), not synchronisation. */
    private static void holdUntil(long from, Duration d) throws InterruptedException {
        long end = from + d.toNanos();
        while (System.nanoTime() < end) {
            Thread.sleep(Math.max(1, Math.min(100, (end - System.nanoTime()) / 1_000_000)));
        }
    }
}
