package io.brine.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A finished run: the machine and each scenario's result, rendered as the JSON
 * ({@code {"machine": {...}, "scenarios": {...}}}, only scenarios that ran; one that failed carries
 * {@code "failed"}) or as a table, and the scenarios that failed, which make {@code brine bench} exit non-zero.
 */
public final class Report {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Map<String, Object> machine;
    private final Map<String, ScenarioResult> results;

    Report(Map<String, Object> machine, Map<String, ScenarioResult> results) {
        this.machine = machine;
        this.results = results;
    }

    public Map<String, ScenarioResult> results() {
        return results;
    }

    /** "latency: 3 of 2000 pings got no return; ..." for every scenario that failed, in run order; empty if none. */
    public List<String> failures() {
        return results.entrySet().stream().filter(e -> e.getValue().failed())
                .map(e -> e.getKey() + ": " + e.getValue().failure()).toList();
    }

    public String json() {
        Map<String, Object> scenarios = new LinkedHashMap<>();
        results.forEach((name, r) -> {
            if (r.available()) {
                scenarios.put(name, r.figures());
            }
        });
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("machine", machine);
        root.put("scenarios", scenarios);
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render the report", e);
        }
    }

    public String text() {
        StringBuilder out = new StringBuilder();
        out.append("machine: ");
        machine.forEach((k, v) -> out.append(k).append('=').append(v).append("  "));
        out.append("\n\n");
        String format = "%-11s %-26s %14s %14s %12s  %s%n";
        out.append(String.format(format, "scenario", "measure", "value", "target", "salt", "spread"));
        results.forEach((name, r) -> {
            if (!r.available()) {
                out.append(String.format(format, name, "-", "", "", "", r.unavailableReason()));
                return;
            }
            if (r.failed() && r.rows().isEmpty()) {
                Object missing = r.figures().get("missing_returns");
                out.append(String.format(format, name, missing == null ? "FAILED" : "missing returns",
                        missing == null ? "" : missing, "0", "", "failed: " + r.failure()));
                return;
            }
            for (ScenarioResult.Row row : r.rows()) {
                out.append(String.format(format, name, row.measure(), row.value(), row.target(), row.salt(),
                        row.spread()));
            }
        });
        return out.toString();
    }

    static double round(double d) {
        return Math.round(d * 1000.0) / 1000.0;
    }

    /** A figure with three significant decimals at most, for the table. */
    static String num(double d) {
        if (d >= 100) {
            return String.format(Locale.ROOT, "%.0f", d);
        }
        return String.format(Locale.ROOT, d >= 10 ? "%.1f" : "%.3f", d);
    }
}
