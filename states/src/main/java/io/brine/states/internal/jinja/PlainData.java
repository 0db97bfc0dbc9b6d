package io.brine.states.internal.jinja;

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
    if (value == null) {
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
      return out;
    }
    return value.toString();
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
