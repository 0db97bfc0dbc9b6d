package io.brine.states.internal.compiler;

import io.brine.functions.Arguments;
import io.brine.functions.StateFunction;
import java.util.List;
import java.util.Map;

/**
 * One state ready to run (Salt's "low chunk"): a single function applied to a single name, with
 * validated arguments and its requisites still as written.
 *
 * @param index its position in declaration order, which breaks ties
 * @param global the global arguments the engine applies around the function
 * @param ignored the arguments written that the function does not take, as written
 */
public record Chunk(String id, String name, String module, String function, String sls, String file, int line,
                                        Arguments args, StateFunction fn, List<RequisiteRef> requisites, int index, GlobalArgs global,
                                        Map<String, Object> ignored) {
    public Chunk {
        ignored = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(ignored));
    }

    /**
     * Salt's {@code warnings} of this state: one per argument written that its function does not take. Salt's state
     * functions take {@code **kwargs} and ignore those; so does Brine, but says so, so that a misspelling shows.
     */
    public List<String> warnings() {
        return ignored.keySet().stream().map(k -> "'" + k + "' is not an argument of " + module + "." + function
                + " and was ignored" + (line > 0 ? " (" + where() + ")" : "")).toList(); // state.single: no file
    }

    /** Salt's return key: {@code module_|-id_|-name_|-function}. */
    public String key() {
        return module + "_|-" + id + "_|-" + name + "_|-" + function;
    }

    public long orderKey() {
        return global.orderKey();
    }

    public String where() {
        return file + ":" + line;
    }

    /** How a failed requisite is named in dependents' comments, as Salt does: {@code sls.id}. */
    public String label() {
        return sls + "." + id;
    }

    /**
     * A requisite as declared on this chunk.
     *
     * @param module the module to match, or null for a bare ID; {@code sls} targets a whole sls file
     * @param inverse an {@code _in} form: the edge belongs to the target, pointing back here
     */
    public record RequisiteRef(RequisiteKind kind, boolean inverse, String module, String target, String file, int line) {}
}
