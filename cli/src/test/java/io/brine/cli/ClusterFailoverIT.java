package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.master.TestPorts;
import io.brine.master.TestPostgres;
import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import io.brine.protocol.KeyStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two master processes of one cluster (issue 27), started from {@code target/brine.jar} on a PostgreSQL of the
 * test's own; master A is killed with SIGKILL while a command it published runs on its minions. Minions with
 * {@code master_type: failover} reach master B within 5 s and answer it; a hot-hot minion (connected to both) goes on
 * with B; a call in flight on B completes; every return of A's command is recorded, through B.
 */
class ClusterFailoverIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path JAR = Path.of("target", "brine.jar").toAbsolutePath();
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final List<String> ON_A = List.of("f1", "f2", "hot");

    @TempDir
    Path dir;
    private final List<Process> masters = new ArrayList<>();
    private final List<Minion> minions = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        minions.forEach(Minion::close);
        for (Process p : masters) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aMasterKilledWithSigkillLosesNoReturnAndItsMinionsAnswerTheOtherMasterWithinFiveSeconds() throws Exception {
        String database = TestPostgres.shared().newDatabase();
        int portA = TestPorts.free();
        int portB = TestPorts.free();
        Path yamlA = masterYaml("a", portA, database);
        Path yamlB = masterYaml("b", portB, database);
        Process a = startMaster(yamlA, "a");
        Files.createDirectories(dir.resolve("b/pki"));
        Files.copy(dir.resolve("a/pki/master.pem"), dir.resolve("b/pki/master.pem")); // one key for the cluster
        startMaster(yamlB, "b");

        for (String id : List.of("f1", "f2")) {
            minions.add(Minion.start(MinionConfig.underDirectory(dir.resolve(id), id, portA)
                    .withFailover(List.of("127.0.0.1:" + portB)).withHeartbeat(Duration.ofSeconds(1))));
        }
        minions.add(Minion.start(MinionConfig.underDirectory(dir.resolve("hot"), "hot", portA)
                .withMultiMaster(List.of("127.0.0.1:" + portB)).withHeartbeat(Duration.ofSeconds(1))));
        minions.add(Minion.start(MinionConfig.underDirectory(dir.resolve("steady"), "steady", portB)
                .withHeartbeat(Duration.ofSeconds(1))));
        for (Minion m : minions) {
            TestCluster.awaitStatus(m, KeyStatus.PENDING, WAIT);
        }
        TestCluster.CliResult accepted = cli("key", "accept", "--all", "-c", yamlA.toString());
        assertEquals(0, accepted.exit(), accepted.err());
        for (Minion m : minions) {
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, WAIT);
        }
        Await.until(() -> minions.get(2).mastersConnected() == 2, "the hot-hot minion on both masters", WAIT);

        // A's command on its minions, and a call on B to its own minion, both running when A dies
        TestCluster.CliResult cast = cli("run", "-c", yamlA.toString(), "--async", "--out", "json", "-L",
                String.join(",", ON_A), "cmd.run", "sleep 2; echo through");
        assertEquals(0, cast.exit(), cast.err());
        String jid = JSON.readTree(cast.out()).get("jid").asText();
        Await.until(() -> ON_A.stream().allMatch(id -> Files.exists(dir.resolve(id + "/cache/returns/" + jid
                + ".run"))), "A's command running on f1, f2 and hot", WAIT);
        CompletableFuture<TestCluster.CliResult> inFlight = CompletableFuture.supplyAsync(() -> cli("run", "-c",
                yamlB.toString(), "--timeout", "20", "--out", "json", "steady", "cmd.run", "sleep 3; echo steady"));
        Await.until(() -> dirHolds("steady/cache/returns", ".run"), "B's call running on steady", WAIT);

        a.destroyForcibly(); // SIGKILL: nothing flushed, nothing said
        long killed = System.nanoTime();
        assertTrue(a.waitFor(10, TimeUnit.SECONDS), "master A gone");
        Await.until(() -> cli("run", "-c", yamlB.toString(), "--timeout", "2", "-L", String.join(",", ON_A),
                "test.ping").exit() == 0, "f1, f2 and hot answering B", Duration.ofSeconds(5));
        long answering = (System.nanoTime() - killed) / 1_000_000;
        assertTrue(answering <= 5_000, "A's minions answered B " + answering + " ms after the kill");

        TestCluster.CliResult steady = inFlight.get(30, TimeUnit.SECONDS);
        assertEquals(0, steady.exit(), "the call in flight on B: " + steady.out() + steady.err());
        assertEquals("steady", JSON.readTree(steady.out()).path("returns").path("steady").path("ret").asText(),
                steady.out());

        try {
            Await.until(() -> returned(yamlB, jid) == ON_A.size(), "every return of A's command, through B", WAIT);
        } catch (AssertionError e) {
            System.out.println(cli("job", "show", "-c", yamlB.toString(), "--out", "json", jid).out());
            System.out.println(Files.readString(dir.resolve("b.log")));
            System.out.println(Files.readString(dir.resolve("a.log")));
            throw e;
        }
        JsonNode returns = JSON.readTree(cli("job", "show", "-c", yamlB.toString(), "--out", "json", jid).out())
                .get("returns");
        for (String id : ON_A) {
            assertEquals("through", returns.get(id).get("ret").asText(), returns.toString());
        }
        System.out.println("A's minions answered B " + answering + " ms after A was killed; the call in flight on B "
                + "and every return of A's command arrived");
    }

    private Path masterYaml(String name, int port, String database) throws IOException {
        Path home = Files.createDirectories(dir.resolve(name));
        return Files.writeString(home.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: " + port
                + "\npki_dir: " + home.resolve("pki") + "\ncachedir: " + home.resolve("cache") + "\ntimeout: 30\n"
                + "cluster:\n  database: '" + database + "'\n  user: brine\n");
    }

    private Process startMaster(Path yaml, String name) throws Exception {
        Path log = dir.resolve(name + ".log");
        Process p = new ProcessBuilder("java", "-jar", JAR.toString(), "master", "-c", yaml.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        masters.add(p);
        Await.until(() -> {
            try {
                return Files.readString(log).contains("master listening");
            } catch (IOException e) {
                return false;
            }
        }, "master " + name + " to listen", WAIT);
        return p;
    }

    private boolean dirHolds(String relative, String suffix) {
        try (var files = Files.list(dir.resolve(relative))) {
            return files.anyMatch(f -> f.toString().endsWith(suffix));
        } catch (IOException e) {
            return false;
        }
    }

    private static int returned(Path yaml, String jid) {
        TestCluster.CliResult r = cli("job", "show", "-c", yaml.toString(), "--out", "json", jid);
        try {
            JsonNode returns = JSON.readTree(r.out()).get("returns");
            return returns == null ? 0 : returns.size();
        } catch (IOException e) {
            return -1;
        }
    }

    private static TestCluster.CliResult cli(String... args) {
        return TestCluster.run(args);
    }
}
