package io.brine.states.internal.runtime;

import io.brine.functions.StateResult;
import io.brine.states.internal.compiler.Chunk;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/** Salt's per-state return entry, in Salt's key order so outputs compare side by side. */
final class StateReturn {
    private static final DateTimeFormatter START = DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSS");

    private StateReturn() {}

    static Map<String, Object> of(Chunk chunk, StateResult result, LocalTime start, long nanos, int runNum) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", chunk.name());
        out.put("changes", new LinkedHashMap<>(result.changes()));
        out.put("result", result.result());
        out.put("comment", result.comment());
        out.put("__sls__", chunk.sls());
        out.put("__run_num__", runNum);
        out.put("start_time", START.format(start));
        out.put("duration", Math.round(nanos / 1_000.0) / 1_000.0);
        out.put("__id__", chunk.id());
        if (!chunk.ignored().isEmpty()) {
            out.put("warnings", chunk.warnings());
        }
        return out;
    }
}
