package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.minion.Minion;
import io.brine.protocol.KeyStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Batches, kills, the audit trail and several callers at once, observed on real minions. */
class JobControlTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path root;
    static TestCluster cluster;

    @BeforeAll
    static void startFiveMinions() throws Exception {
        cluster = TestCluster.start(root, "auto_accept: true\n");
        for (int i = 1; i <= 5; i++) {
            cluster.addMinion("node" + i);
        }
        for (Minion m : cluster.minions) {
            TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(15));
        }
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    @Test
    void aBatchOfTwoNeverRunsMoreThanTwoAtOnce() throws Exception {
        TestCluster.CliResult r = cluster.cli("run", "--out", "json", "-b", "2", "--timeout", "10", "node*",
                "test.sleep", "0.5");
        assertEquals(0, r.exit(), r.err());
        JsonNode returns = JSON.readTree(r.out()).get("returns");
        assertEquals(5, returns.size());
        List<long[]> spans = new ArrayList<>();
        returns.forEach(ret -> spans.add(new long[] {Instant.parse(ret.get("start_time").asText()).toEpochMilli(),
                Instant.parse(ret.get("end_time").asText()).toEpochMilli()}));
        assertTrue(maxOverlap(spans) <= 2, "at most two ran at once: " + returns);
        assertTrue(maxOverlap(spans) >= 2, "but two did run together: " + returns);
    }

    @Test
    void aPercentageBatchAlsoLimitsConcurrency() throws Exception {
        TestCluster.CliResult r = cluster.cli("run", "--out", "json", "-b", "20%", "--timeout", "10", "node*",
                "test.sleep", "0.2");
        assertEquals(0, r.exit(), r.err());
        List<long[]> spans = new ArrayList<>();
        JSON.readTree(r.out()).get("returns").forEach(ret -> spans.add(new long[] {
                Instant.parse(ret.get("start_time").asText()).toEpochMilli(),
                Instant.parse(ret.get("end_time").asText()).toEpochMilli()}));
        assertEquals(5, spans.size());
        assertEquals(1, maxOverlap(spans), "20% of five is one at a time");
    }

    @Test
    void killingASleepEndsItAndTheReturnSaysKilled() throws Exception {
        String jid = cast("node1", "test.sleep", "60");
        awaitRunning("node1", jid);
        assertEquals(0, cluster.cli("job", "kill", jid).exit());
        JsonNode ret = awaitReturn(jid, "node1");
        assertFalse(ret.get("success").asBoolean());
        assertTrue(ret.get("ret").asText().contains("killed"), ret.toString());
    }

    @Test
    void killingACommandKillsItsProcess() throws Exception {
        // the marker is sleep's own argument: bash runs a lone command by exec, so a '# comment' would vanish
        String marker = "60." + (1_000_000_000L + System.nanoTime() % 1_000_000_000L);
        String jid = cast("node2", "cmd.run", "sleep " + marker);
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!processRunning(marker) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(processRunning(marker), "control: the command started");
        assertEquals(0, cluster.cli("job", "kill", jid).exit());
        awaitReturn(jid, "node2");
        deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (processRunning(marker) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertFalse(processRunning(marker), "the killed job's process is gone");
    }

    @Test
    void jobsRunningListsWhatAMinionIsDoing() throws Exception {
        String jid = cast("node3", "test.sleep", "3");
        JsonNode running = awaitRunning("node3", jid);
        assertEquals(1, running.size(), running.toString());
        assertEquals(jid, running.get(0).get("jid").asText());
        assertEquals("test.sleep", running.get(0).get("function").asText());
    }

    @Test
    void aSlowJobDoesNotHoldUpOtherCallers() throws Exception {
        CompletableFuture<TestCluster.CliResult> slow = CompletableFuture.supplyAsync(
                () -> cluster.cli("run", "--timeout", "20", "node4", "test.sleep", "3"));
        awaitRunning("node4", null);
        List<CompletableFuture<TestCluster.CliResult>> fast = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            fast.add(CompletableFuture.supplyAsync(() -> cluster.cli("run", "node5", "test.ping")));
        }
        for (CompletableFuture<TestCluster.CliResult> f : fast) {
            assertEquals(0, f.get().exit());
        }
        assertFalse(slow.isDone(), "three pings finished while the slow job was still running");
        assertEquals(0, slow.get().exit());
    }

    @Test
    void jobListFiltersByFunctionCallerAndTime() throws Exception {
        cluster.cli("run", "node1", "test.echo", "audit-me");
        JsonNode echo = JSON.readTree(cluster.cli("job", "list", "--out", "json", "--function", "test.echo").out());
        assertTrue(echo.size() >= 1);
        echo.forEach(j -> assertEquals("test.echo", j.get("function").asText()));
        assertEquals("local", echo.get(0).get("caller").asText(), "every job records who asked");
        assertEquals(0, JSON.readTree(cluster.cli("job", "list", "--out", "json", "--caller", "nobody").out()).size());
        assertEquals(0, JSON.readTree(cluster.cli("job", "list", "--out", "json", "--since",
                "2999-01-01").out()).size());
        assertTrue(JSON.readTree(cluster.cli("job", "list", "--out", "json", "--since", "1h").out()).size() >= 1);
    }

    private static int maxOverlap(List<long[]> spans) {
        int max = 0;
        for (long[] a : spans) {
            int at = 0;
            for (long[] b : spans) {
                if (b[0] <= a[0] && a[0] < b[1]) {
                    at++;
                }
            }
            max = Math.max(max, at);
        }
        return max;
    }

    private static boolean processRunning(String marker) throws Exception {
        try (var procs = Files.list(Path.of("/proc"))) {
            for (Path p : (Iterable<Path>) procs::iterator) {
                Path cmdline = p.resolve("cmdline");
                if (p.getFileName().toString().matches("[0-9]+") && Files.isReadable(cmdline)) {
                    try {
                        String cmd = new String(Files.readAllBytes(cmdline)).replace('\0', ' ');
                        String stat = Files.readString(p.resolve("stat"));
                        boolean zombie = stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
                        if (cmd.contains(marker) && !zombie) {
                            return true;
                        }
                    } catch (java.io.IOException gone) {
                        // the process ended while we looked
                    }
                }
            }
        }
        return false;
    }

    private static String cast(String... words) {
        List<String> args = new ArrayList<>(List.of("run", "--async", "--timeout", "120"));
        args.addAll(List.of(words));
        TestCluster.CliResult r = cluster.cli(args.toArray(String[]::new));
        Matcher m = Pattern.compile("([0-9]{20})").matcher(r.out());
        assertTrue(m.find(), r.out() + r.err());
        return m.group(1);
    }

    /** What {@code id}'s jobs.running says once it lists {@code jid} (or, when null, any job). */
    private static JsonNode awaitRunning(String id, String jid) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        JsonNode running = null;
        while (System.nanoTime() < deadline) {
            TestCluster.CliResult r = cluster.cli("run", "--out", "json", id, "jobs.running");
            running = JSON.readTree(r.out()).get("returns").get(id).get("ret");
            for (JsonNode job : running) {
                if (jid == null || jid.equals(job.get("jid").asText())) {
                    return running;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError(id + " never listed " + (jid == null ? "a job" : jid) + " as running: " + running);
    }

    private static JsonNode awaitReturn(String jid, String id) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode job = JSON.readTree(cluster.cli("job", "show", "--out", "json", jid).out());
            if (job.get("returns").has(id)) {
                return job.get("returns").get(id);
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no return from " + id + " for " + jid);
    }
}
