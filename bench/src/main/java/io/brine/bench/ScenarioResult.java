package io.brine.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a scenario measured: the figures in the JSON shape, and table rows that also say how each
 * figure compares with its target and with Salt. A scenario that cannot run yet says why instead.
 */
public final class ScenarioResult {
    /** One line of the text table. */
    record Row(String measure, String value, String target, String salt, String spread) {
    }

    private final Map<String, Object> figures = new LinkedHashMap<>();
    private final List<Row> rows = new ArrayList<>();
    private final String unavailable;

    private ScenarioResult(String unavailable) {
        this.unavailable = unavailable;
    }

    static ScenarioResult measured() {
        return new ScenarioResult(null);
    }

    /** A scenario whose feature is not built yet: reported, never failed. */
    static ScenarioResult notAvailable(String why) {
        return new ScenarioResult("not available yet: " + why);
    }

    /** A scenario that could not finish; the run goes on with the next one. */
    static ScenarioResult failed(String why) {
        return new ScenarioResult("failed: " + why);
    }

    ScenarioResult figure(String key, Object value) {
        figures.put(key, value instanceof Double d ? Report.round(d) : value);
        return this;
    }

    ScenarioResult row(String measure, String value, String target, String salt, String spread) {
        rows.add(new Row(measure, value, target, salt, spread == null ? "" : spread));
        return this;
    }

    /** Adds another swarm size's figures under its size, for scenarios keyed by N. */
    ScenarioResult merge(String key, ScenarioResult atSize) {
        if (!atSize.available()) {
            rows.add(new Row("N=" + key, "-", "", "", atSize.unavailable));
            return this;
        }
        figures.put(key, atSize.figures);
        rows.addAll(atSize.rows);
        return this;
    }

    public boolean available() {
        return unavailable == null;
    }

    public String unavailableReason() {
        return unavailable;
    }

    public Map<String, Object> figures() {
        return Collections.unmodifiableMap(figures);
    }

    List<Row> rows() {
        return Collections.unmodifiableList(rows);
    }
}
