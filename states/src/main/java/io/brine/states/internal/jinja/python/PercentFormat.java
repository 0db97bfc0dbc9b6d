package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.objects.collections.PyList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Python's printf-style {@code template % values}: one value, a tuple of values, or a dict for {@code %(name)s}.
 * Each conversion is {@code %[(name)][flags][width][.precision]type} with the flags {@code -+ 0#} and the types
 * {@code s r a d i u x X o c f F e E %}; {@link PercentConversion} turns one value into text.
 */
final class PercentFormat {
    private PercentFormat() {}

    static String format(String template, Object values) {
        List<Object> args = arguments(values);
        Map<?, ?> mapping = values instanceof Map<?, ?> map ? map : null;
        StringBuilder out = new StringBuilder();
        int next = 0;
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i++);
            if (c != '%') {
                out.append(c);
                continue;
            }
            PercentSpec spec = PercentSpec.parse(template, i);
            i = spec.end();
            if (spec.type() == '%') {
                out.append('%');
                continue;
            }
            Object value;
            if (spec.key() != null) {
                if (mapping == null) {
                    throw new IllegalArgumentException("format requires a mapping");
                }
                if (!mapping.containsKey(spec.key())) {
                    throw new IllegalArgumentException("format: no key '" + spec.key().replace('%', '?') + "' in the mapping");
                }
                value = mapping.get(spec.key());
            } else {
                if (next >= args.size()) {
                    throw new IllegalArgumentException("not enough arguments for format string");
                }
                value = args.get(next++);
            }
            out.append(PercentConversion.convert(spec, value));
        }
        if (next < args.size() && mapping == null) {
            throw new IllegalArgumentException("not all arguments converted during string formatting");
        }
        return out.toString();
    }

    private static List<Object> arguments(Object values) {
        if (values instanceof PyList list && PythonText.isTuple(list)) {
            return list.toList();
        }
        if (values instanceof Map.Entry<?, ?> pair) { // a dict's items() are (key, value) tuples
            return List.of(pair.getKey(), pair.getValue());
        }
        List<Object> one = new ArrayList<>();
        one.add(values);
        return one;
    }
}
