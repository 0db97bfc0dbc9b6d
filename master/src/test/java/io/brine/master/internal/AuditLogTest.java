package io.brine.master.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brine.master.AuditUnavailableException;
import io.brine.master.Principal;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audit log on a real full disk: a 1 MiB tmpfs filled to its last page (mounting needs root: skipped
 * otherwise). Lines the disk refuses wait in memory, bounded, and are written in order once there is room, a line
 * the disk took only part of included; with {@code audit_required} an action is refused unless its line is on
 * disk first.
 */
class AuditLogTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Principal OPERATOR = new Principal("alice", false, "127.0.0.1:1");

    @TempDir
    Path dir;
    Path disk;
    Path filler;
    boolean mounted;

    @BeforeEach
    void mountASmallDisk() throws Exception {
        assumeTrue(ProcessHandle.current().info().user().map("root"::equals).orElse(false), "mounting needs root");
        disk = Files.createDirectories(dir.resolve("disk"));
        exec("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", disk.toString());
        mounted = true;
        filler = disk.resolve("filler");
    }

    @AfterEach
    void unmount() throws Exception {
        if (mounted) {
            exec("umount", disk.toString());
        }
    }

    @Test
    void linesTheFullDiskRefusedWaitInMemoryAndAreWrittenInOrderOnceThereIsRoomAgain() throws Exception {
        Path file = disk.resolve("audit.jsonl");
        try (AuditLog audit = AuditLog.open(file)) {
            audit.record(OPERATOR, "publish", Map.of("n", -1)); // its page has room left for a few more lines
            fill(filler);
            int n = 0;
            while (audit.waiting() == 0) { // the page's room taken, the last line only partly
                audit.record(OPERATOR, "publish", Map.of("n", n++, "args", List.of("x".repeat(150))));
                assertTrue(n < 100, "a full disk took 100 lines");
            }
            for (int i = 0; i < 20; i++) {
                audit.record(OPERATOR, "publish", Map.of("n", n++, "args", List.of("x".repeat(150))));
            }
            assertNotNull(audit.failing());
            assertEquals(0, audit.dropped());
            audit.retry();
            assertNotNull(audit.failing(), "written while the disk is still full");

            Files.delete(filler);
            audit.retry();
            assertNull(audit.failing());
            assertEquals(0, audit.waiting());
            List<Integer> written = new ArrayList<>();
            for (String line : Files.readAllLines(file)) {
                written.add(JSON.readTree(line).get("n").asInt()); // every line whole JSON: none torn
            }
            List<Integer> expected = new ArrayList<>();
            for (int i = -1; i < n; i++) {
                expected.add(i);
            }
            assertEquals(expected, written);
        }
    }

    @Test
    void pastItsBoundsALineIsDroppedAndCountedAndTheOthersKeepTheirOrder() throws Exception {
        Path file = disk.resolve("audit.jsonl");
        try (AuditLog audit = AuditLog.open(file, false, 5, 1 << 20)) {
            fill(filler); // the log has no page yet: its first line finds no room at all
            for (int i = 0; i < 8; i++) {
                audit.record(OPERATOR, "publish", Map.of("n", i));
            }
            assertEquals(5, audit.waiting());
            assertEquals(3, audit.dropped());
            Files.delete(filler);
            // while the log fails a line waits untried (no action waits for a sink that failed); the timer's try
            // writes them all, in order
            audit.record(OPERATOR, "publish", Map.of("n", 8)); // past the bound: dropped too
            assertEquals(5, audit.waiting());
            assertEquals(4, audit.dropped());
            audit.retry();
            assertEquals(0, audit.waiting());
            assertNull(audit.failing());
            audit.record(OPERATOR, "publish", Map.of("n", 9)); // written at once again
            List<Integer> written = new ArrayList<>();
            for (String line : Files.readAllLines(file)) {
                written.add(JSON.readTree(line).get("n").asInt());
            }
            assertEquals(List.of(0, 1, 2, 3, 4, 9), written);
        }
    }

    @Test
    void withAuditRequiredAnActionIsRefusedUnlessItsLineIsOnDiskFirstAndTheRefusalIsRecorded() throws Exception {
        try (AuditLog roomy = AuditLog.open(dir.resolve("roomy.jsonl"), true)) { // a disk with room: both pass
            roomy.recordBefore(OPERATOR, "kill", Map.of("jid", "20261125120000000001", "outcome", "killed"));
            roomy.requireWritable(OPERATOR, "key.accepted", Map.of("id", "web1"));
            assertEquals(0, roomy.refused());
        }
        Path file = disk.resolve("audit.jsonl");
        try (AuditLog audit = AuditLog.open(file, true)) {
            fill(filler); // the log has no page yet: its first line finds no room at all
            AuditUnavailableException refused = assertThrows(AuditUnavailableException.class,
                    () -> audit.recordBefore(OPERATOR, "kill", Map.of("jid", "20261125120000000002",
                            "outcome", "killed")));
            assertTrue(refused.getMessage().contains("audit_required"), refused.getMessage());
            assertThrows(AuditUnavailableException.class,
                    () -> audit.requireWritable(OPERATOR, "key.accepted", Map.of("id", "web1")));
            assertEquals(2, audit.refused());
            assertEquals(2, audit.waiting(), "the refusals wait to be written");

            Files.delete(filler);
            audit.retry();
            audit.requireWritable(OPERATOR, "key.accepted", Map.of("id", "web1"));
            audit.recordBefore(OPERATOR, "kill", Map.of("jid", "20261125120000000003", "outcome", "killed"));
            List<JsonNode> lines = new ArrayList<>();
            for (String line : Files.readAllLines(file)) {
                lines.add(JSON.readTree(line));
            }
            assertEquals(3, lines.size(), lines.toString()); // the refused kill's own line never written
            assertEquals("refused", lines.get(0).get("action").asText());
            assertEquals("kill", lines.get(0).get("function").asText());
            assertEquals("20261125120000000002", lines.get(0).get("jid").asText());
            assertEquals("refused", lines.get(1).get("action").asText());
            assertEquals("key.accepted", lines.get(1).get("function").asText());
            assertEquals("kill", lines.get(2).get("action").asText());
            assertEquals("20261125120000000003", lines.get(2).get("jid").asText());
        }
    }

    /** Writes until the file system says no more. */
    private static void fill(Path file) throws IOException {
        byte[] chunk = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(file)) {
            while (true) {
                out.write(chunk);
            }
        } catch (IOException full) {
            // the disk is full now
        }
    }

    private static void exec(String... command) throws Exception {
        Process p = new ProcessBuilder(command).inheritIO().start();
        assertEquals(0, p.waitFor(), String.join(" ", command));
    }
}
