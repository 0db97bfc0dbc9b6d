package io.brine.minion.schedule;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deep, unmodifiable copies of the plain values an entry carries for its function (lists, maps, scalars; nulls
 * allowed, order kept), so that an entry stays what it was parsed as whoever held the map it came from.
 */
final class FrozenValues {
    private FrozenValues() {
    }

    static Object freeze(Object v) {
        if (v instanceof Map<?, ?> m) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            m.forEach((k, value) -> copy.put(k, freeze(value)));
            return Collections.unmodifiableMap(copy);
        }
        if (v instanceof List<?> l) {
            List<Object> copy = new ArrayList<>(l.size());
            l.forEach(value -> copy.add(freeze(value)));
            return Collections.unmodifiableList(copy);
        }
        return v;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> freezeMap(Map<String, Object> m) {
        return (Map<String, Object>) freeze(m == null ? Map.of() : m);
    }

    @SuppressWarnings("unchecked")
    static List<Object> freezeList(List<Object> l) {
        return (List<Object>) freeze(l == null ? List.of() : l);
    }
}
