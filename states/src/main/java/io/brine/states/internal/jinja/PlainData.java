package io.brine.states.internal.jinja;

import com.hubspot.jinjava.objects.collections.PyList;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Copies grains and pillar into plain maps, lists, strings, numbers and booleans before a template
 * sees them. Templates can call methods on what they are given, so handing them only inert JDK value
 * types keeps any application object (and whatever it can reach) out of their hands.
 */
public final class PlainData {
    private PlainData() {}

    public static Object copy(Object value) {
        if (value == null || value == PyNone.NONE) {
            // PyNone again when a render's fresh copy is made: anything else would become the string "None"
            return PyNone.NONE; // a null in the data is None, which strict rendering accepts, not an undefined value
        }
        if (value instanceof String || value instanceof Boolean || isPlainNumber(value)) {
            return value;
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(String.valueOf(k), copy(v)));
            return new TemplateDict(out);
        }
        if (value instanceof Iterable<?> items) {
            List<Object> out = new ArrayList<>();
            items.forEach(item -> out.add(copy(item)));
            return new PyList(out); // Python's list methods: append, extend, pop, index, count
        }
        return value.toString();
    }

    /**
     * The variables for one render: template data copied afresh, so what a template changes with
     * {@code pillar.update(...)} or {@code grains.setdefault(...)} is gone when the render ends; other values
     * (the {@code salt} bridge) are shared as they are.
     */
    public static Map<String, Object> freshCopies(Map<String, Object> vars) {
        Map<String, Object> out = new LinkedHashMap<>();
        vars.forEach((k, v) -> out.put(k, v instanceof TemplateDict ? copy(v) : v));
        return out;
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> copyMap(Map<String, ?> map) {
        return map == null ? new LinkedHashMap<>() : (Map<String, Object>) copy(map);
    }

    private static boolean isPlainNumber(Object value) {
        return value instanceof Integer || value instanceof Long || value instanceof Double
                || value instanceof Float || value instanceof Short || value instanceof java.math.BigDecimal
                || value instanceof java.math.BigInteger;
    }
}
