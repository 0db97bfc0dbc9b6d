package io.brine.master;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brine.config.TemplateRenderer;
import io.brine.fileserver.PillarCompiler;
import io.brine.protocol.GrainsReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A minion reporting grains in a loop makes the master hold one waiting report, the latest, not a queue of them. */
class GrainsReportsTest {
    @TempDir
    Path cache;

    @Test
    void reportsArrivingWhileOneWaitsReplaceItAndOnlyTheLatestIsStored() throws Exception {
        List<Runnable> workers = new ArrayList<>();
        MinionFactsCache facts = new MinionFactsCache(cache, new PillarCompiler(List.of(), TemplateRenderer.PLAIN));
        GrainsReports reports = new GrainsReports(new DeclaredFunctions(), facts, workers::add);

        for (int i = 1; i <= 1000; i++) {
            reports.reported("web1", new GrainsReport(Map.of("round", i)));
        }
        reports.reported("web2", new GrainsReport(Map.of("round", 7)));
        assertEquals(2, workers.size(), "one worker task per minion, however many reports came");

        workers.remove(0).run();
        assertEquals(1000, facts.facts("web1", true, false).grains().get("round"));
        assertEquals("1000", Files.readString(cache.resolve("minions/web1/grains.json")).replaceAll(".*\"round\":(\\d+).*",
                "$1"));

        reports.reported("web1", new GrainsReport(Map.of("round", 1001)));
        assertEquals(2, workers.size(), "a report after the last was stored goes to a worker of its own");
        workers.remove(1).run();
        assertEquals(1001, facts.facts("web1", true, false).grains().get("round"));
        workers.remove(0).run();
        assertEquals(7, facts.facts("web2", true, false).grains().get("round"));
    }

    @Test
    void aReportEqualToWhatIsStoredIsNotWrittenAgainNorAfterTheMasterRestarts() {
        List<String> writes = new ArrayList<>();
        Map<String, Map<String, Object>> disk = new java.util.HashMap<>();
        GrainsStore counting = new GrainsStore() {
            @Override
            public void store(String id, Map<String, Object> grains) {
                writes.add(id);
                disk.put(id, grains);
            }

            @Override
            public Map<String, Object> read(String id) {
                return disk.get(id);
            }
        };
        PillarCompiler none = new PillarCompiler(List.of(), TemplateRenderer.PLAIN);
        MinionFactsCache facts = new MinionFactsCache(counting, none);
        facts.grainsReported("web1", Map.of("os", "Debian"));
        facts.grainsReported("web1", Map.of("os", "Debian")); // a reconnect: the same report
        assertEquals(List.of("web1"), writes, "written once");
        facts.grainsReported("web1", Map.of("os", "Ubuntu"));
        assertEquals(List.of("web1", "web1"), writes, "a change is written");

        MinionFactsCache restarted = new MinionFactsCache(counting, none);
        restarted.grainsReported("web1", Map.of("os", "Ubuntu"));
        assertEquals(2, writes.size(), "after a restart, compared with the stored copy, not written again");
        assertEquals("Ubuntu", restarted.facts("web1", true, false).grains().get("os"));
    }
}
