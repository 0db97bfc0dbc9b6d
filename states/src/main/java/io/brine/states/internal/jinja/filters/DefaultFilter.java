package io.brine.states.internal.jinja.filters;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.filter.AdvancedFilter;
import com.hubspot.jinjava.util.ObjectTruthValue;
import java.util.List;
import java.util.Map;

/**
 * Jinja's {@code default(default_value='', boolean=False)}, also called {@code d}: the fallback replaces an
 * undefined value, or with {@code boolean=True} any false one ({@code x | default({}, boolean=True)}, as formulas'
 * libraries write). Jinjava names that flag {@code truthy}, which is accepted too. None is a value, as in Jinja.
 * The value passes through as it is, so {@code salt['x.y'] | default(none) is callable} still sees a function.
 */
final class DefaultFilter implements AdvancedFilter {
    private final String name;

    private DefaultFilter(String name) {
        this.name = name;
    }

    static List<AdvancedFilter> all() {
        return List.of(new DefaultFilter("default"), new DefaultFilter("d"));
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public Object filter(Object var, JinjavaInterpreter interpreter, Object[] args, Map<String, Object> kwargs) {
        Args a = new Args(name, args, kwargs);
        Object fallback = a.get(0, "default_value", "");
        boolean onFalse = a.flag(1, "boolean", false) || kwargs != null && a.flag(-1, "truthy", false);
        if (var == null || onFalse && !ObjectTruthValue.evaluate(var)) {
            return fallback;
        }
        return var;
    }
}
