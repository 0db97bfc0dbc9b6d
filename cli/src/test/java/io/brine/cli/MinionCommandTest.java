package io.brine.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** 'brine minion' is read without picocli when it can be (to keep picocli out of the minion's memory). */
class MinionCommandTest {
    @TempDir
    Path dir;

    @Test
    void theOptionsAMinionIsStartedWithReadTheSameWithoutPicocli() {
        for (List<String> words : List.of(List.of("minion"), List.of("minion", "-c", "/tmp/m.yaml"),
                List.of("minion", "--config", "m.yaml"), List.of("minion", "--config=m.yaml"),
                List.of("minion", "-c", "m.yaml", "--log-level", "warning"),
                List.of("minion", "--log-level=debug", "--config", "m.yaml"))) {
            String[] args = words.toArray(String[]::new);
            MinionCommand plain = MinionCommand.withoutPicocli(args);
            assertNotNull(plain, words.toString());
            MinionCommand parsed = byPicocli(args);
            assertEquals(parsed.file, plain.file, words.toString());
            assertEquals(parsed.logLevel, plain.logLevel, words.toString());
        }
    }

    @Test
    void anythingElseIsLeftToPicocli() {
        for (List<String> words : List.of(List.of("run", "-c", "m.yaml"), List.of("minion", "--help"),
                List.of("minion", "-V"), List.of("minion", "-c"), List.of("minion", "-cm.yaml"),
                List.of("minion", "-c", "a.yaml", "-c", "b.yaml"), List.of("minion", "--config="),
                List.of("minion", "-c", "--log-level"), List.of("minion", "m.yaml"),
                List.of("minion", "--bogus", "x"))) {
            assertNull(MinionCommand.withoutPicocli(words.toArray(String[]::new)), words.toString());
        }
    }

    @Test
    void aBadConfigurationFailsWithOneLineAndTheUsageExitCode() throws Exception {
        Path yaml = Files.writeString(dir.resolve("minion.yaml"), "id: m1\nbogus_key: 1\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        System.setErr(new PrintStream(err, true));
        try {
            assertEquals(ExitCodes.USAGE, Main.run("minion", "-c", yaml.toString()));
        } finally {
            System.setErr(saved);
        }
        String message = err.toString();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.startsWith("brine: " + yaml + ":2: unknown key 'bogus_key'"), message);
    }

    private static MinionCommand byPicocli(String[] args) {
        CommandLine cli = BrineCommand.commandLine(args);
        cli.setOut(new PrintWriter(new StringWriter()));
        return (MinionCommand) cli.parseArgs(args).subcommand().commandSpec().userObject();
    }
}
