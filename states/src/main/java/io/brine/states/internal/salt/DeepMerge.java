package io.brine.states.internal.salt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Salt's recursive dictionary update ({@code salt.utils.dictupdate.update}): mappings merge key by key, any other
 * value from the update replaces the original; lists are replaced, or concatenated with {@code mergeLists}.
 */
public final class DeepMerge {
    private DeepMerge() {}

    /** {@code update} merged into {@code target}, which is changed and returned. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> into(Map<String, Object> target, Map<?, ?> update, boolean mergeLists) {
        for (Map.Entry<?, ?> e : update.entrySet()) {
            String key = String.valueOf(e.getKey());
            Object mine = target.get(key);
            Object theirs = e.getValue();
            if (mine instanceof Map<?, ?> a && theirs instanceof Map<?, ?> b) {
                target.put(key, into((Map<String, Object>) a, b, mergeLists));
            } else if (mergeLists && mine instanceof List<?> a && theirs instanceof List<?> b) {
                List<Object> both = new ArrayList<>(a);
                both.addAll(b);
                target.put(key, both);
            } else {
                target.put(key, copy(theirs));
            }
        }
        return target;
    }

    /** A deep copy of maps and lists, so a merge never changes the data it was given. */
    static Object copy(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(String.valueOf(k), copy(v)));
            return out;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(v -> out.add(copy(v)));
            return out;
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> copyMap(Map<?, ?> map) {
        return (Map<String, Object>) copy(map);
    }
}
