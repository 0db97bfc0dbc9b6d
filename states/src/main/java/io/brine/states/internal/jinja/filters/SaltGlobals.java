package io.brine.states.internal.jinja.filters;

import com.hubspot.jinjava.lib.fn.ELFunctionDefinition;
import io.brine.states.internal.jinja.PyNone;
import io.brine.states.internal.jinja.TemplateDict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Functions Salt puts in every template's globals: {@code odict(...)}, Python's OrderedDict, which formulas use to
 * keep config sections in the order they wrote them: {@code odict([('a', 1), ('b', 2)])} or {@code odict(mapping)}.
 * Public only because Jinjava calls global functions through a public static method.
 */
public final class SaltGlobals {
    private SaltGlobals() {}

    static List<ELFunctionDefinition> all() {
        return List.of(new ELFunctionDefinition("", "odict", SaltGlobals.class, "odict", Object.class));
    }

    /** A dict in the order of {@code source}: a mapping's own order, or the order of a list of (key, value) pairs. */
    public static Map<String, Object> odict(Object source) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (source instanceof Map<?, ?> map) {
            map.forEach((k, v) -> out.put(String.valueOf(k), v));
        } else if (source instanceof Iterable<?> pairs) {
            for (Object pair : pairs) {
                if (!(pair instanceof List<?> kv) || kv.size() != 2) {
                    throw new IllegalArgumentException("odict takes a mapping or a list of (key, value) pairs, got an item "
                            + pair);
                }
                out.put(String.valueOf(kv.get(0)), kv.get(1));
            }
        } else if (source != null && source != PyNone.NONE) {
            throw new IllegalArgumentException("odict takes a mapping or a list of (key, value) pairs, got " + source);
        }
        return new TemplateDict(out);
    }
}
