package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.minion.Minion;
import io.brine.functions.FunctionPolicy;
import io.brine.protocol.KeyStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A guest owner's allow-lists hold whatever the master asks: functions_allowed, functions_denied and cmd_allowed,
 * checked on the minion for execution functions, for state functions by their family, and for every command a
 * state would run or install.
 */
class MinionAllowListTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path root;
    static TestCluster cluster;

    @BeforeAll
    static void start() throws Exception {
        cluster = TestCluster.start(root, "auto_accept: true\n");
        // an agent-only guest: registered functions, never a shell
        add("agent", new FunctionPolicy(List.of("test.*", "sys.*"), List.of(), null));
        add("nocmd", new FunctionPolicy(List.of("*"), List.of("cmd.*"), null));
        add("echoes", new FunctionPolicy(List.of("*"), List.of(), List.of("echo [a-z ]+")));
        add("nofiles", new FunctionPolicy(List.of("*"), List.of("file.*"), null));
    }

    private static void add(String id, FunctionPolicy policy) throws Exception {
        Minion m = cluster.addMinion(id, c -> c.withFunctionPolicy(policy));
        TestCluster.awaitStatus(m, KeyStatus.ACCEPTED, Duration.ofSeconds(15));
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    @Test
    void aDeniedFunctionIsAFailedReturnNamingTheRule() throws Exception {
        // with echoes, which runs cmd.run, in the target: else the master refuses it before publishing (below)
        JsonNode r = run("nocmd", "-L", "nocmd,echoes", "cmd.run", "echo hello");
        assertFalse(r.get("success").asBoolean());
        assertTrue(r.get("ret").asText().contains("cmd.run is refused by functions_denied 'cmd.*'"), r.toString());
        assertTrue(run("nocmd", "nocmd", "test.ping").get("success").asBoolean(), "other functions still run");
    }

    @Test
    void aFunctionEveryTargetedMinionRefusesIsRefusedByTheMasterWithNothingPublished() throws Exception {
        // the allow-lists hide what they refuse from what a minion declares, so the master knows it runs nowhere
        Await.until(() -> cluster.cli("run", "-C", "G@id:nocmd", "test.ping").exit() == 0, "nocmd's grains",
                Duration.ofSeconds(15));
        TestCluster.CliResult r = cluster.cli("run", "nocmd", "cmd.run", "echo hello");
        assertEquals(2, r.exit(), r.out());
        assertTrue(r.err().contains("nocmd: 'cmd.run' is not available on this minion (nothing was published)"),
                r.err());
    }

    @Test
    void aCommandOutsideCmdAllowedIsRefusedAndOneInsideRuns() throws Exception {
        Path marker = root.resolve("touched-by-refused-command");
        JsonNode refused = run("echoes", "echoes", "cmd.run", "touch " + marker);
        assertFalse(refused.get("success").asBoolean());
        assertTrue(refused.get("ret").asText().contains("matches no cmd_allowed pattern"), refused.toString());
        assertFalse(Files.exists(marker));

        JsonNode allowed = run("echoes", "echoes", "cmd.run", "echo allowed words");
        assertTrue(allowed.get("success").asBoolean(), allowed.toString());
        assertEquals("allowed words", allowed.get("ret").asText().strip());
    }

    @Test
    void aStateCannotRunACommandTheMinionRefuses() throws Exception {
        Path marker = root.resolve("touched-by-refused-state");
        JsonNode r = run("echoes", "echoes", "state.single", "cmd.run", "name=touch " + marker);
        assertFalse(r.get("success").asBoolean(), r.toString());
        assertTrue(r.toString().contains("matches no cmd_allowed pattern"), r.toString());
        assertFalse(Files.exists(marker), "the state's command ran");

        JsonNode probe = run("echoes", "echoes", "state.single", "cmd.run", "name=echo fine", "unless=touch "
                + marker);
        assertFalse(probe.get("success").asBoolean(), probe.toString());
        assertFalse(Files.exists(marker), "an unless probe ran a refused command");
    }

    @Test
    void anAgentOnlyGuestRunsNoShellAndShowsOnlyWhatItAllows() throws Exception {
        Path marker = root.resolve("touched-on-agent-guest");
        // echoes in the target too (its cmd_allowed refuses 'touch'): else the master refuses them before publishing
        for (List<String> call : List.of(List.of("-L", "agent,echoes", "cmd.run", "touch " + marker),
                List.of("-L", "agent,echoes", "state.single", "cmd.run", "name=touch " + marker))) {
            JsonNode r = run("agent", call.toArray(String[]::new));
            assertFalse(r.get("success").asBoolean(), r.toString());
            assertTrue(r.get("ret").asText().contains("matches no functions_allowed pattern"), r.toString());
        }
        assertFalse(Files.exists(marker));
        JsonNode names = run("agent", "agent", "sys.list_functions").get("ret");
        assertTrue(names.size() > 3, names.toString());
        for (JsonNode name : names) {
            assertTrue(name.asText().startsWith("test.") || name.asText().startsWith("sys."), names.toString());
        }
    }

    /**
     * The hostile call of issue 24: a master asking a cmd_allowed minion to make cron run {@code id} as root. It is
     * refused in the plan and in the run, and root's crontab is as it was (compared where crontab(1) is installed
     * and the test runs as root, as in CI; restored should the refusal ever fail).
     */
    @Test
    void cronPresentIsRefusedOnACmdAllowedMinionAndNoCrontabEntryIsWritten() throws Exception {
        Optional<String> before = rootCrontab();
        try {
            for (String test : List.of("test=True", "test=False")) {
                JsonNode r = run("echoes", "echoes", "state.single", "cron.present", "name=id", "user=root", test);
                assertFalse(r.get("success").asBoolean(), r.toString());
                JsonNode state = onlyState(r);
                assertFalse(state.get("result").asBoolean(true), r.toString());
                assertEquals("cron.present: the cron job is refused: command 'id' matches no cmd_allowed pattern",
                        state.get("comment").asText());
            }
            assertEquals(before, rootCrontab(), "root's crontab changed");
        } finally {
            restoreRootCrontab(before);
        }
    }

    @Test
    void fileManagedIsRefusedWhenFileFunctionsAreDeniedAndTheFileIsNotWritten() throws Exception {
        Path target = root.resolve("written-by-refused-file-state");
        for (String test : List.of("test=True", "test=False")) {
            JsonNode r = run("nofiles", "nofiles", "state.single", "file.managed", "name=" + target, "contents=owned",
                    test);
            assertFalse(r.get("success").asBoolean(), r.toString());
            JsonNode state = onlyState(r);
            assertFalse(state.get("result").asBoolean(true), r.toString());
            assertEquals("file.managed is refused by functions_denied 'file.*'", state.get("comment").asText());
        }
        assertFalse(Files.exists(target), "the refused state wrote the file");
        JsonNode shown = run("nofiles", "nofiles", "sys.list_state_functions").get("ret");
        assertTrue(shown.toString().contains("cron.present"), shown.toString());
        assertFalse(shown.toString().contains("file."), "a refused state function is not listed: " + shown);
    }

    private static JsonNode onlyState(JsonNode stateReturn) {
        JsonNode states = stateReturn.get("ret");
        assertEquals(1, states.size(), stateReturn.toString());
        return states.elements().next();
    }

    /** Root's crontab as crontab(1) lists it ("" for none), or empty where it cannot be read here. */
    private static Optional<String> rootCrontab() throws Exception {
        if (!"root".equals(System.getProperty("user.name")) || !Files.isExecutable(Path.of("/usr/bin/crontab"))) {
            return Optional.empty();
        }
        Process p = new ProcessBuilder("crontab", "-l", "-u", "root").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        return Optional.of(p.waitFor() == 0 ? out : "");
    }

    private static void restoreRootCrontab(Optional<String> before) throws Exception {
        if (before.isEmpty() || before.equals(rootCrontab())) {
            return;
        }
        if (before.get().isEmpty()) {
            new ProcessBuilder("crontab", "-r", "-u", "root").start().waitFor();
            return;
        }
        Process p = new ProcessBuilder("crontab", "-u", "root", "-").start();
        p.getOutputStream().write(before.get().getBytes());
        p.getOutputStream().close();
        p.waitFor();
    }

    /** {@code minion}'s return of {@code brine run --out json TARGET...}: the target, then the call. */
    private static JsonNode run(String minion, String... targetAndCall) throws Exception {
        String[] args = new String[targetAndCall.length + 3];
        args[0] = "run";
        args[1] = "--out";
        args[2] = "json";
        System.arraycopy(targetAndCall, 0, args, 3, targetAndCall.length);
        TestCluster.CliResult r = cluster.cli(args);
        return JSON.readTree(r.out()).get("returns").get(minion);
    }
}
