package io.brine.states.internal.jinja.filters;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.filter.Filter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Jinja's filters over a dict work on its keys, as Python iterates a dict: {@code {'b': 2, 'a': 1} | sort} is
 * {@code ['a', 'b']}, and {@code | join(',')} is {@code b,a}. Jinjava's worked on the values ({@code sort} gave
 * {@code [1, 2]}) or on the dict as one item ({@code list}). Each filter here is the one registered before, given the
 * keys in the dict's order instead of the dict; anything else passes through untouched.
 */
final class DictKeys implements Filter {
    /** The filters of Jinja that iterate their input. {@code first} and {@code last}: {@link FirstLastFilter}. */
    private static final List<String> ITERATING = List.of("sort", "list", "join", "reverse", "unique", "map",
            "select", "reject", "selectattr", "rejectattr", "batch", "slice", "random");

    private final Filter wrapped;

    private DictKeys(Filter wrapped) {
        this.wrapped = wrapped;
    }

    /** Wraps each iterating filter {@code global} has now; call after every other filter is registered. */
    static void wrapIn(Context global) {
        for (String name : ITERATING) {
            Filter f = global.getFilter(name);
            if (f != null) {
                global.registerFilter(new DictKeys(f));
            }
        }
    }

    @Override
    public String getName() {
        return wrapped.getName();
    }

    @Override
    public Object filter(Object var, JinjavaInterpreter interpreter, String... args) {
        return wrapped.filter(keys(var), interpreter, args);
    }

    @Override
    public Object filter(Object var, JinjavaInterpreter interpreter, Object[] args, Map<String, Object> kwargs) {
        return wrapped.filter(keys(var), interpreter, args, kwargs);
    }

    private static Object keys(Object var) {
        return var instanceof Map<?, ?> map ? new ArrayList<>(map.keySet()) : var;
    }
}
