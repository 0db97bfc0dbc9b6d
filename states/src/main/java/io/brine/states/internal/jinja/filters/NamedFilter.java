package io.brine.states.internal.jinja.filters;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.filter.Filter;
import io.brine.states.internal.jinja.PlainData;
import java.util.Map;

/**
 * A filter given as a name and a function of the value and its arguments. Whatever the function returns is
 * copied to plain data, so no filter can hand a template an object with methods of its own.
 */
final class NamedFilter implements Filter {
    interface Body {
        Object apply(Object value, Args args);
    }

    private final String name;
    private final Body body;

    NamedFilter(String name, Body body) {
        this.name = name;
        this.body = body;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public Object filter(Object var, JinjavaInterpreter interpreter, Object[] args, Map<String, Object> kwargs) {
        return PlainData.copy(body.apply(var, new Args(name, args, kwargs)));
    }

    @Override
    public Object filter(Object var, JinjavaInterpreter interpreter, String... args) {
        return filter(var, interpreter, args, Map.of());
    }
}
