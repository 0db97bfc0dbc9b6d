package io.brine.protocol;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Immutable copies of argument and result values, which (unlike List.copyOf) may hold nulls. */
final class Values {
    private Values() {
    }

    static List<Object> list(List<?> in) {
        return in == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(in));
    }

    static Map<String, Object> map(Map<String, ?> in) {
        return in == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(in));
    }
}
