package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.el.ext.NamedParameter;
import com.hubspot.jinjava.objects.collections.PyList;
import io.brine.states.internal.jinja.PyNone;
import io.brine.states.internal.jinja.TemplateDict;
import java.util.ArrayList;
import java.util.Map;
import java.util.Optional;

/**
 * The methods of Python's {@code dict} that formulas call, on every dict a template sees or builds
 * ({@code {% set d = {} %}{% do d.update({'a': 1}) %}}). A method that returns nothing in Python returns None
 * here, because Jinjava takes Java's null for an undefined value and strict rendering would refuse it.
 */
final class DictMethods {
    private DictMethods() {}

    @SuppressWarnings("unchecked")
    static Optional<Object> call(Map<?, ?> dict, String name, Object[] args) {
        Map<Object, Object> d = (Map<Object, Object>) dict;
        return Optional.ofNullable(switch (name) {
            case "get" -> get(d, args);
            case "setdefault" -> {
                Object fallback = args.length > 1 ? args[1] : PyNone.NONE;
                yield d.containsKey(key(args[0])) ? d.get(key(args[0])) : put(d, args[0], fallback);
            }
            case "update" -> update(d, args);
            case "items" -> new PyList(new ArrayList<>(d.entrySet()));
            case "keys" -> new PyList(new ArrayList<>(d.keySet()));
            case "values" -> new PyList(new ArrayList<>(d.values()));
            case "pop" -> pop(d, args);
            case "copy" -> new TemplateDict((Map<String, Object>) (Map<?, ?>) d);
            case "clear" -> {
                d.clear();
                yield PyNone.NONE;
            }
            default -> null;
        });
    }

    private static Object get(Map<Object, Object> d, Object[] args) {
        Object fallback = args.length > 1 ? args[1] : PyNone.NONE;
        if ((Map<?, ?>) d instanceof TemplateDict dict) {
            return dict.get(args[0], fallback); // keeps pillar.get('a:b') walking nested dicts
        }
        Object key = key(args[0]);
        return d.containsKey(key) ? d.get(key) : fallback;
    }

    private static Object put(Map<Object, Object> d, Object key, Object value) {
        d.put(key(key), value);
        return value;
    }

    private static Object update(Map<Object, Object> d, Object[] args) {
        for (Object arg : args) {
            if (arg instanceof NamedParameter p) {
                d.put(p.getName(), p.getValue());
            } else if (arg instanceof Map<?, ?> other) {
                if (other == d) {
                    continue;
                }
                other.forEach((k, v) -> d.put(key(k), v));
            } else {
                throw new IllegalArgumentException("dict.update takes a dict, not " + PythonText.repr(arg));
            }
        }
        return PyNone.NONE;
    }

    private static Object pop(Map<Object, Object> d, Object[] args) {
        Object key = key(args[0]);
        if (d.containsKey(key)) {
            return d.remove(key);
        }
        if (args.length > 1) {
            return args[1];
        }
        throw new IllegalArgumentException("KeyError: " + PythonText.repr(args[0]));
    }

    /** Template dicts have string keys, as they do when they come from YAML pillar. */
    private static Object key(Object key) {
        return key instanceof CharSequence ? key.toString() : key;
    }
}
