package io.brine.modules.schedule;

import io.brine.functions.FunctionResult;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a {@code schedule.*} function that changes the schedule returns, in Salt's shape: {@code {comment, result,
 * changes}}; a false result is also the job's retcode 1, so that scripts and the CLI see the failure.
 *
 * @param result whether it did (or, in test mode, would do) what was asked
 * @param comment Salt's sentence for what happened
 * @param changes what changed, by entry name ({@code added}, {@code removed}, ...) or {@code {old, new}}
 */
record Outcome(boolean result, String comment, Map<String, Object> changes) {
    Outcome {
        changes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(changes));
    }

    static Outcome done(String comment) {
        return new Outcome(true, comment, Map.of());
    }

    static Outcome changed(String comment, String name, Object change) {
        return new Outcome(true, comment, Map.of(name, change));
    }

    static Outcome failed(String comment) {
        return new Outcome(false, comment, Map.of());
    }

    /** The function's return. */
    FunctionResult toReturn() {
        Map<String, Object> ret = new LinkedHashMap<>();
        ret.put("comment", comment);
        ret.put("result", result);
        ret.put("changes", changes);
        return new FunctionResult(ret, result ? 0 : 1);
    }

    /** Reads a return of {@link #toReturn} back, as a state calling the function gets it. */
    static Outcome of(Object ret) {
        if (!(ret instanceof Map<?, ?> m)) {
            return failed("unexpected return: " + ret);
        }
        Map<String, Object> changes = new LinkedHashMap<>();
        if (m.get("changes") instanceof Map<?, ?> c) {
            c.forEach((k, v) -> changes.put(String.valueOf(k), v));
        }
        return new Outcome(Boolean.TRUE.equals(m.get("result")), String.valueOf(m.get("comment")), changes);
    }
}
