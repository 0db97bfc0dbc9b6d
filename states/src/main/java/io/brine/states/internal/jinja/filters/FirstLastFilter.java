package io.brine.states.internal.jinja.filters;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.filter.Filter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Jinja's {@code first} and {@code last}: the first (last) of what iterating the value gives, which for a dict is a
 * key, as Python iterates it; Jinjava's gave a dict's first value. The item itself, not a copy, so that a template
 * changing it ({@code do item.update(...)}) changes it where it lies, as in Jinja. Empty: undefined.
 */
final class FirstLastFilter implements Filter {
    private final boolean first;

    private FirstLastFilter(boolean first) {
        this.first = first;
    }

    static List<Filter> all() {
        return List.of(new FirstLastFilter(true), new FirstLastFilter(false));
    }

    @Override
    public String getName() {
        return first ? "first" : "last";
    }

    @Override
    public Object filter(Object var, JinjavaInterpreter interpreter, String... args) {
        Iterable<?> items = var instanceof Map<?, ?> map ? map.keySet()
                : var instanceof Iterable<?> iterable ? iterable
                : var instanceof CharSequence text ? chars(text) : null;
        if (items == null) {
            return var;
        }
        if (first) {
            Iterator<?> it = items.iterator();
            return it.hasNext() ? it.next() : null;
        }
        Object last = null;
        for (Object item : items) {
            last = item;
        }
        return last;
    }

    private static List<String> chars(CharSequence text) {
        List<String> out = new ArrayList<>();
        text.codePoints().forEach(c -> out.add(new String(Character.toChars(c))));
        return out;
    }
}
