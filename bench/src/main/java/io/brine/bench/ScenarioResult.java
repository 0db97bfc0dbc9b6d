package io.brine.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a scenario measured: the figures in the JSON shape, and table rows that also say how each
 * figure compares with its target and with Salt. A scenario that cannot run yet says why instead. A scenario
 * that failed says why too, and keeps the figures that are still true: how many returns did not arrive
 * ({@code missing_returns}), or the times of a restart that missed its target, never a time made from a call
 * without a return.
 *
 * <pre>{@code
 * ScenarioResult r = ScenarioResult.failed("3 of 2000 pings got no return").figure("missing_returns", 3);
 * r.failure();  // "3 of 2000 pings got no return"; the JSON carries "failed" and "missing_returns"
 * }</pre>
 */
public final class ScenarioResult {
    /** One line of the text table. */
    record Row(String measure, String value, String target, String salt, String spread) {
    }

    private final Map<String, Object> figures = new LinkedHashMap<>();
    private final List<Row> rows = new ArrayList<>();
    private final String unavailable;
    private String failure;

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

    /** A scenario that could not finish, or whose returns did not all arrive; the run goes on with the next one. */
    static ScenarioResult failed(String why) {
        return measured().fail(why);
    }

    /**
     * Marks this result failed, keeping its figures (the JSON adds {@code "failed": why}). A second failure
     * (another swarm size's) is added to the first.
     */
    ScenarioResult fail(String why) {
        failure = failure == null ? why : failure + "; " + why;
        figures.put("failed", failure);
        return this;
    }

    ScenarioResult figure(String key, Object value) {
        figures.put(key, value instanceof Double d ? Report.round(d) : value);
        return this;
    }

    ScenarioResult row(String measure, String value, String target, String salt, String spread) {
        rows.add(new Row(measure, value, target, salt, spread == null ? "" : spread));
        return this;
    }

    /**
     * Adds another swarm size's figures under its size, for scenarios keyed by N. A size that failed fails the
     * whole scenario; its reason stays in its own figures, under its size.
     */
    ScenarioResult merge(String key, ScenarioResult atSize) {
        if (!atSize.available()) {
            rows.add(new Row("N=" + key, "-", "", "", atSize.unavailable));
            return this;
        }
        figures.put(key, atSize.figures);
        rows.addAll(atSize.rows);
        if (atSize.failed()) {
            rows.add(new Row("N=" + key, "FAILED", "", "", atSize.failure));
            failure = failure == null ? "N=" + key + ": " + atSize.failure
                    : failure + "; N=" + key + ": " + atSize.failure;
        }
        return this;
    }

    /** True if the scenario ran (it may still have failed). */
    public boolean available() {
        return unavailable == null;
    }

    /** True if the scenario ran and failed: a return did not arrive, a check or a target it enforces was missed. */
    public boolean failed() {
        return failure != null;
    }

    /** Why it failed, or null. */
    public String failure() {
        return failure;
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
