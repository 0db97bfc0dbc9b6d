package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.master.TestPorts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A synchronous {@code brine run}, a process of its own, waiting when the master (another process) is killed with
 * SIGKILL: started again 2 s later, the master has the job in its cache and the minion (a third process) sends its
 * return again, and the call prints the whole job; not started again in time, the call prints the jid and the job so
 * far, {@code "complete": false}, at most 5 s past its timeout. And a call that ends at its own timeout shows the
 * minion's timed-out return (retcode 124), not {@code running}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CallerRestartTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration AWAY = Duration.ofSeconds(2);

    private Path dir;
    private Path yaml;
    private Path spool;
    private Process master;
    private Process minion;
    private int masters;
    /** The jids already found running, so each test finds its own job. */
    private final java.util.Set<String> seen = new java.util.HashSet<>();

    @BeforeAll
    void startCluster(@TempDir Path root) throws Exception {
        dir = root;
        int port = TestPorts.free();
        yaml = Files.writeString(dir.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: " + port
                + "\npki_dir: " + dir.resolve("master/pki") + "\ncachedir: " + dir.resolve("master/cache")
                + "\nauto_accept: true\ntimeout: 20\n");
        master = startMaster();
        Path minionYaml = Files.writeString(dir.resolve("m1.yaml"), "id: m1\nmaster: 127.0.0.1\nmaster_port: " + port
                + "\nmaster_tofu: true\nheartbeat: 1\npki_dir: " + dir.resolve("m1/pki") + "\ncachedir: "
                + dir.resolve("m1/cache") + "\n");
        spool = dir.resolve("m1/cache/returns");
        minion = new ProcessBuilder(BrineProcess.command(classPath(), List.of(), "minion", "-c", minionYaml.toString()))
                .redirectErrorStream(true).redirectOutput(dir.resolve("m1.log").toFile()).start();
    }

    @AfterAll
    void stopCluster() throws Exception {
        for (Process p : new Process[] {minion, master}) {
            if (p != null) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @BeforeEach
    void aMasterIsUpAndM1AnswersIt() throws Exception {
        if (!master.isAlive()) {
            master = startMaster();
        }
        Await.until(() -> TestCluster.run("run", "-c", yaml.toString(), "--timeout", "2", "m1", "test.ping")
                .exit() == 0, "m1 answering", Duration.ofSeconds(30));
    }

    @Test
    void aSynchronousRunSurvivesAMasterKilledAndRestartedMidWaitAndPrintsTheWholeJob() throws Exception {
        Run run = startRun("--timeout", "20", "m1", "cmd.run", "sleep 4; echo done");
        String jid = awaitRunning();
        long killed = System.nanoTime();
        master.destroyForcibly(); // SIGKILL: nothing flushed, nothing said
        assertTrue(master.waitFor(10, TimeUnit.SECONDS));
        holdUntil(killed, AWAY);
        master = startMaster();

        assertTrue(run.process().waitFor(30, TimeUnit.SECONDS), "brine run ended");
        long took = System.nanoTime() - killed;
        String out = run.output();
        assertEquals(0, run.process().exitValue(), out + run.errors());
        JsonNode job = JSON.readTree(out);
        assertEquals(jid, job.get("jid").asText());
        assertEquals("done", job.get("returns").get("m1").get("ret").asText(), out);
        assertEquals(0, job.get("missing").size(), out);
        assertFalse(job.has("complete"), "a job whose end the call saw is printed as always: " + out);
        assertTrue(took < TimeUnit.SECONDS.toNanos(20), "ended by the return, not the timeout: " + took / 1e9);
    }

    @Test
    void aRunWhoseMasterIsNotBackInTimePrintsTheJidAndTheJobSoFarWithinFiveSecondsOfItsTimeout() throws Exception {
        Run run = startRun("--timeout", "2", "m1", "cmd.run", "sleep 30");
        String jid = awaitRunning();
        long published = System.nanoTime(); // the marker is written 0.1 s after the minion got the job
        master.destroyForcibly();
        assertTrue(master.waitFor(10, TimeUnit.SECONDS));

        assertTrue(run.process().waitFor(30, TimeUnit.SECONDS), "brine run ended");
        long took = System.nanoTime() - published;
        String out = run.output();
        assertEquals(1, run.process().exitValue(), out + run.errors());
        JsonNode job = JSON.readTree(out); // one complete document
        assertEquals(jid, job.get("jid").asText());
        assertFalse(job.get("complete").asBoolean(true), out);
        assertTrue(job.get("reason").asText().contains("master went away"), out);
        assertEquals("no-response", job.get("missing").get("m1").asText(), out);
        assertTrue(run.errors().contains(jid), "stderr names the jid: " + run.errors());
        // The documented bound is 5 s past the timeout; the process's own exit (a JVM on a busy host) comes after.
        assertTrue(took < TimeUnit.SECONDS.toNanos(2 + 5 + 2), "gave up within 5 s of the timeout, and exited: "
                + took / 1e9 + " s");
    }

    @Test
    void aCallEndingAtItsTimeoutShowsTheMinionsTimedOutReturnNotRunning() throws Exception {
        TestCluster.CliResult r = TestCluster.run("run", "-c", yaml.toString(), "--out", "json", "--timeout", "2",
                "m1", "cmd.run", "sleep 30");
        assertEquals(1, r.exit(), r.out() + r.err());
        JsonNode job = JSON.readTree(r.out());
        assertEquals(124, job.get("returns").get("m1").get("retcode").asInt(), r.out());
        assertEquals(0, job.get("missing").size(), "not 'running': " + r.out());
    }

    /** A {@code brine run} process and where its output goes. */
    private record Run(Process process, Path out, Path err) {
        String output() throws IOException {
            return Files.readString(out, StandardCharsets.UTF_8);
        }

        String errors() throws IOException {
            return Files.readString(err, StandardCharsets.UTF_8);
        }
    }

    private Run startRun(String... args) throws IOException {
        List<String> all = new java.util.ArrayList<>(List.of("run", "-c", yaml.toString(), "--out", "json"));
        all.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "run", ".out");
        Path err = Files.createTempFile(dir, "run", ".err");
        Process p = new ProcessBuilder(BrineProcess.command(classPath(), List.of(), all.toArray(String[]::new)))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        return new Run(p, out, err);
    }

    /** The jid of the cmd.run job now running on m1: its spool marks it 0.1 s in. */
    private String awaitRunning() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        Optional<String> jid = Optional.empty();
        while (jid.isEmpty() && System.nanoTime() < deadline) {
            jid = runningJid();
            if (jid.isEmpty()) {
                Thread.sleep(10);
            }
        }
        assertTrue(jid.isPresent(), "a job running on m1");
        return jid.get();
    }

    private Optional<String> runningJid() {
        if (!Files.isDirectory(spool)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(spool)) {
            Optional<String> jid = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".run"))
                    .map(n -> n.substring(0, n.length() - ".run".length())).filter(j -> !seen.contains(j)).findFirst();
            jid.ifPresent(seen::add);
            return jid;
        } catch (IOException e) {
            return Optional.empty(); // the marker went between the listing and the read
        }
    }

    private Process startMaster() throws Exception {
        Path log = dir.resolve("master-" + ++masters + ".log");
        Process p = new ProcessBuilder(BrineProcess.command(classPath(), List.of(), "master", "-c", yaml.toString()))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Await.until(() -> {
            try {
                return Files.readString(log).contains("master listening");
            } catch (IOException e) {
                return false;
            }
        }, "the master to listen", Duration.ofSeconds(30));
        return p;
    }

    private static String classPath() {
        return System.getProperty("java.class.path");
    }

    /** The scenario's own timing (how long the master stays away), not synchronisation. */
    private static void holdUntil(long from, Duration d) throws InterruptedException {
        long end = from + d.toNanos();
        while (System.nanoTime() < end) {
            Thread.sleep(Math.max(1, Math.min(100, (end - System.nanoTime()) / 1_000_000)));
        }
    }
}
