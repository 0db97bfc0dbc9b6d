package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.functions.ProcessRunner;
import io.brine.jobs.Job;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whatever runs a command (a state, cmd.run_all, cmd.script) runs it on the minion's one command runner, so a
 * killed or timed-out job leaves no process of the command's tree behind: checked in /proc by a sleep no other
 * process runs.
 */
class KilledCommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    static Path root;
    static TestCluster cluster;
    static Path states;

    @BeforeAll
    static void start() throws Exception {
        states = Files.createDirectories(root.resolve("states"));
        Files.writeString(states.resolve("slow.sh"), "#!/bin/sh\nsleep \"$1\"\n");
        cluster = TestCluster.start(root, "file_roots:\n  base:\n    - " + states + "\n");
        cluster.acceptedMinion("runner");
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    @Test
    void killingAStateApplyKillsItsCmdRunState() throws Exception {
        String sleep = uniqueSleep();
        Files.writeString(states.resolve("slowstate.sls"), "wait:\n  cmd.run:\n    - name: " + sleep
                + " & wait\n");
        killWhileRunning(sleep, "state.apply", "slowstate");
    }

    @Test
    void aStateApplyThatTimesOutLeavesNothingRunning() throws Exception {
        String sleep = uniqueSleep();
        Files.writeString(states.resolve("timedstate.sls"), "wait:\n  cmd.run:\n    - name: " + sleep + "\n");
        TestCluster.CliResult cast = cluster.cli("run", "--async", "--out", "json", "--timeout", "3", "runner",
                "state.apply", "timedstate");
        String jid = JSON.readTree(cast.out()).get("jid").asText();
        Await.until(() -> !running(sleep).isEmpty(), "the state's command running", WAIT);
        awaitNone(sleep);
        Await.until(() -> cluster.master.client().job(jid).map(j -> j.returns().containsKey("runner"))
                .orElse(false), "the timed-out job's return", WAIT);
    }

    @Test
    void killingCmdRunAllKillsTheCommandAndItsChildren() throws Exception {
        String sleep = uniqueSleep();
        killWhileRunning(sleep, "cmd.run_all", sleep + " & " + sleep + "; wait");
    }

    @Test
    void killingCmdScriptKillsTheScript() throws Exception {
        String sleep = uniqueSleep();
        killWhileRunning(sleep, "cmd.script", "brine://slow.sh", "args=" + sleep.substring("sleep ".length()));
    }

    @Test
    void aServiceStartThatHangsIsKilledAtTheJobsTimeout() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                ProcessHandle.current().info().user().map("root"::equals).orElse(false)
                        && !Files.isDirectory(Path.of("/run/systemd/system")),
                "an init script in /etc/init.d needs root, and a machine that runs them (CI)");
        String sleep = uniqueSleep();
        String name = "brinehang" + ThreadLocalRandom.current().nextInt(100_000, 999_999);
        Path script = Path.of("/etc/init.d", name);
        Files.writeString(script, "#!/bin/sh\ncase \"$1\" in\n  start) " + sleep + " ;;\n  status) exit 3 ;;\n"
                + "  *) exit 0 ;;\nesac\n");
        Files.setPosixFilePermissions(script, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        try {
            TestCluster.CliResult cast = cluster.cli("run", "--async", "--out", "json", "--timeout", "3", "runner",
                    "service.start", name);
            String jid = JSON.readTree(cast.out()).get("jid").asText();
            Await.until(() -> !running(sleep).isEmpty(), "the hanging start running", WAIT);
            awaitNone(sleep); // the job's 3 s timeout kills the init script's whole group
            Await.until(() -> cluster.master.client().job(jid).map(j -> j.returns().containsKey("runner"))
                    .orElse(false), "the timed-out job's return", WAIT);
            assertTrue(!cluster.master.client().job(jid).orElseThrow().returns().get("runner").success());
        } finally {
            Files.deleteIfExists(script);
        }
    }

    private static void killWhileRunning(String sleep, String... call) throws Exception {
        List<String> argv = new java.util.ArrayList<>(List.of("run", "--async", "--out", "json", "--timeout", "120",
                "runner"));
        argv.addAll(List.of(call));
        TestCluster.CliResult cast = cluster.cli(argv.toArray(String[]::new));
        assertEquals(0, cast.exit(), cast.out() + cast.err());
        String jid = JSON.readTree(cast.out()).get("jid").asText();
        Await.until(() -> !running(sleep).isEmpty(), "'" + sleep + "' running", WAIT);
        assertEquals(0, cluster.cli("job", "kill", jid).exit());
        awaitNone(sleep);
        Await.until(() -> cluster.master.client().job(jid).map(j -> j.returns().containsKey("runner"))
                .orElse(false), "the killed job's return", WAIT);
        Job job = cluster.master.client().job(jid).orElseThrow();
        assertTrue(!job.returns().get("runner").success(), job.toString());
    }

    /**
     * A sleep no other process runs. Its fraction ends in 1: passed as {@code args=90.123450} a trailing zero would
     * be lost when the command line reads the number as YAML, and the test would look for the wrong process.
     */
    private static String uniqueSleep() {
        return "sleep 90." + ThreadLocalRandom.current().nextInt(100_000, 999_999) + "1";
    }

    private static void awaitNone(String sleep) throws InterruptedException {
        Await.until(() -> running(sleep).isEmpty(), "no '" + sleep + "' left", WAIT);
    }

    private static List<Long> running(String commandLine) {
        String seconds = commandLine.substring("sleep ".length());
        return ProcessHandle.allProcesses().filter(ProcessRunner::isRunning)
                .filter(p -> p.info().arguments().map(a -> List.of(a).contains(seconds)).orElse(false)
                        || p.info().commandLine().map(c -> c.contains(commandLine)).orElse(false))
                .map(ProcessHandle::pid).toList();
    }
}
