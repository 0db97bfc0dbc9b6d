package io.brine.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import io.brine.master.MasterKeys;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class BenchReportTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(60)
    void aTinyRunReportsLatencyAndBroadcastInTheIssuesJsonShape() throws Exception {
        BenchOptions options = BenchOptions.defaults(dir)
                .withMinionCounts(List.of(3))
                .withScenarios(List.of("latency", "broadcast", "footprint"))
                .withRepetitions(20, 3, 10, 1, 0);
        StringWriter progress = new StringWriter();
        Report report = Bench.run(options, new PrintWriter(progress));

        JsonNode root = new ObjectMapper().readTree(report.json());
        assertEquals(Set.of("machine", "scenarios"), fieldNames(root));
        assertTrue(root.get("machine").get("nproc").asInt() > 0);
        JsonNode scenarios = root.get("scenarios");
        assertEquals(Set.of("latency", "broadcast"), fieldNames(scenarios), "footprint needs the jar, so is absent");
        assertEquals(Set.of("p50_ms", "p99_ms", "cold_p50_ms", "cold_p99_ms", "missing_returns"),
                fieldNames(scenarios.get("latency")));
        // Figures come only from calls whose returns arrived; a missing one fails the scenario instead.
        assertEquals(0, scenarios.get("latency").get("missing_returns").asInt());
        assertTrue(scenarios.get("latency").get("p50_ms").isNumber());
        assertEquals(Set.of("3"), fieldNames(scenarios.get("broadcast")));
        assertEquals(Set.of("median_ms", "p90_ms", "missing_returns"), fieldNames(scenarios.get("broadcast").get("3")));
        assertEquals(0, scenarios.get("broadcast").get("3").get("missing_returns").asInt());
        assertTrue(scenarios.get("broadcast").get("3").get("median_ms").asDouble() > 0);
        assertEquals(List.of(), report.failures(), progress.toString());
    }

    @Test
    @Timeout(120)
    void pingsWhoseReturnsNeverArriveFailTheScenarioWithACountAndNoLatency() throws Exception {
        BenchOptions options = BenchOptions.defaults(dir)
                .withMinionCounts(List.of(1))
                .withScenarios(List.of("latency"))
                .withRepetitions(20, 1, 1, 1, 0);
        StringWriter progress = new StringWriter();
        PrintWriter out = new PrintWriter(progress);
        ScenarioResult latency;
        try (Cluster cluster = Cluster.start(options, out)) {
            // m1 is accepted, its key filed as an orchestrator would, but never started: no ping to it returns.
            String away = MinionDirs.id(1);
            MasterKeys.inDirectory(cluster.master().config().pkiDir()).preseed(away, MinionDirs.prepare(dir, away));
            latency = new LatencyScenario().run(new BenchRun(options, cluster, out));
        }

        assertTrue(latency.failed(), progress.toString());
        assertTrue(latency.failure().contains("did not arrive"), latency.failure());
        Report report = new Report(Map.of("nproc", 1), Map.of("latency", latency));
        JsonNode json = new ObjectMapper().readTree(report.json()).get("scenarios").get("latency");
        assertEquals(Set.of("failed", "missing_returns"), fieldNames(json), "no latency figure from missing pings");
        assertTrue(json.get("missing_returns").asLong() > 0, json.toString());
        assertEquals(List.of("latency: " + latency.failure()), report.failures());
        assertTrue(report.text().contains("missing returns"), report.text());
        assertTrue(progress.toString().contains("did not arrive"), progress.toString());
    }

    @Test
    void aFailedSwarmSizeFailsItsScenarioAndKeepsTheOtherSizesFigures() {
        ScenarioResult connect = ScenarioResult.measured()
                .merge("100", ScenarioResult.measured().figure("seconds", 0.5).figure("missing_returns", 0))
                .merge("1000", ScenarioResult.measured().figure("seconds", 2.0).figure("missing_returns", 2)
                        .fail("2 of 9 returns of 9 storm pings did not arrive"));

        assertTrue(connect.failed());
        assertEquals("N=1000: 2 of 9 returns of 9 storm pings did not arrive", connect.failure());
        Report report = new Report(Map.of("nproc", 1), Map.of("connect", connect));
        assertEquals(List.of("connect: " + connect.failure()), report.failures());
        assertTrue(report.text().contains("FAILED"), report.text());
    }

    @Test
    @Timeout(120)
    void stateAndTransferReportTheirFiguresAndLeaveNoFilesBehind() throws Exception {
        BenchOptions options = BenchOptions.defaults(dir)
                .withMinionCounts(List.of(1))
                .withScenarios(List.of("state", "transfer"))
                .withStateAndTransfer(2, 3, 1);
        StringWriter progress = new StringWriter();
        Report report = Bench.run(options, new PrintWriter(progress));

        JsonNode scenarios = new ObjectMapper().readTree(report.json()).get("scenarios");
        assertEquals(Set.of("state", "transfer"), fieldNames(scenarios), progress.toString());
        JsonNode state = scenarios.get("state");
        assertEquals(Set.of("first_ms", "second_ms", "missing_returns"), fieldNames(state));
        assertEquals(0, state.get("missing_returns").asInt());
        assertTrue(state.get("first_ms").asDouble() > 0 && state.get("second_ms").asDouble() > 0, state.toString());
        JsonNode transfer = scenarios.get("transfer");
        assertEquals(Set.of("mib_per_s", "master_peak_heap_mib", "minion_peak_heap_mib", "missing_returns"),
                fieldNames(transfer));
        assertEquals(0, transfer.get("missing_returns").asInt());
        for (String figure : List.of("mib_per_s", "master_peak_heap_mib", "minion_peak_heap_mib")) {
            assertTrue(transfer.get(figure).isNumber() && transfer.get(figure).asDouble() > 0, transfer.toString());
        }
        assertTrue(report.text().contains("second run"), report.text());
        assertEquals(List.of(), leftovers(), "the pushed file, the source and the states' paths are removed");
    }

    @Test
    @Timeout(90)
    void aShortSoakReportsSlopesAndNoLostReturn() throws Exception {
        BenchOptions options = BenchOptions.defaults(dir)
                .withMinionCounts(List.of(3))
                .withScenarios(List.of("soak"))
                .withSoak(java.time.Duration.ofSeconds(7)); // three samples: at 1.4 s, 6.4 s and the end
        StringWriter progress = new StringWriter();
        Report report = Bench.run(options, new PrintWriter(progress));
        JsonNode soak = new ObjectMapper().readTree(report.json()).get("scenarios").get("soak");
        assertEquals(Set.of("minutes", "jobs", "missing_returns", "heap_mib_per_hour", "rss_mib_per_hour",
                "rss_anon_mib_per_hour", "rss_max_mib", "threads_per_hour", "fds_per_hour", "db_wal_mib"),
                fieldNames(soak), progress.toString());
        assertEquals(0, soak.get("missing_returns").asInt());
        assertTrue(soak.get("jobs").asLong() > 10, soak.toString());
        assertTrue(soak.get("rss_max_mib").asDouble() > 0 && soak.get("db_wal_mib").asDouble() > 0, soak.toString());
    }

    @Test
    @Timeout(60)
    void theTextTableSaysWhichScenariosNeedTheJar() throws Exception {
        BenchOptions options = BenchOptions.defaults(dir)
                .withMinionCounts(List.of(1))
                .withScenarios(List.of("cli", "footprint"));
        Report report = Bench.run(options, new PrintWriter(new StringWriter()));

        String text = report.text();
        assertTrue(text.contains("footprint") && text.contains("not available yet"), text);
        assertTrue(text.contains("needs the brine jar"), text);
        assertFalse(report.results().get("cli").available());
    }

    /** Files left by the scenarios: anything but keys, configurations, logs and caches. */
    private List<Path> leftovers() throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> p.toString().endsWith(".bin") || p.toString().endsWith(".sls")
                            || p.toString().contains("state-out"))
                    .toList();
        }
    }

    private static Set<String> fieldNames(JsonNode node) {
        Set<String> names = new java.util.TreeSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
