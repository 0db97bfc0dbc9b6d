package io.brine.states.internal.salt;

import java.util.List;
import java.util.Map;

/** Salt's {@code traverse_dict_and_list}: {@code a:b:0} walks maps by key and lists by index. */
final class Lookup {
    /** Marks "not found", distinct from a null that is there. */
    static final Object MISSING = new Object();

    private Lookup() {}

    static Object path(Object root, String key, String delimiter) {
        if (root instanceof Map<?, ?> map && map.containsKey(key)) {
            return map.get(key);
        }
        Object value = root;
        for (String part : key.split(java.util.regex.Pattern.quote(delimiter), -1)) {
            if (value instanceof Map<?, ?> map && map.containsKey(part)) {
                value = map.get(part);
            } else if (value instanceof List<?> list && part.matches("\\d+") && Integer.parseInt(part) < list.size()) {
                value = list.get(Integer.parseInt(part));
            } else {
                return MISSING;
            }
        }
        return value;
    }
}
