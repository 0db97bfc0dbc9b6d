package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.minion.Minion;
import io.brine.minion.MinionConfig;
import io.brine.protocol.KeyStatus;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A master process killed with SIGKILL while three minions run a job, and started again: every return reaches
 * the job cache, because each minion keeps its return until the master acknowledges it has it stored, and
 * sends it again on the new session.
 */
class MasterKillIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path JAR = Path.of("target", "brine.jar").toAbsolutePath();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;
    private Process master;
    private final List<Minion> minions = new ArrayList<>();

    @AfterEach
    void stop() {
        minions.forEach(Minion::close);
        if (master != null) {
            master.destroyForcibly();
        }
    }

    @Test
    void everyReturnSurvivesAMasterKilledMidJob() throws Exception {
        int port = DemoCommand.freePort();
        Path yaml = Files.writeString(dir.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: " + port
                + "\npki_dir: " + dir.resolve("master/pki") + "\ncachedir: " + dir.resolve("master/cache")
                + "\ntimeout: 30\n");
        master = startMaster(yaml);
        for (String id : List.of("m1", "m2", "m3")) {
            minions.add(Minion.start(MinionConfig.underDirectory(dir.resolve(id), id, port)
                    .withHeartbeat(Duration.ofSeconds(1))));
        }
        Await.until(() -> minions.stream().allMatch(m -> m.status() == KeyStatus.PENDING), "three pending keys", WAIT);
        assertEquals(0, cli("key", "accept", "--all", "-c", yaml.toString()).exit());
        Await.until(() -> minions.stream().allMatch(m -> m.status() == KeyStatus.ACCEPTED),
                "three accepted minions", WAIT);

        TestCluster.CliResult cast = cli("run", "-c", yaml.toString(), "--async", "--out", "json", "*", "cmd.run",
                "sleep 3; echo done");
        assertEquals(0, cast.exit(), cast.err());
        String jid = JSON.readTree(cast.out()).get("jid").asText();
        Await.until(() -> minions.stream().allMatch(m -> Files.exists(spool(m, jid + ".run"))),
                "the job running everywhere", WAIT);

        master.destroyForcibly().waitFor(); // SIGKILL: nothing flushed, nothing said
        // The job ends while the master is away: the returns wait in the minions' spools.
        Await.until(() -> minions.stream().allMatch(m -> Files.exists(spool(m, jid + ".ret"))),
                "three spooled returns", WAIT);

        master = startMaster(yaml);
        Await.until(() -> returned(yaml, jid) == 3, "all three returns after the restart", WAIT);
        JsonNode job = JSON.readTree(cli("job", "show", "-c", yaml.toString(), "--out", "json", jid).out());
        for (String id : List.of("m1", "m2", "m3")) {
            assertEquals("done", job.get("returns").get(id).get("ret").asText(), job.toString());
        }
        // Acknowledged, so forgotten: the spools are empty again.
        Await.until(() -> minions.stream().noneMatch(m -> Files.exists(spool(m, jid + ".ret"))),
                "the spools emptied", WAIT);
    }

    private Path spool(Minion m, String file) {
        return dir.resolve(m.id()).resolve("cache/returns").resolve(file);
    }

    private int returned(Path yaml, String jid) {
        TestCluster.CliResult r = cli("job", "show", "-c", yaml.toString(), "--out", "json", jid);
        if (r.exit() != 0 && r.out().isBlank()) {
            return -1;
        }
        try {
            JsonNode returns = JSON.readTree(r.out()).get("returns");
            return returns == null ? 0 : returns.size();
        } catch (java.io.IOException e) {
            return -1;
        }
    }

    private Process startMaster(Path yaml) throws Exception {
        Path log = dir.resolve("master-" + System.nanoTime() + ".log");
        Process p = new ProcessBuilder("java", "-jar", JAR.toString(), "master", "-c", yaml.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Await.until(() -> {
            try {
                return Files.readString(log).contains("master listening");
            } catch (java.io.IOException e) {
                return false;
            }
        }, "the master to listen", WAIT);
        return p;
    }

    private static TestCluster.CliResult cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new TestCluster.CliResult(exit, out.toString(), err.toString());
    }

}
