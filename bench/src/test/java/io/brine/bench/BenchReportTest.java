package io.brine.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
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
                .withScenarios(List.of("latency", "broadcast", "state"))
                .withRepetitions(20, 3, 10, 1, 0);
        StringWriter progress = new StringWriter();
        Report report = Bench.run(options, new PrintWriter(progress));

        JsonNode root = new ObjectMapper().readTree(report.json());
        assertEquals(Set.of("machine", "scenarios"), fieldNames(root));
        assertTrue(root.get("machine").get("nproc").asInt() > 0);
        JsonNode scenarios = root.get("scenarios");
        assertEquals(Set.of("latency", "broadcast"), fieldNames(scenarios), "state is not available yet, so absent");
        assertEquals(Set.of("p50_ms", "p99_ms"), fieldNames(scenarios.get("latency")));
        assertTrue(scenarios.get("latency").get("p50_ms").isNumber());
        assertEquals(Set.of("3"), fieldNames(scenarios.get("broadcast")));
        assertEquals(Set.of("median_ms", "p90_ms"), fieldNames(scenarios.get("broadcast").get("3")));
        assertTrue(scenarios.get("broadcast").get("3").get("median_ms").asDouble() > 0);
    }

    @Test
    @Timeout(60)
    void theTextTableSaysWhichScenariosAreNotAvailableYet() throws Exception {
        BenchOptions options = BenchOptions.defaults(dir)
                .withMinionCounts(List.of(1))
                .withScenarios(List.of("transfer", "cli"));
        Report report = Bench.run(options, new PrintWriter(new StringWriter()));

        String text = report.text();
        assertTrue(text.contains("transfer") && text.contains("not available yet"), text);
        assertTrue(text.contains("needs the brine jar"), text);
        assertFalse(report.results().get("cli").available());
    }

    private static Set<String> fieldNames(JsonNode node) {
        Set<String> names = new java.util.TreeSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
