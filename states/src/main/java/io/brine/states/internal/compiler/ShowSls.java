package io.brine.states.internal.compiler;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The compiled plan as Salt's {@code state.show_sls} shows it: IDs in run order, each with its
 * sls and, per module, {@code [function, {arg: value}, ...]} including requisites and the order; arguments the
 * function does not take appear as written, and {@code __warnings__} says they were ignored.
 */
public final class ShowSls {
    private ShowSls() {}

    @SuppressWarnings("unchecked")
    public static Map<String, Object> of(Plan plan) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Chunk chunk : plan.ordered()) {
            Map<String, Object> id = (Map<String, Object>) out.computeIfAbsent(chunk.id(), k -> {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("__sls__", chunk.sls());
                m.put("__env__", "base");
                return m;
            });
            List<Object> existing = (List<Object>) id.get(chunk.module());
            if (existing != null) {
                addName(existing, chunk.name());
                continue;
            }
            List<Object> body = new ArrayList<>();
            body.add(chunk.function());
            chunk.args().asMap().forEach((k, v) -> {
                if (v != null) {
                    body.add(Map.of(k, v));
                }
            });
            // as written, as Salt shows them; and what Brine says of them, beside Salt's own dunder keys
            chunk.ignored().forEach((k, v) -> body.add(java.util.Collections.singletonMap(k, v)));
            if (!chunk.ignored().isEmpty()) {
                ((List<String>) id.computeIfAbsent("__warnings__", k -> new ArrayList<String>()))
                        .addAll(chunk.warnings());
            }
            for (Chunk.RequisiteRef ref : chunk.requisites()) {
                String key = ref.kind().keyword() + (ref.inverse() ? "_in" : "");
                body.add(Map.of(key, List.of(ref.module() == null ? ref.target() : Map.of(ref.module(), ref.target()))));
            }
            body.add(Map.of("order", chunk.orderKey() == Lowering.UNORDERED ? 10000 + chunk.index() : chunk.orderKey()));
            id.put(chunk.module(), body);
        }
        return out;
    }

    /** A second chunk for the same ID and module came from {@code names}: show them as such. */
    @SuppressWarnings("unchecked")
    private static void addName(List<Object> body, String name) {
        for (int i = 0; i < body.size(); i++) {
            if (body.get(i) instanceof Map<?, ?> m && m.containsKey("name")) {
                body.set(i, Map.of("names", new ArrayList<>(List.of(m.get("name"), name))));
                return;
            }
            if (body.get(i) instanceof Map<?, ?> m && m.containsKey("names")) {
                ((List<Object>) m.get("names")).add(name);
                return;
            }
        }
    }
}
