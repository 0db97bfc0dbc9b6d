package io.brine.minion.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScheduleStoreTest {
    @TempDir
    Path cachedir;
    private final MutableClock clock = MutableClock.at("2026-03-10T10:00:00", ZoneOffset.UTC);

    @Test
    void nothingSavedLoadsAsNoChanges() throws Exception {
        ScheduleStore.Loaded loaded = new ScheduleStore(cachedir, clock).load();
        assertEquals(RuntimeChanges.NONE, loaded.changes());
        assertNull(loaded.problem());
    }

    @Test
    void whatIsSavedLoadsBackInAPrivateFile() throws Exception {
        RuntimeChanges changes = RuntimeChanges.NONE
                .withEntry("uptime", Map.of("function", "status.uptime", "minutes", 5, "args", List.of(1, "a")))
                .withoutEntry("from-config", true)
                .withJobEnabled("other", false)
                .withScheduleEnabled(false);
        Path nested = cachedir.resolve("minion");
        new ScheduleStore(nested, clock).save(changes);
        assertEquals(changes, new ScheduleStore(nested, clock).load().changes());
        Path file = nested.resolve(ScheduleStore.FILE_NAME);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(nested)));
        assertFalse(Files.exists(nested.resolve(ScheduleStore.FILE_NAME + ".tmp")), "temporary file left behind");
    }

    @Test
    void anExistingCachedirKeepsTheModeTheMinionGaveIt() throws Exception {
        Files.setPosixFilePermissions(cachedir, PosixFilePermissions.fromString("rwx--x---"));
        new ScheduleStore(cachedir, clock).save(RuntimeChanges.NONE.withScheduleEnabled(true));
        assertEquals("rwx--x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(cachedir)));
    }

    @Test
    void aSaveReplacesWhatWasSaved() throws Exception {
        ScheduleStore store = new ScheduleStore(cachedir, clock);
        store.save(RuntimeChanges.NONE.withScheduleEnabled(false));
        store.save(RuntimeChanges.NONE.withJobEnabled("x", true));
        assertEquals(RuntimeChanges.NONE.withJobEnabled("x", true), store.load().changes());
    }

    @Test
    void anUnreadableFileIsRenamedAsideAndReportedNotDiscarded() throws Exception {
        Path file = cachedir.resolve(ScheduleStore.FILE_NAME);
        Files.writeString(file, "{\"version\": 1, \"entries\": {");
        ScheduleStore.Loaded loaded = new ScheduleStore(cachedir, clock).load();
        assertEquals(RuntimeChanges.NONE, loaded.changes());
        Path aside = cachedir.resolve("schedule.json.unreadable-20260310T100000Z");
        assertTrue(Files.exists(aside), "not kept aside");
        assertEquals("{\"version\": 1, \"entries\": {", Files.readString(aside));
        assertFalse(Files.exists(file));
        assertTrue(loaded.problem().startsWith("runtime schedule changes in " + file + " could not be read ("),
                loaded.problem());
        assertTrue(loaded.problem().endsWith("the file was renamed to schedule.json.unreadable-20260310T100000Z "
                + "and the schedule started without them"), loaded.problem());
    }

    @Test
    void aFileOfAnotherShapeOrVersionIsSetAsideToo() throws Exception {
        for (String content : Set.of("[]", "{\"version\": 2}", "{\"version\": 1, \"deleted\": [3]}",
                "{\"version\": 1, \"job_enabled\": {\"x\": \"yes\"}}")) {
            Files.writeString(cachedir.resolve(ScheduleStore.FILE_NAME), content);
            ScheduleStore.Loaded loaded = new ScheduleStore(cachedir, clock).load();
            assertEquals(RuntimeChanges.NONE, loaded.changes(), content);
            assertTrue(loaded.problem() != null, content);
            clock.advanceSeconds(1);
        }
        try (var files = Files.list(cachedir)) {
            assertEquals(4, files.count());
        }
    }
}
