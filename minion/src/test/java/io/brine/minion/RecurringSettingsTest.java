package io.brine.minion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brine.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecurringSettingsTest {
    @TempDir
    Path dir;

    @Test
    void aScheduleMineFunctionsAndMineIntervalAreReadFromTheConfig() throws Exception {
        MinionConfig c = MinionConfig.load(Files.writeString(dir.resolve("minion.yaml"), "id: g1\n"
                + "schedule:\n  uptime:\n    function: status.uptime\n    minutes: 5\n"
                + "mine_functions:\n  network.ip_addrs: [eth0]\nmine_interval: 10\n"));
        assertEquals(java.util.Set.of("uptime"), c.recurring().schedule().keySet());
        assertEquals(java.util.Set.of("network.ip_addrs"), c.recurring().mineFunctions().keySet());
        assertEquals(Duration.ofMinutes(10), c.recurring().mineInterval());
    }

    @Test
    void aBadScheduleEntryIsAnErrorNamingTheFileTheLineTheEntryAndTheKey() throws Exception {
        Path file = Files.writeString(dir.resolve("minion.yaml"), "id: g1\n\nschedule:\n  backup:\n"
                + "    function: cmd.run\n    cron: '61 * * * *'\n");
        ConfigException e = assertThrows(ConfigException.class, () -> MinionConfig.load(file));
        assertTrue(e.getMessage().startsWith(file + ":3"), e.getMessage());
        assertTrue(e.getMessage().contains("'backup'") && e.getMessage().contains("cron"), e.getMessage());
    }

    @Test
    void aMisspeltKeyOfAnEntryOrOfTheScheduleIsAnError() throws Exception {
        Path entry = Files.writeString(dir.resolve("entry.yaml"), "id: g1\nschedule:\n  job1:\n"
                + "    function: test.ping\n    second: 5\n");
        ConfigException e = assertThrows(ConfigException.class, () -> MinionConfig.load(entry));
        assertTrue(e.getMessage().contains("unknown key 'second'"), e.getMessage());
        Path wide = Files.writeString(dir.resolve("wide.yaml"), "id: g1\nschedule:\n  enabled: maybe\n");
        e = assertThrows(ConfigException.class, () -> MinionConfig.load(wide));
        assertTrue(e.getMessage().contains("enabled"), e.getMessage());
    }
}
