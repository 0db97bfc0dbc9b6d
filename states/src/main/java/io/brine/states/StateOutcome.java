package io.brine.states;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What applying states produced: either compile errors (Salt returns a list of strings) or an ordered
 * map keyed {@code module_|-id_|-name_|-function} whose values carry {@code result} (Boolean, or
 * {@code null} in test mode), {@code changes}, {@code comment}, {@code name}, {@code duration} (ms),
 * {@code start_time}, {@code __id__}, {@code __sls__} and {@code __run_num__}.
 *
 * <pre>{@code
 * StateOutcome out = engine.apply(job);
 * if (!out.success()) { ... }
 * jobReturn.put("ret", out.ret());
 * }</pre>
 */
public record StateOutcome(List<String> errors, LinkedHashMap<String, Map<String, Object>> states) {
    public StateOutcome {
        errors = List.copyOf(errors == null ? List.of() : errors);
        states = states == null ? new LinkedHashMap<>() : states;
    }

    static StateOutcome failed(List<String> errors) {
        return new StateOutcome(errors, new LinkedHashMap<>());
    }

    /** No compile errors and no state whose result is {@code false}. */
    public boolean success() {
        return errors.isEmpty()
                && states.values().stream().noneMatch(s -> Boolean.FALSE.equals(s.get("result")));
    }

    /** The errors list if any, else the states map: exactly what goes into the job return. */
    public Object ret() {
        return errors.isEmpty() ? states : errors;
    }
}
