package io.brine.states.internal.jinja.python;

import com.hubspot.jinjava.el.ext.NamedParameter;
import com.hubspot.jinjava.objects.collections.PyList;
import io.brine.states.internal.jinja.PyNone;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import jinjava.javax.el.ELException;

/**
 * The methods of Python's {@code list} on every list a template sees or builds, as formulas call them under
 * {@code {% do %}}: {@code {% do acl.insert(3, '') %}}. Indexes count from the end when negative and are clamped
 * where Python clamps them; a method that returns nothing in Python returns None (see {@link DictMethods}). A tuple
 * has only {@code index} and {@code count}; the rest fail as Jinja fails on a tuple.
 */
final class ListMethods {
    private ListMethods() {}

    private static final Set<String> NAMES = Set.of("append", "extend", "insert", "pop", "remove",
            "index", "count", "reverse", "sort", "copy", "clear");

    /** The result, or empty when {@code name} is not a list method. */
    @SuppressWarnings("unchecked")
    static Optional<Object> call(List<?> list, String name, Object[] args) {
        if (!NAMES.contains(name)) {
            return Optional.empty();
        }
        if (PythonText.isTuple(list) && changes(name)) {
            throw new ELException("'tuple object' has no attribute '" + name + "'");
        }
        if (!"sort".equals(name) && java.util.Arrays.stream(args).anyMatch(NamedParameter.class::isInstance)) {
            throw new ELException("TypeError: list." + name + "() takes no keyword arguments");
        }
        List<Object> l = (List<Object>) list;
        Object result = switch (name) {
            case "append" -> {
                l.add(args[0]);
                yield null;
            }
            case "extend" -> {
                l.addAll(items(args[0]));
                yield null;
            }
            case "insert" -> {
                l.add(clamp(integer(args[0]), l.size()), args[1]);
                yield null;
            }
            case "pop" -> pop(l, args);
            case "remove" -> remove(l, args[0]);
            case "index" -> index(l, args);
            case "count" -> l.stream().filter(item -> PythonEquality.equal(item, args[0])).count();
            case "reverse" -> {
                java.util.Collections.reverse(l);
                yield null;
            }
            case "sort" -> sort(l, args);
            case "copy" -> new PyList(new ArrayList<>(l));
            default -> { // clear
                l.clear();
                yield null;
            }
        };
        return Optional.of(result == null ? PyNone.NONE : result); // None for what Python's method returns None
    }

    private static boolean changes(String name) {
        return !"index".equals(name) && !"count".equals(name) && !"copy".equals(name);
    }

    private static Object pop(List<Object> l, Object[] args) {
        if (l.isEmpty()) {
            throw new ELException("IndexError: pop from empty list");
        }
        long i = args.length > 0 ? integer(args[0]) : -1;
        long at = i < 0 ? i + l.size() : i;
        if (at < 0 || at >= l.size()) {
            throw new ELException("IndexError: pop index out of range");
        }
        return l.remove((int) at);
    }

    private static Object remove(List<Object> l, Object value) {
        for (int i = 0; i < l.size(); i++) {
            if (PythonEquality.equal(l.get(i), value)) {
                l.remove(i);
                return null;
            }
        }
        throw new ELException("ValueError: list.remove(x): x not in list, x = " + PythonText.repr(value));
    }

    private static int index(List<Object> l, Object[] args) {
        int start = args.length > 1 ? clamp(integer(args[1]), l.size()) : 0;
        int end = args.length > 2 ? clamp(integer(args[2]), l.size()) : l.size();
        for (int i = start; i < end; i++) {
            if (PythonEquality.equal(l.get(i), args[0])) {
                return i;
            }
        }
        throw new ELException("ValueError: " + PythonText.repr(args[0]) + " is not in list");
    }

    /** {@code sort(key=None, reverse=False)}, stable as Python's; a key function is refused (see the message). */
    private static Object sort(List<Object> l, Object[] args) {
        boolean reverse = false;
        for (Object arg : args) {
            if (!(arg instanceof NamedParameter p)) {
                throw new ELException("TypeError: sort() takes no positional arguments");
            }
            if ("reverse".equals(p.getName())) {
                reverse = com.hubspot.jinjava.util.ObjectTruthValue.evaluate(p.getValue());
            } else if (!"key".equals(p.getName()) || !isNone(p.getValue())) {
                throw new ELException("list.sort(" + p.getName() + "=...) is not supported: "
                        + "sort with key=None, or use the sort filter (sort(attribute=...))");
            }
        }
        Comparator<Object> order = ListMethods::compare;
        l.sort(reverse ? order.reversed() : order);
        return null;
    }

    /** Python's {@code <} between two items of a list being sorted: numbers, strings, or lists of them. */
    private static int compare(Object a, Object b) {
        if (isNumber(a) && isNumber(b)) {
            return PythonEquality.compareNumbers(a, b);
        }
        if (a instanceof CharSequence x && b instanceof CharSequence y) {
            return x.toString().compareTo(y.toString());
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
                if (!PythonEquality.equal(x.get(i), y.get(i))) {
                    return compare(x.get(i), y.get(i));
                }
            }
            return Integer.compare(x.size(), y.size());
        }
        throw new ELException("TypeError: '<' not supported between instances of '" + Undefined.pythonType(a)
                + "' and '" + Undefined.pythonType(b) + "'");
    }

    private static boolean isNumber(Object v) {
        return v instanceof Boolean || v instanceof Number;
    }

    private static boolean isNone(Object v) {
        return v == null || v == PyNone.NONE;
    }

    /** What {@code extend} takes: any iterable, as Python's {@code list(x)} reads it. */
    static List<Object> items(Object iterable) {
        List<Object> out = new ArrayList<>();
        if (iterable instanceof Map<?, ?> map) {
            out.addAll(map.keySet());
        } else if (iterable instanceof CharSequence s) {
            s.toString().codePoints().forEach(c -> out.add(new String(Character.toChars(c))));
        } else if (iterable instanceof Iterable<?> items) {
            items.forEach(out::add);
        } else {
            throw new ELException("TypeError: '" + Undefined.pythonType(iterable)
                    + "' object is not iterable");
        }
        return out;
    }

    /** A Python index into a list of {@code size} items, from the end when negative, clamped to 0..size. */
    private static int clamp(long i, int size) {
        long at = i < 0 ? i + size : i;
        return (int) Math.max(0, Math.min(at, size));
    }

    /** Python's index argument: an int or a bool, never a float. */
    private static long integer(Object o) {
        if (o instanceof Boolean b) {
            return b ? 1 : 0;
        }
        if (o instanceof Integer || o instanceof Long || o instanceof Short) {
            return ((Number) o).longValue();
        }
        throw new ELException("TypeError: '" + Undefined.pythonType(o)
                + "' object cannot be interpreted as an integer");
    }
}
