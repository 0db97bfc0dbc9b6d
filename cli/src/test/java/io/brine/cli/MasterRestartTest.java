package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.master.TestPorts;
import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import io.brine.protocol.KeyStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Masters go away and come back; minions find them again by themselves and the job cache survives. */
class MasterRestartTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path root;

    @Test
    void minionsComeBackByThemselvesAndEarlierJobsAreStillListed() throws Exception {
        try (TestCluster c = TestCluster.start(root)) {
            for (String id : List.of("one", "two")) {
                c.addMinion(id);
            }
            for (Minion m : c.minions) {
                TestCluster.awaitStatus(m, KeyStatus.PENDING, Duration.ofSeconds(10));
            }
            c.cli("key", "accept", "--all");
            for (Minion m : c.minions) {
                TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(10));
            }
            TestCluster.CliResult before = c.cli("run", "--out", "json", "*", "test.echo", "before the restart");
            assertEquals(0, before.exit(), before.err());
            String jid = JSON.readTree(before.out()).get("jid").asText();

            c.restartMaster();

            assertEquals(0, pingUntilBoth(c), "both minions answer the restarted master");
            JsonNode jobs = JSON.readTree(c.cli("job", "list", "--out", "json", "--limit", "1000").out());
            assertTrue(jobs.toString().contains(jid), "the earlier job is still listed: " + jobs);
            JsonNode earlier = JSON.readTree(c.cli("job", "show", "--out", "json", jid).out());
            assertEquals("before the restart", earlier.get("returns").get("one").get("ret").asText());
        }
    }

    @Test
    void aMasterRunAsItsOwnProcessServesAMinionAcrossARestart() throws Exception {
        int port = TestPorts.free();
        Path masterYaml = Files.writeString(root.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: " + port
                + "\npki_dir: " + root.resolve("pki") + "\ncachedir: " + root.resolve("cache") + "\nauto_accept: true\n");
        Process master = startMasterProcess(masterYaml);
        try (Minion m = Minion.start(MinionConfig.underDirectory(root.resolve("m"), "proc1", port)
                .withHeartbeat(Duration.ofSeconds(1)))) {
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(30));
            assertEquals(0, Main.run("run", "-c", masterYaml.toString(), "proc1", "test.ping"));

            master.destroy();
            assertTrue(master.waitFor(10, TimeUnit.SECONDS), "SIGTERM stops the master");
            master = startMasterProcess(masterYaml);

            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            int exit;
            do {
                exit = Main.run("run", "-c", masterYaml.toString(), "--timeout", "2", "proc1", "test.ping");
            } while (exit != 0 && System.nanoTime() < deadline);
            assertEquals(0, exit);
        } finally {
            master.destroyForcibly();
            master.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static Process startMasterProcess(Path masterYaml) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "master", "-c", masterYaml.toString())
                .redirectErrorStream(true)
                .redirectOutput(masterYaml.resolveSibling("master.log").toFile())
                .start();
        Path pub = masterYaml.resolveSibling("pki").resolve("master.pub");
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!Files.readString(masterYaml.resolveSibling("master.log")).contains("listening")
                && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(Files.exists(pub), "the master process started: " + Files.readString(masterYaml.resolveSibling("master.log")));
        return p;
    }

    private static int pingUntilBoth(TestCluster c) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        int exit;
        do {
            exit = c.cli("run", "--timeout", "2", "*", "test.ping").exit();
        } while (exit != 0 && System.nanoTime() < deadline);
        return exit;
    }

}
