package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.master.TestPorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A master process stopped 2 s into a three-minion {@code cmd.run 'sleep 8; echo done'} (killed with SIGKILL, or
 * stopped with SIGTERM) and started again 3 s later: every return is in {@code brine job show} afterwards, because
 * each minion keeps its return until the master acknowledges it has it stored, and sends it again on the new
 * session. Master and minions are separate processes started from {@code target/brine.jar}; the two faults share
 * one cluster (each test first waits for all three minions to answer).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MasterKillIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path JAR = Path.of("target", "brine.jar").toAbsolutePath();
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final List<String> IDS = List.of("m1", "m2", "m3");
    private static final Duration INTO_THE_JOB = Duration.ofSeconds(2);
    private static final Duration AWAY = Duration.ofSeconds(3);

    private Path dir;
    private Path yaml;
    private Process master;
    private final List<Process> minions = new ArrayList<>();

    @BeforeAll
    void startCluster(@TempDir Path root) throws Exception {
        dir = root;
        int port = TestPorts.free();
        yaml = Files.writeString(dir.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: " + port
                + "\npki_dir: " + dir.resolve("master/pki") + "\ncachedir: " + dir.resolve("master/cache")
                + "\ntimeout: 30\n");
        master = startMaster();
        for (String id : IDS) {
            Path minionYaml = Files.writeString(dir.resolve(id + ".yaml"), "id: " + id + "\nmaster: 127.0.0.1"
                    + "\nmaster_port: " + port + "\nmaster_tofu: true\nheartbeat: 1\npki_dir: "
                    + dir.resolve(id + "/pki") + "\ncachedir: " + dir.resolve(id + "/cache") + "\n");
            minions.add(new ProcessBuilder("java", "-jar", JAR.toString(), "minion", "-c", minionYaml.toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve(id + ".log").toFile()).start());
        }
        Await.until(() -> pendingKeys().containsAll(IDS), "three pending keys", WAIT);
        assertEquals(0, cli("key", "accept", "--all", "-c", yaml.toString()).exit());
    }

    @AfterAll
    void stopCluster() throws Exception {
        for (Process p : minions) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        if (master != null) {
            master.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @BeforeEach
    void allThreeMinionsAnswer() throws InterruptedException {
        Await.until(() -> cli("run", "-c", yaml.toString(), "--timeout", "5", "-L", String.join(",", IDS),
                "test.ping").exit() == 0, "m1, m2 and m3 answering", WAIT);
    }

    @Test
    void everyReturnSurvivesAMasterKilledTwoSecondsIntoTheJob() throws Exception {
        everyReturnSurvives(Process::destroyForcibly); // SIGKILL: nothing flushed, nothing said
    }

    @Test
    void everyReturnSurvivesAMasterStoppedWithSigtermTwoSecondsIntoTheJob() throws Exception {
        everyReturnSurvives(Process::destroy); // SIGTERM: the master says it is going away, then exits
    }

    private void everyReturnSurvives(Consumer<Process> stop) throws Exception {
        TestCluster.CliResult cast = cli("run", "-c", yaml.toString(), "--async", "--out", "json", "*", "cmd.run",
                "sleep 8; echo done");
        long published = System.nanoTime(); // the master answers a cast with its jid once it has published it
        assertEquals(0, cast.exit(), cast.err());
        String jid = JSON.readTree(cast.out()).get("jid").asText();

        holdUntil(published, INTO_THE_JOB);
        // Mid-job, or the fault would prove nothing: every minion runs it (its marker is written 0.1 s in).
        assertTrue(IDS.stream().allMatch(id -> Files.exists(spool(id, jid + ".run"))), "the job running everywhere");
        long stopped = System.nanoTime();
        stop.accept(master);
        assertTrue(master.waitFor(15, TimeUnit.SECONDS), "the master exited");
        long exited = System.nanoTime();
        holdUntil(stopped, AWAY);
        master = startMaster();
        long restarted = System.nanoTime();

        Await.until(() -> returned(jid) == 3, "all three returns after the restart", WAIT);
        long complete = System.nanoTime();
        TestCluster.CliResult show = cli("job", "show", "-c", yaml.toString(), "--out", "json", jid);
        assertEquals(0, show.exit(), show.err());
        JsonNode returns = JSON.readTree(show.out()).get("returns");
        for (String id : IDS) {
            assertEquals(0, returns.get(id).get("retcode").asInt(), returns.toString());
            assertEquals("done", returns.get(id).get("ret").asText(), returns.toString());
        }
        System.out.printf("master stopped %d ms after publishing, exited %d ms later, listening again %d ms after"
                + " the stop; all returns stored %d ms after that%n", millis(published, stopped),
                millis(stopped, exited), millis(stopped, restarted), millis(restarted, complete));
        // Acknowledged, so forgotten: the spools are empty again.
        Await.until(() -> IDS.stream().noneMatch(id -> Files.exists(spool(id, jid + ".ret"))),
                "the spools emptied", WAIT);
    }

    private Path spool(String id, String file) {
        return dir.resolve(id).resolve("cache/returns").resolve(file);
    }

    private List<String> pendingKeys() {
        TestCluster.CliResult r = cli("key", "list", "-c", yaml.toString(), "--out", "json");
        try {
            List<String> pending = new ArrayList<>();
            JSON.readTree(r.out()).path("pending").forEach(n -> pending.add(n.asText()));
            return pending;
        } catch (IOException e) {
            return List.of();
        }
    }

    private int returned(String jid) {
        TestCluster.CliResult r = cli("job", "show", "-c", yaml.toString(), "--out", "json", jid);
        if (r.exit() != 0 && r.out().isBlank()) {
            return -1;
        }
        try {
            JsonNode returns = JSON.readTree(r.out()).get("returns");
            return returns == null ? 0 : returns.size();
        } catch (IOException e) {
            return -1;
        }
    }

    private Process startMaster() throws Exception {
        Path log = dir.resolve("master-" + System.nanoTime() + ".log");
        Process p = new ProcessBuilder("java", "-jar", JAR.toString(), "master", "-c", yaml.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Await.until(() -> {
            try {
                return Files.readString(log).contains("master listening");
            } catch (IOException e) {
                return false;
            }
        }, "the master to listen", WAIT);
        return p;
    }

    /** The scenario's own timing (the fault's moment), not synchronisation: waits until {@code from + d}. */
    private static void holdUntil(long from, Duration d) throws InterruptedException {
        long end = from + d.toNanos();
        while (System.nanoTime() < end) {
            Thread.sleep(Math.max(1, Math.min(100, (end - System.nanoTime()) / 1_000_000)));
        }
    }

    private static long millis(long from, long to) {
        return (to - from) / 1_000_000;
    }

    private static TestCluster.CliResult cli(String... args) {
        return TestCluster.run(args);
    }
}
