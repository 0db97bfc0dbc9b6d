package io.brine.states.internal.jinja;

import com.hubspot.jinjava.objects.PyWrapper;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A dict of template data that also answers Python's {@code d.get(key, default)}, the idiom
 * every Salt template uses ({@code pillar.get('workers', 2)}). A key with colons that is not itself
 * present walks nested maps, like Salt's {@code pillar.get('app:port')}. Jinjava leaves
 * {@link PyWrapper}s unwrapped, which is what keeps this method reachable; the rest of Python's dict
 * methods come from {@code python.DictMethods}. Each render gets its own copy
 * ({@link PlainData#freshCopies}), so a template changing one changes nothing outside its render.
 */
public final class TemplateDict extends LinkedHashMap<String, Object> implements PyWrapper {
    public TemplateDict(Map<String, Object> entries) {
        super(entries);
    }

    /** Python's {@code d.get(key)}: None, not undefined, when the key is absent. */
    public Object get(String key) {
        return get(key, PyNone.NONE);
    }

    public Object get(Object key, Object defaultValue) {
        String k = String.valueOf(key);
        if (containsKey(k)) {
            return super.get(k);
        }
        Object value = this;
        for (String part : k.split(":")) {
            if (!(value instanceof Map<?, ?> map) || !map.containsKey(part)) {
                return defaultValue;
            }
            value = map.get(part);
        }
        return value;
    }

    public Set<Map.Entry<String, Object>> items() {
        return entrySet();
    }

    public Set<String> keys() {
        return keySet();
    }
}
