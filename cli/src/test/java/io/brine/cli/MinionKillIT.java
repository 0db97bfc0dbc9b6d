package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.jobs.Job;
import io.brine.jobs.JobSpec;
import io.brine.jobs.MinionOutcome;
import io.brine.jobs.MinionResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A minion process killed with SIGKILL in the middle of a job: the call waiting on it ends within seconds,
 * saying the minion disconnected, instead of at its timeout; the command it ran does not outlive it; started
 * again, the minion reports the job lost. Stopped with SIGTERM instead, the minion returns the job as stopped
 * before it goes, and the call ends with that return.
 */
class MinionKillIT {
    private static final Path JAR = Path.of("target", "brine.jar").toAbsolutePath();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;
    private TestCluster cluster;
    private Process minion;

    @AfterEach
    void stop() throws Exception {
        if (minion != null) {
            minion.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aKilledMinionEndsTheCallPromptlyAndReportsTheJobLostWhenItReturns() throws Exception {
        Path yaml = startAcceptedMinion();
        String sleep = uniqueSleep();
        CompletableFuture<Job> call = callInBackground(sleep);
        awaitRunning(sleep);
        minion.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // SIGKILL: no word to the master
        Job ended = call.get(15, TimeUnit.SECONDS); // not the 120 s timeout
        assertEquals(MinionOutcome.DISCONNECTED, ended.missing().get("doomed"));
        // The minion's process guard saw it die and killed the command's process group.
        Await.until(() -> running(sleep).isEmpty(), "no '" + sleep + "' left after the minion died",
                Duration.ofSeconds(10));

        minion = startMinion(yaml);
        Await.until(() -> cluster.master.client().job(ended.jid())
                .map(r -> r.returns().containsKey("doomed")).orElse(false), "the lost job reported", WAIT);
        MinionResult lost = cluster.master.client().job(ended.jid()).orElseThrow().returns().get("doomed");
        assertEquals(137, lost.retcode());
        assertTrue(String.valueOf(lost.ret()).startsWith("lost: the minion stopped while this job ran"),
                lost.toString());
    }

    @Test
    void aMinionStoppedWithSigtermTellsTheMasterAndTheCallEndsWithItsStoppedReturn() throws Exception {
        startAcceptedMinion();
        String sleep = uniqueSleep();
        CompletableFuture<Job> call = callInBackground(sleep);
        awaitRunning(sleep);
        long signalled = System.nanoTime();
        minion.destroy(); // SIGTERM: the minion closes cleanly and returns its running job as stopped
        Job ended = call.get(10, TimeUnit.SECONDS); // not the 120 s timeout
        long millis = (System.nanoTime() - signalled) / 1_000_000;
        MinionResult stopped = ended.returns().get("doomed");
        assertNotNull(stopped, "a return, not " + ended.missing());
        assertEquals(143, stopped.retcode(), stopped.toString());
        assertEquals("the minion is stopping; the job was stopped with it", String.valueOf(stopped.ret()));
        assertTrue(millis < 5_000, "the call ended " + millis + " ms after the SIGTERM");
        System.out.println("the call ended with the minion's stopped return " + millis + " ms after the SIGTERM");
        assertTrue(minion.waitFor(10, TimeUnit.SECONDS), "the minion exited");
        assertTrue(running(sleep).isEmpty(), "no '" + sleep + "' left after the minion stopped");
    }

    /** A master in this process, a minion process {@code doomed} (1 s heartbeat) accepted and answering. */
    private Path startAcceptedMinion() throws Exception {
        cluster = TestCluster.start(dir);
        Path yaml = Files.writeString(dir.resolve("minion.yaml"), "id: doomed\nmaster: 127.0.0.1\nmaster_port: "
                + cluster.port + "\nmaster_tofu: true\nheartbeat: 1\npki_dir: " + dir.resolve("doomed/pki")
                + "\ncachedir: " + dir.resolve("doomed/cache") + "\n");
        minion = startMinion(yaml);
        Await.until(() -> cluster.master.keys().list().pending().contains("doomed"), "its key", WAIT);
        assertEquals(0, cluster.cli("key", "accept", "doomed").exit());
        Await.until(() -> cluster.cli("run", "doomed", "test.ping").exit() == 0, "the minion answering", WAIT);
        return yaml;
    }

    /** A sleep no other process runs, so /proc tells whether it outlived the minion. */
    private static String uniqueSleep() {
        return "sleep 30." + java.util.concurrent.ThreadLocalRandom.current().nextInt(100_000, 999_999);
    }

    /** {@code cmd.run SLEEP} on the minion, called with a 120 s timeout that the tests must never reach. */
    private CompletableFuture<Job> callInBackground(String sleep) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return cluster.master.client().call(JobSpec.of("doomed", "cmd.run", sleep)
                        .withTimeout(Duration.ofSeconds(120)));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private void awaitRunning(String sleep) throws InterruptedException {
        Path returns = dir.resolve("doomed/cache/returns");
        Await.until(() -> Files.isDirectory(returns) && hasMarker(returns), "the job running", WAIT);
        Await.until(() -> !running(sleep).isEmpty(), "the command running", WAIT);
    }

    private Process startMinion(Path yaml) throws Exception {
        return new ProcessBuilder("java", "-jar", JAR.toString(), "minion", "-c", yaml.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(
                        dir.resolve("minion.log").toFile())).start();
    }

    private static java.util.List<Long> running(String commandLine) {
        return ProcessHandle.allProcesses().filter(io.brine.functions.ProcessRunner::isRunning)
                .filter(p -> p.info().commandLine().map(c -> c.contains(commandLine)).orElse(false))
                .map(ProcessHandle::pid).toList();
    }

    private static boolean hasMarker(Path dir) {
        try (var files = Files.list(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".run"));
        } catch (java.io.IOException e) {
            return false;
        }
    }

}
