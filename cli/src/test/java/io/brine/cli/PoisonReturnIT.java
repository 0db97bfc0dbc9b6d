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
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The poison return of the fault review: a return larger than the master takes was refused, spooled by the minion
 * and sent again on every reconnect for ever (58 reconnects in 20 s), the minion out of service for every other
 * job. Here, with a master and a minion as separate processes in both configurations that did it (a master with
 * {@code max_frame_size: 2097152}; a minion with {@code max_return_size: 16777216} and 8.4 MB of output), the return
 * arrives cut to what the master takes, its marker giving the output's original size, the minion is pinged at once
 * afterwards on the same session, and its spool is empty. A return spooled under one master and sent to a restarted
 * master with a smaller limit is refused once, cut and sent again.
 */
class PoisonReturnIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path JAR = Path.of("target", "brine.jar").toAbsolutePath();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;
    private Path yaml;
    private Process master;
    private Process minion;
    private int port;

    @AfterEach
    void stop() throws Exception {
        for (Process p : new Process[] {minion, master}) {
            if (p != null) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void aReturnOverTheMastersFrameLimitArrivesCutAndTheMinionGoesOnServing() throws Exception {
        start("max_frame_size: 2097152\n", "");
        JsonNode ret = run("m1", "cmd.run", "yes a | head -c 3000000");
        String out = ret.get("ret").asText();
        assertTrue(out.endsWith("[... truncated by brine: the return was 3000000 bytes, over the master's "
                + "max_frame_size 2097152]"), tail(out));
        assertTrue(out.length() < 2_097_152, "length " + out.length());
        stillServingOnOneSession();
    }

    @Test
    void aMinionAllowedLargerReturnsThanItsMasterCutsThemToTheMasters() throws Exception {
        start("", "max_return_size: 16777216\n");
        String out = run("m1", "cmd.run", "yes a | head -c 8400000").get("ret").asText();
        assertTrue(out.endsWith("[... truncated by brine: the return was 8400000 bytes, over the master's "
                + "max_return_size 4194304]"), tail(out));
        // Cut twice, first to cmd.run's own 16 MiB cap: the marker still gives the output's whole size.
        out = run("m1", "cmd.run", "yes a | head -c 100000000").get("ret").asText();
        assertTrue(out.endsWith("[... truncated by brine: the return was 100000000 bytes, over the master's "
                + "max_return_size 4194304]"), tail(out));
        stillServingOnOneSession();
    }

    @Test
    void aSpooledReturnTooLargeForARestartedMasterIsRefusedOnceThenCutToFit() throws Exception {
        start("", "");
        TestCluster.CliResult cast = cli("run", "-c", yaml.toString(), "--async", "--out", "json", "m1", "cmd.run",
                "sleep 3; yes a | head -c 3000000");
        assertEquals(0, cast.exit(), cast.err());
        String jid = JSON.readTree(cast.out()).get("jid").asText();
        Await.until(() -> Files.exists(dir.resolve("m1/cache/returns/" + jid + ".run")), "the job running", WAIT);
        master.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        // the return, 3 MB under the first master's limits, waits in the spool for a master with a 1 MiB frame limit
        Await.until(() -> Files.exists(dir.resolve("m1/cache/returns/" + jid + ".ret")), "the return spooled", WAIT);
        Files.writeString(yaml, Files.readString(yaml) + "max_frame_size: 1048576\n");
        master = startMaster();
        Await.until(() -> returned(jid) != null, "the spooled return stored", WAIT);
        String out = returned(jid).get("ret").asText();
        // cut from the spool: the marker gives the return's size as it was kept, the output and its envelope
        assertTrue(out.matches("(?s).*\\[\\.\\.\\. truncated by brine: the return was 300\\d{4} bytes, over the master's "
                + "max_frame_size 1048576\\]"), tail(out));
        Await.until(() -> !Files.exists(dir.resolve("m1/cache/returns/" + jid + ".ret")), "the spool emptied", WAIT);
        assertTrue(Files.readString(dir.resolve("master.log")).contains("the minion is told to cut it to fit"),
                "the master refused the first sending");
    }

    private void start(String masterExtra, String minionExtra) throws Exception {
        port = TestPorts.free();
        yaml = Files.writeString(dir.resolve("master.yaml"), "interface: 127.0.0.1\nret_port: " + port
                + "\npki_dir: " + dir.resolve("master/pki") + "\ncachedir: " + dir.resolve("master/cache")
                + "\ntimeout: 60\nauto_accept: true\n" + masterExtra);
        master = startMaster();
        Path minionYaml = Files.writeString(dir.resolve("m1.yaml"), "id: m1\nmaster: 127.0.0.1\nmaster_port: " + port
                + "\nmaster_tofu: true\nheartbeat: 1\npki_dir: " + dir.resolve("m1/pki") + "\ncachedir: "
                + dir.resolve("m1/cache") + "\n" + minionExtra);
        minion = new ProcessBuilder("java", "-jar", JAR.toString(), "minion", "-c", minionYaml.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("m1.log").toFile()).start();
        Await.until(() -> cli("run", "-c", yaml.toString(), "--timeout", "5", "m1", "test.ping").exit() == 0,
                "m1 answering", WAIT);
    }

    private Process startMaster() throws Exception {
        Path log = dir.resolve("master.log");
        long before = Files.exists(log) ? Files.size(log) : 0;
        Process p = new ProcessBuilder("java", "-jar", JAR.toString(), "master", "-c", yaml.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        Await.until(() -> {
            try {
                return Files.readString(log).substring((int) before).contains("master listening");
            } catch (IOException e) {
                return false;
            }
        }, "the master to listen", WAIT);
        return p;
    }

    /** {@code brine run --out json TARGET FUNCTION ARGS...}: m1's return. */
    private JsonNode run(String... call) throws Exception {
        String[] args = new String[call.length + 7];
        System.arraycopy(new String[] {"run", "-c", yaml.toString(), "--out", "json", "--timeout", "60"}, 0, args, 0,
                7);
        System.arraycopy(call, 0, args, 7, call.length);
        TestCluster.CliResult r = cli(args);
        assertEquals(0, r.exit(), r.err() + r.out().substring(0, Math.min(300, r.out().length())));
        return JSON.readTree(r.out()).get("returns").get("m1");
    }

    private long spooledReturns() {
        try (var spooled = Files.list(dir.resolve("m1/cache/returns"))) {
            return spooled.filter(p -> p.toString().endsWith(".ret")).count();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Pinged at once, and on the session it had: the return cost it no reconnect. */
    private void stillServingOnOneSession() throws Exception {
        assertTrue(run("m1", "test.ping").get("ret").asBoolean());
        String log = Files.readString(dir.resolve("m1.log"));
        assertEquals(1, log.split("authenticated with the master", -1).length - 1, "sessions in: " + log);
        // The call ends when the master has the return; the minion drops its spooled copy when the master's
        // acknowledgement reaches it, a moment later (on a loaded machine, a noticeable one).
        Await.until(() -> spooledReturns() == 0, "no return left spooled", WAIT);
    }

    private JsonNode returned(String jid) {
        TestCluster.CliResult r = cli("job", "show", "-c", yaml.toString(), "--out", "json", jid);
        try {
            JsonNode returns = r.exit() == 0 ? JSON.readTree(r.out()).get("returns") : null;
            return returns == null ? null : returns.get("m1");
        } catch (IOException e) {
            return null;
        }
    }

    private static String tail(String s) {
        return s.substring(Math.max(0, s.length() - 160));
    }

    private static TestCluster.CliResult cli(String... args) {
        return TestCluster.run(args);
    }
}
