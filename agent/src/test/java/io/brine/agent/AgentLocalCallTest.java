package io.brine.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The minion package's {@code brine call --local} and {@code brine state apply --local}: files and pillar from the
 * minion config's roots, printed in the full CLI's shapes, with its exit codes.
 */
class AgentLocalCallTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path root;
    Path config;

    @BeforeEach
    void writeTree() throws Exception {
        Path states = Files.createDirectories(root.resolve("states"));
        Path pillar = Files.createDirectories(root.resolve("pillar"));
        Files.writeString(pillar.resolve("top.sls"), "base:\n  'G@os_family:* and guest*':\n    - match: compound\n"
                + "    - app\n");
        Files.writeString(pillar.resolve("app.sls"), "app:\n  greeting: hello from pillar\n");
        Files.writeString(states.resolve("greet.sls"), "{{ '" + root.resolve("out.txt") + "' }}:\n  file.managed:\n"
                + "    - contents: {{ pillar['app']['greeting'] }}\n");
        config = Files.writeString(root.resolve("minion.yaml"), "id: guest1\npki_dir: " + root.resolve("pki")
                + "\ncachedir: " + root.resolve("cache") + "\nfile_roots_allowed:\n  - " + root
                + "\nfile_roots:\n  base:\n    - " + states + "\npillar_roots:\n  base:\n    - " + pillar + "\n");
    }

    record Run(int exit, String out) {
    }

    private static Run agent(String... args) throws Exception {
        PrintStream saved = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            int exit = AgentMain.run(args);
            return new Run(exit, bytes.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(saved);
        }
    }

    @Test
    void callReadsPillarThroughACompoundTopTargetAndPrintsTheJobDocument() throws Exception {
        Run r = agent("call", "--local", "-c", config.toString(), "pillar.get", "app:greeting", "--out", "json");
        assertEquals(AgentMain.OK, r.exit(), r.out());
        JsonNode ret = JSON.readTree(r.out()).get("returns").get("guest1");
        assertEquals("hello from pillar", ret.get("ret").asText(), r.out());
        assertTrue(ret.get("success").asBoolean());
    }

    @Test
    void stateApplyTestsThenAppliesAndAFailureExitsOne() throws Exception {
        Run test = agent("state", "apply", "--local", "--test", "-c", config.toString(), "greet");
        assertEquals(AgentMain.OK, test.exit(), test.out());
        assertTrue(test.out().contains("Summary for guest1"), test.out());
        assertTrue(!Files.exists(root.resolve("out.txt")), "test mode writes nothing");
        Run real = agent("state", "apply", "--local", "-c", config.toString(), "greet", "--out", "yaml");
        assertEquals(AgentMain.OK, real.exit(), real.out());
        assertEquals("hello from pillar", Files.readString(root.resolve("out.txt")).strip());
        Run failed = agent("call", "--local", "-c", config.toString(), "cmd.run", "exit 3", "--out", "jsonl");
        assertEquals(AgentMain.FAILED, failed.exit(), failed.out());
        assertEquals(2, failed.out().lines().count(), "a line per return, then the summary: " + failed.out());
    }

    @Test
    void withoutLocalItAsksTheRunningMinionAndSaysWhatToDoWhenNoneRuns() {
        java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> AgentMain.run("call", "-c", config.toString(), "test.ping"));
        assertTrue(e.getMessage().contains("the minion guest1 is not running here") && e.getMessage().contains("--local"),
                e.getMessage());
        IllegalArgumentException state = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> AgentMain.run("state", "apply", "-c", config.toString(), "greet"));
        assertTrue(state.getMessage().contains("--local"), state.getMessage());
    }
}
