package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clock skew of hours between master and minion changes nothing but the displayed times (issue 12). Two real
 * minion processes run under libfaketime, one 5 h ahead of the master and one 5 h behind (their monotonic clocks
 * left alone, as on a real machine whose wall clock is wrong); the master runs on the true time.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClockSkewIT {
    private static final Path JAR = Path.of("target", "brine.jar").toAbsolutePath();
    /** Where Debian's faketime package puts the library, by architecture, and where older releases did. */
    private static final List<Path> LIBFAKETIME = List.of(
            Path.of("/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1"),
            Path.of("/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1"),
            Path.of("/usr/lib/faketime/libfaketimeMT.so.1"));
    private static final Duration SKEW = Duration.ofHours(5);
    /** How far a skewed time may be from the true time plus or minus the skew: the job's own seconds and slack. */
    private static final Duration SLACK = Duration.ofMinutes(2);
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Each minion's id and its clock's offset from the master's, as libfaketime reads it. */
    private final Map<String, Duration> skews = new LinkedHashMap<>();
    private final Map<String, Process> minions = new LinkedHashMap<>();
    private Path root;
    private Path libfaketime;
    private TestCluster cluster;

    @BeforeAll
    void startAnUnskewedMasterAndTwoSkewedMinions(@TempDir Path dir) throws Exception {
        skews.put("ahead", SKEW);
        skews.put("behind", SKEW.negated());
        libfaketime = LIBFAKETIME.stream().filter(Files::isReadable).findFirst().orElse(null);
        assumeTrue(libfaketime != null, "libfaketime is not installed (Debian package 'faketime', which "
                + "scripts/install-test-packages installs); looked for " + LIBFAKETIME);
        root = dir;
        cluster = TestCluster.start(dir);
        for (String id : skews.keySet()) {
            startMinion(id);
        }
        for (String id : skews.keySet()) {
            Await.until(() -> cluster.master.keys().list().pending().contains(id), id + "'s key", WAIT);
            assertEquals(0, cluster.cli("key", "accept", id).exit(), "brine key accept " + id);
        }
        for (String id : skews.keySet()) {
            Await.until(() -> cluster.cli("run", id, "test.ping").exit() == 0, id + " answering a ping", WAIT);
        }
    }

    @AfterAll
    void stop() throws Exception {
        for (Process p : minions.values()) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    void theMinionsClocksAreReallyHoursOff() throws Exception {
        for (Map.Entry<String, Duration> minion : skews.entrySet()) {
            JsonNode job = run(minion.getKey(), "cmd.run", "date +%s");
            long theirs = job.path("returns").path(minion.getKey()).path("ret").asLong();
            Duration off = Duration.ofSeconds(theirs - Instant.now().getEpochSecond());
            assertTrue(off.minus(minion.getValue()).abs().compareTo(SLACK) < 0,
                    minion.getKey() + "'s 'date +%s' is " + off + " off the test's clock, not " + minion.getValue());
        }
    }

    @Test
    @Order(2)
    void keysAreAcceptedAndPingsAnswered() throws Exception {
        JsonNode job = run("ahead,behind", "test.ping");
        for (String id : skews.keySet()) {
            assertTrue(job.path("returns").path(id).path("ret").asBoolean(), job.toString());
        }
        assertEquals(0, job.path("missing").size(), job.toString());
    }

    @Test
    @Order(3)
    void aTwoSecondCommandRunsToItsEndWithinItsTimeout() throws Exception {
        long began = System.nanoTime();
        JsonNode job = run("ahead,behind", "--timeout", "20", "cmd.run", "sleep 2; echo done");
        Duration took = Duration.ofNanos(System.nanoTime() - began);
        for (String id : skews.keySet()) {
            JsonNode r = job.path("returns").path(id);
            assertEquals("done", r.path("ret").asText(), job.toString());
            assertEquals(0, r.path("retcode").asInt(), job.toString());
            assertTrue(ranFor(r).toMillis() >= 2000, id + " cut the command short: " + r);
        }
        assertTrue(took.toMillis() >= 2000 && took.toSeconds() < 20, "the call took " + took);
    }

    @Test
    @Order(4)
    void aThreeSecondTimeoutStopsALongCommandAfterThreeSeconds() throws Exception {
        long began = System.nanoTime();
        TestCluster.CliResult call = cluster.cli("run", "--timeout", "3", "--out", "json", "-L", "ahead,behind",
                "cmd.run", "sleep 30");
        Duration took = Duration.ofNanos(System.nanoTime() - began);
        assertTrue(took.toMillis() >= 2500 && took.toSeconds() < 10, "the call took " + took + ": " + call);
        String jid = JSON.readTree(call.out()).path("jid").asText();
        // A return the minion sends as its deadline stops the command may arrive just after the caller stopped
        // waiting; the job's record gets it all the same.
        Await.until(() -> show(jid).path("returns").size() == skews.size(), "both timed-out returns", WAIT);
        JsonNode job = show(jid);
        for (String id : skews.keySet()) {
            JsonNode r = job.path("returns").path(id);
            assertEquals(124, r.path("retcode").asInt(), "not timed out: " + job);
            assertTrue(r.path("ret").asText().startsWith("job timed out after 3.0 s"), job.toString());
            Duration ran = ranFor(r);
            assertTrue(ran.toMillis() >= 2500 && ran.toSeconds() < 10, id + " stopped it after " + ran + ": " + r);
        }
    }

    @Test
    @Order(5)
    void aJobQueuedForStoppedSkewedMinionsRunsWhenTheyStartAndKeepsTheMastersStartTime() throws Exception {
        for (String id : skews.keySet()) {
            Process p = minions.remove(id);
            p.destroy(); // SIGTERM: the minion says goodbye
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), id + " did not stop");
        }
        Await.until(() -> away(run("ahead,behind", "test.ping")), "both minions to be away", WAIT);

        Instant castAt = Instant.now();
        TestCluster.CliResult cast = cluster.cli("run", "--async", "--queue", "1m", "--out", "json", "-L",
                "ahead,behind", "cmd.run", "echo queued");
        assertEquals(0, cast.exit(), cast.toString());
        String jid = JSON.readTree(cast.out()).path("jid").asText();
        for (String id : skews.keySet()) {
            assertEquals("queued", show(jid).path("missing").path(id).asText(), show(jid).toString());
            startMinion(id);
        }
        Await.until(() -> show(jid).path("returns").size() == skews.size(), "both queued returns", WAIT);

        JsonNode job = show(jid);
        Instant recorded = startTime(jid);
        assertTrue(Duration.between(castAt, recorded).abs().compareTo(SLACK) < 0,
                "the job's start time " + recorded + " is not the master's clock (" + castAt + ")");
        for (Map.Entry<String, Duration> minion : skews.entrySet()) {
            JsonNode r = job.path("returns").path(minion.getKey());
            assertEquals("queued", r.path("ret").asText(), job.toString());
            Instant theirs = Instant.parse(r.path("start_time").asText());
            Duration off = Duration.between(castAt, theirs);
            assertTrue(off.minus(minion.getValue()).abs().compareTo(SLACK) < 0,
                    minion.getKey() + "'s own start time " + theirs + " is " + off + " off, not " + minion.getValue());
        }
    }

    private void startMinion(String id) throws IOException {
        Path yaml = Files.writeString(root.resolve(id + ".yaml"), "id: " + id + "\nmaster: 127.0.0.1\nmaster_port: "
                + cluster.port + "\nmaster_tofu: true\nheartbeat: 1\npki_dir: " + root.resolve(id + "/pki")
                + "\ncachedir: " + root.resolve(id + "/cache") + "\n");
        ProcessBuilder pb = new ProcessBuilder("java", "-jar", JAR.toString(), "minion", "-c", yaml.toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(root.resolve(id + ".log").toFile()));
        Map<String, String> env = pb.environment();
        env.put("LD_PRELOAD", libfaketime.toString());
        env.put("FAKETIME", (skews.get(id).isNegative() ? "-" : "+") + skews.get(id).abs().toHours() + "h");
        // A wrong wall clock leaves the monotonic clock alone. libfaketime then still rewrites the deadlines of
        // timed condition waits as if they were wall-clock times unless told not to: every JVM timed wait (sleep,
        // park, Object.wait) returned at once, the minion spun, and took 10 s to start instead of one.
        env.put("FAKETIME_DONT_FAKE_MONOTONIC", "1");
        env.put("FAKETIME_FORCE_MONOTONIC_FIX", "0");
        minions.put(id, pb.start());
    }

    /** {@code brine run --out json -L IDS ...}: the job document. */
    private JsonNode run(String ids, String... rest) {
        String[] args = new String[rest.length + 5];
        args[0] = "run";
        args[1] = "--out";
        args[2] = "json";
        args[3] = "-L";
        args[4] = ids;
        System.arraycopy(rest, 0, args, 5, rest.length);
        TestCluster.CliResult r = cluster.cli(args);
        try {
            return JSON.readTree(r.out().isEmpty() ? "{}" : r.out());
        } catch (IOException e) {
            throw new IllegalStateException(r.toString(), e);
        }
    }

    private boolean away(JsonNode job) {
        return skews.keySet().stream().allMatch(id -> job.path("missing").path(id).asText().equals("not-connected"));
    }

    private JsonNode show(String jid) {
        try {
            return JSON.readTree(cluster.cli("job", "show", "--out", "json", jid).out());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The job's start time in the master's record ({@code brine job list}). */
    private Instant startTime(String jid) throws IOException {
        for (JsonNode row : JSON.readTree(cluster.cli("job", "list", "--out", "json").out())) {
            if (row.path("jid").asText().equals(jid)) {
                return Instant.parse(row.path("start_time").asText());
            }
        }
        throw new AssertionError("job " + jid + " is not listed");
    }

    /** How long a minion says it ran a job, by its own clock. */
    private static Duration ranFor(JsonNode minionReturn) {
        return Duration.between(Instant.parse(minionReturn.path("start_time").asText()),
                Instant.parse(minionReturn.path("end_time").asText()));
    }
}
