package io.brine.functions;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one result shape every state returns, as in Salt: {@code result} ({@code true}, {@code false},
 * or {@code null} in test mode when something would change), {@code changes} and {@code comment}.
 *
 * <pre>{@code
 * if (ctx.test()) return StateResult.pending(Map.of("new", path), "File " + path + " would be created");
 * return StateResult.changed(Map.of("new", path), "File " + path + " created");
 * }</pre>
 */
public record StateResult(Boolean result, Map<String, Object> changes, String comment) {
    public StateResult {
        changes = Collections.unmodifiableMap(new LinkedHashMap<>(changes == null ? Map.of() : changes));
        comment = comment == null ? "" : comment;
    }

    /** Nothing needed doing. */
    public static StateResult ok(String comment) {
        return new StateResult(true, Map.of(), comment);
    }

    /** The machine was changed as reported. */
    public static StateResult changed(Map<String, Object> changes, String comment) {
        return new StateResult(true, changes, comment);
    }

    public static StateResult failed(String comment) {
        return new StateResult(false, Map.of(), comment);
    }

    /** Test mode: these changes would be made. Nothing to change is {@link #ok} instead. */
    public static StateResult pending(Map<String, Object> changes, String comment) {
        return new StateResult(null, changes, comment);
    }

    public boolean hasChanges() {
        return !changes.isEmpty();
    }

    public boolean failed() {
        return Boolean.FALSE.equals(result);
    }
}
