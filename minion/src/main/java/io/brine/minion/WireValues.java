package io.brine.minion;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reduces whatever a function returned to the value types the wire carries (null, booleans, numbers,
 * strings, bytes, lists, string-keyed maps). Anything else becomes its string form, so an extension
 * returning, say, a Path cannot make a job's return unsendable.
 */
final class WireValues {
    private WireValues() {
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> ofMap(Map<String, Object> v) {
        return (Map<String, Object>) of(v);
    }

    static Object of(Object v) {
        if (v == null || v instanceof Boolean || v instanceof String || v instanceof byte[]
                || v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte
                || v instanceof Double || v instanceof Float || v instanceof BigInteger) {
            return v;
        }
        if (v instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, x) -> out.put(String.valueOf(k), of(x)));
            return out;
        }
        if (v instanceof Collection<?> c) {
            List<Object> out = new ArrayList<>(c.size());
            c.forEach(x -> out.add(of(x)));
            return out;
        }
        if (v instanceof Object[] array) {
            return of(java.util.Arrays.asList(array));
        }
        return v.toString();
    }
}
