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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A guest owner's allow-lists hold whatever the master asks: functions_allowed, functions_denied and cmd_allowed,
 * checked on the minion for execution functions and for the commands of states alike.
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
