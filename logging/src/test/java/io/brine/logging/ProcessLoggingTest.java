package io.brine.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.config.ConfigException;
import io.brine.config.LoggingConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessLoggingTest {
    static final String FORGED = "/srv/x\n2026-01-05 07:08:09 INFO io.brine.master.Master: key web9 accepted"
            + "\r\u0085\u2028\u001b[2J";

    @TempDir
    Path dir;

    @AfterEach
    void backToDefaults() {
        ProcessLogging.configure(LoggingConfig.DEFAULT);
    }

    private Path configure(LoggingConfig.Format format, Level level, Level fileLevel) {
        Path file = dir.resolve("logs/brine.log");
        ProcessLogging.configure(new LoggingConfig(file, level, fileLevel, format));
        return file;
    }

    @Test
    void aTextRecordIsOneLineWithDateTimeLevelLoggerAndMessage() throws IOException {
        Path file = configure(LoggingConfig.Format.TEXT, Level.INFO, null);
        System.getLogger("io.brine.minion.Minion").log(Level.INFO, "minion {0} started", "m1");
        System.getLogger("io.brine.minion.Minion").log(Level.DEBUG, "not at info");
        assertEquals(1, Files.readAllLines(file).size());
        assertTrue(Files.readString(file).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d INFO "
                + "io.brine.minion.Minion: minion m1 started\\R"), Files.readString(file));
    }

    @Test
    void aJsonRecordIsOneObjectPerLineWithTimeLevelLoggerMessageAndException() throws IOException {
        Path file = configure(LoggingConfig.Format.JSON, Level.INFO, null);
        Instant before = Instant.now().minusSeconds(1);
        System.getLogger("io.brine.minion.Minion").log(Level.INFO, "minion m1 started");
        System.getLogger("io.brine.transport.DealerEndpoint").log(Level.WARNING, "dropped a frame",
                new IllegalStateException("bad frame"));
        List<String> lines = Files.readAllLines(file);
        assertEquals(2, lines.size(), String.join("\n", lines));
        JsonNode first = new ObjectMapper().readTree(lines.get(0));
        assertEquals(List.of("time", "level", "logger", "message"), fieldNames(first));
        assertTrue(first.get("time").asText().endsWith("Z"), "UTC: " + first);
        assertFalse(Instant.parse(first.get("time").asText()).isBefore(before), first.toString());
        assertEquals("INFO", first.get("level").asText());
        assertEquals("io.brine.minion.Minion", first.get("logger").asText());
        assertEquals("minion m1 started", first.get("message").asText());
        JsonNode second = new ObjectMapper().readTree(lines.get(1));
        assertEquals("WARNING", second.get("level").asText());
        assertTrue(second.get("exception").asText().startsWith("java.lang.IllegalStateException: bad frame"),
                second.toString());
        assertTrue(second.get("exception").asText().contains("at io.brine.logging.ProcessLoggingTest."), second.toString());
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** Issue 11, finding 17: a pushed path with a newline wrote a forged record into the master's log. */
    @Test
    void aValueFromTheWireCannotForgeATextRecord() throws IOException {
        Path file = configure(LoggingConfig.Format.TEXT, Level.INFO, null);
        System.getLogger("io.brine.master.PushReceiver").log(Level.INFO, "stored push " + FORGED,
                new IllegalStateException("cannot store " + FORGED));
        String text = Files.readString(file);
        String[] lines = text.split("\\R");
        assertTrue(lines[0].endsWith("stored push /srv/x\\n2026-01-05 07:08:09 INFO io.brine.master.Master: key web9"
                + " accepted\\r\\u0085\\u2028\\u001b[2J"), lines[0]);
        for (int i = 1; i < lines.length; i++) {
            assertTrue(Character.isWhitespace(lines[i].charAt(0)), "line " + i + " starts a record: " + lines[i]);
        }
        assertFalse(text.chars().anyMatch(c -> c == 0x1b || c == 0x85 || c == 0x2028), text);
    }

    @Test
    void aValueFromTheWireCannotForgeAJsonRecord() throws IOException {
        Path file = configure(LoggingConfig.Format.JSON, Level.INFO, null);
        System.getLogger("io.brine.master.PushReceiver").log(Level.INFO, "stored push " + FORGED,
                new IllegalStateException("cannot store " + FORGED));
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertEquals(1, text.split("\\R", -1).length - 1, "one line, ended: " + text);
        assertFalse(text.chars().anyMatch(c -> c < 0x20 && c != '\n' || c >= 0x7f && c <= 0x9f || c == 0x2028),
                text);
        JsonNode record = new ObjectMapper().readTree(text);
        assertEquals("stored push " + FORGED, record.get("message").asText(), "escaped, not altered");
        assertTrue(record.get("exception").asText().contains("cannot store " + FORGED), record.toString());
    }

    @Test
    void theLogFileAndItsMissingDirectoryArePrivate() throws IOException {
        Path file = configure(LoggingConfig.Format.TEXT, Level.INFO, null);
        System.getLogger("io.brine.test").log(Level.INFO, "a secret-ish line");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
    }

    @Test
    void theFileAndStandardErrorKeepTheirOwnLevels() throws IOException {
        System.setProperty("brine.log.level.io.brine.test.Loud", "debug");
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        Path file;
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            file = configure(LoggingConfig.Format.TEXT, Level.WARNING, Level.DEBUG);
            System.getLogger("io.brine.test.Quiet").log(Level.DEBUG, "detail for the file");
            System.getLogger("io.brine.test.Quiet").log(Level.WARNING, "for both");
            System.getLogger("io.brine.test.Loud").log(Level.DEBUG, "a logger's own level speaks everywhere");
            configure(LoggingConfig.Format.TEXT, Level.DEBUG, Level.ERROR);
            System.getLogger("io.brine.test.Quiet").log(Level.INFO, "detail for the terminal");
        } finally {
            System.setErr(saved);
            System.clearProperty("brine.log.level.io.brine.test.Loud");
        }
        String stderr = captured.toString(StandardCharsets.UTF_8);
        String logged = Files.readString(file);
        assertTrue(logged.contains("detail for the file") && !stderr.contains("detail for the file"), stderr);
        assertTrue(logged.contains("for both") && stderr.contains("for both"), stderr);
        assertTrue(logged.contains("speaks everywhere") && stderr.contains("speaks everywhere"), stderr);
        assertTrue(stderr.contains("detail for the terminal") && !logged.contains("detail for the terminal"), logged);
    }

    @Test
    void aLogFileThatCannotBeCreatedIsAnErrorNamingIt() throws IOException {
        Path blocker = Files.writeString(dir.resolve("not-a-dir"), "");
        Path file = blocker.resolve("brine.log");
        ConfigException e = assertThrows(ConfigException.class, () -> ProcessLogging.configure(
                new LoggingConfig(file, Level.INFO, null, LoggingConfig.Format.TEXT)));
        assertTrue(e.getMessage().startsWith("log_file " + file + ": cannot be created"), e.getMessage());
    }
}
